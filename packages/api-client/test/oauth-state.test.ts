// `state` and `nonce` of buildAuthorizeUrl: RFC 6749's alphabet (printable ASCII, %x20-7E), 1 to 1024
// characters, sent so that the server reads back exactly what was given.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiClientConfigurationError } from '../src/index.js';
import { buildAuthorizeUrl, REQUIRED_SCOPES, verifyState, type AuthorizeUrlOptions } from '../src/oauth/index.js';
import { generateState } from '../src/oauth/state.js';

const BASE: AuthorizeUrlOptions = {
  baseUrl: 'https://api.example.com',
  clientId: 'client_1',
  redirectUri: 'https://app.example.com/callback',
  scopes: REQUIRED_SCOPES,
};

/** Every printable ASCII character, space and `~` included. */
const printable = fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code));
/** A UTF-16 code unit outside %x20-7E: C0 controls, DEL, and anything beyond ASCII (lone surrogates too). */
const outside = fc
  .oneof(fc.integer({ min: 0, max: 0x1f }), fc.constant(0x7f), fc.integer({ min: 0x80, max: 0xffff }))
  .map((code) => String.fromCharCode(code));

function refusal(options: AuthorizeUrlOptions): Error {
  try {
    buildAuthorizeUrl(options);
  } catch (error) {
    return error as Error;
  }
  throw new Error('buildAuthorizeUrl accepted it');
}

describe.each(['state', 'nonce'] as const)('%s', (name) => {
  const sent = (value: string): string | null =>
    new URL(buildAuthorizeUrl({ ...BASE, [name]: value }).url).searchParams.get(name);

  it('any printable ASCII string of 1 to 1024 characters is sent as given, and read back unchanged', () => {
    fc.assert(
      fc.property(fc.string({ unit: printable, minLength: 1, maxLength: 1024 }), (value) => {
        expect(sent(value)).toBe(value);
      }),
      { numRuns: 300 },
    );
  });

  it('the characters a URL treats specially survive: space, +, %, &, #, =, ?, /, quotes, backslash', () => {
    for (const value of [
      ' ',
      '+',
      '%20',
      'a&b=c',
      '#frag',
      '?x=/y',
      `'"\\`,
      ' leading and trailing ',
      '~!@$^*()[]{}|;:,.<>`',
    ]) {
      expect(sent(value)).toBe(value);
    }
    expect(sent('x'.repeat(1024))).toBe('x'.repeat(1024));
  });

  it('a string holding any character outside %x20-7E is refused, naming the option and not the value', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: printable, maxLength: 40 }),
        outside,
        fc.string({ unit: printable, maxLength: 40 }),
        (before, bad, after) => {
          const error = refusal({ ...BASE, [name]: `${before}${bad}${after}` });
          expect(error).toBeInstanceOf(ApiClientConfigurationError);
          expect(error.message).toBe(`${name} must be 1 to 1024 printable ASCII characters (space to ~)`);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('more than 1024 characters, an empty string or a non-string is refused', () => {
    fc.assert(
      fc.property(fc.string({ unit: printable, minLength: 1025, maxLength: 4096 }), (value) => {
        expect(refusal({ ...BASE, [name]: value })).toBeInstanceOf(ApiClientConfigurationError);
      }),
      { numRuns: 50 },
    );
    for (const value of ['', 42, null, ['a']]) {
      expect(refusal({ ...BASE, [name]: value as never })).toBeInstanceOf(ApiClientConfigurationError);
    }
    expect(refusal({ ...BASE, [name]: 'visible-secret\u0000' }).message).not.toContain('visible-secret');
  });
});

describe('state and nonce defaults', () => {
  it('without a state, 32 random letters and digits are sent; without a nonce, none is', () => {
    const { url, state } = buildAuthorizeUrl(BASE);
    expect(state).toMatch(/^[A-Za-z0-9]{32}$/);
    const params = new URL(url).searchParams;
    expect(params.get('state')).toBe(state);
    expect(params.has('nonce')).toBe(false);
  });

  it('a given state is returned as the state to keep', () => {
    expect(buildAuthorizeUrl({ ...BASE, state: 'Qm9v dHN0+cmFw/U3Rh_dGUx-~.' }).state).toBe(
      'Qm9v dHN0+cmFw/U3Rh_dGUx-~.',
    );
  });

  it('generateState makes a valid nonce too', () => {
    const nonce = generateState();
    expect(new URL(buildAuthorizeUrl({ ...BASE, nonce }).url).searchParams.get('nonce')).toBe(nonce);
  });

  it('verifyState matches any printable state read back from the callback URL', () => {
    fc.assert(
      fc.property(fc.string({ unit: printable, minLength: 1, maxLength: 200 }), (value) => {
        const { url, state } = buildAuthorizeUrl({ ...BASE, state: value });
        const callback = new URL(
          `https://app.example.com/callback?code=c&${new URLSearchParams({ state: new URL(url).searchParams.get('state') ?? '' })}`,
        );
        expect(verifyState(state, callback.searchParams.get('state'))).toBe(true);
        expect(verifyState(state, `${value}x`)).toBe(false);
      }),
    );
  });
});
