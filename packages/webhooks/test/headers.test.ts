import { describe, expect, it } from 'vitest';
import { CGI_SIGNATURE_HEADER, readSignatureHeader } from '../src/headers.js';
import { SIGNATURE_HEADER } from '../src/index.js';

describe('readSignatureHeader', () => {
  it('exports the documented names', () => {
    expect(SIGNATURE_HEADER).toBe('x-service-signature');
    expect(CGI_SIGNATURE_HEADER).toBe('HTTP_X_SERVICE_SIGNATURE');
  });

  it.each([
    ['Node lower-case headers', { 'x-service-signature': 'sig=', host: 'a' }],
    ['mixed case plain object', { 'X-Service-Signature': 'sig=' }],
    ['upper case plain object', { 'X-SERVICE-SIGNATURE': 'sig=' }],
    ['CGI name', { HTTP_X_SERVICE_SIGNATURE: 'sig=' }],
    ['CGI name, lower case', { http_x_service_signature: 'sig=' }],
    ['Fetch Headers', new Headers({ 'X-Service-Signature': 'sig=' })],
    ['Fetch Headers with the CGI name', new Headers({ HTTP_X_SERVICE_SIGNATURE: 'sig=' })],
    ['a one-element array', { 'x-service-signature': ['sig='] }],
    ['padded with whitespace', { 'x-service-signature': '  sig=  ' }],
    [
      'name/value pairs (HeadersInit)',
      [
        ['X-Service-Signature', 'sig='],
        ['content-type', 'application/json'],
      ] as [string, string][],
    ],
    ['pairs with the CGI name', [['HTTP_X_SERVICE_SIGNATURE', 'sig=']] as [string, string][]],
    ['a Map with mixed-case names', new Map([['X-Service-Signature', 'sig=']])],
  ])('reads the header from %s', (_name, headers) => {
    expect(readSignatureHeader(headers)).toBe('sig=');
  });

  it.each([
    ['an empty object', {}],
    ['an empty value', { 'x-service-signature': '' }],
    ['a blank value', { 'x-service-signature': '   ' }],
    ['undefined', undefined],
    ['null', null],
    ['an unrelated header', { 'x-service-signature-v2': 'sig=' }],
    ['a numeric value', { 'x-service-signature': 5 }],
    ['empty Headers', new Headers()],
  ])('returns undefined for %s', (_name, headers) => {
    expect(readSignatureHeader(headers as never)).toBeUndefined();
  });

  it('joins repeated headers so they fail verification instead of picking one', () => {
    expect(readSignatureHeader({ 'x-service-signature': ['a=', 'b='] })).toBe('a=, b=');
  });

  it('joins repeated pairs so they fail too', () => {
    expect(
      readSignatureHeader([
        ['x-service-signature', 'a='],
        ['X-Service-Signature', 'b='],
      ]),
    ).toBe('a=, b=');
    expect(readSignatureHeader([['content-type', 'x'], ['bogus'] as unknown as [string, string]])).toBeUndefined();
  });

  it('ignores inherited properties', () => {
    const headers = Object.create({ 'x-service-signature': 'inherited=' }) as Record<string, string>;
    expect(readSignatureHeader(headers)).toBeUndefined();
  });
});
