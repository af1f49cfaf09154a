import { inspect } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import {
  ApiClientConfigurationError,
  ApiClientError,
  ApiError,
  AuthenticationError,
  ConnectionError,
  InvalidRequestError,
  NotFoundError,
  OAuthError,
  RateLimitError,
  ServerError,
  TimeoutError,
} from '../src/index.js';
import { errorFromResponse } from '../src/errors/error-from-response.js';

const headers = (h: Record<string, string> = {}): Headers => new Headers(h);

describe('errorFromResponse', () => {
  it.each([
    [400, InvalidRequestError],
    [401, AuthenticationError],
    [404, NotFoundError],
    [429, RateLimitError],
    [500, ServerError],
    [503, ServerError],
    [403, ApiError],
  ])('%i gives %O', (status, Class) => {
    const error = errorFromResponse(status, headers(), '{"type":"x"}');
    expect(error).toBeInstanceOf(Class);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(status);
    expect(error.name).toBe(Class.name);
  });

  it('carries type, the errors map, headers and the request id', () => {
    const error = errorFromResponse(
      400,
      headers({ 'request-id': 'req_123' }),
      JSON.stringify({ type: 'invalid_request_error', errors: { email: ['is not a valid email address'] } }),
    );
    expect(error.type).toBe('invalid_request_error');
    expect(error.errors).toEqual({ email: ['is not a valid email address'] });
    expect(error.requestId).toBe('req_123');
    expect(error.headers.get('request-id')).toBe('req_123');
    expect(error.message).toContain('email: is not a valid email address');
    expect(error.rawBody).toBeUndefined();
  });

  it('reads x-request-id too', () => {
    expect(errorFromResponse(500, headers({ 'x-request-id': 'abc' }), '').requestId).toBe('abc');
  });

  it('keeps the raw text of a non-JSON or malformed body', () => {
    for (const body of ['<html>Bad Gateway</html>', '{"type":', '[]', '"str"', '{"errors":"nope"}', '']) {
      const error = errorFromResponse(502, headers(), body);
      expect(error).toBeInstanceOf(ServerError);
      expect(error.rawBody).toBe(body);
      expect(error.type).toBe('api_error');
    }
  });

  it('quotes a bounded one-line excerpt of a non-JSON body in the message', () => {
    const error = errorFromResponse(502, headers(), '<html>\n  <h1>Bad   Gateway</h1>\n</html>');
    expect(error.message).toBe('API request failed with status 502 (api_error): <html> <h1>Bad Gateway</h1> </html>');
    const long = errorFromResponse(500, headers(), 'x'.repeat(5_000));
    expect(long.message.length).toBeLessThan(300);
    expect(long.message.endsWith('…')).toBe(true);
    expect(long.rawBody).toHaveLength(5_000);
    expect(errorFromResponse(500, headers(), '').message).toBe('API request failed with status 500 (api_error)');
  });

  it('keeps the parsed JSON body as body, whatever its shape', () => {
    expect(errorFromResponse(400, headers(), '{"type":"invalid_request_error","errors":{}}').body).toEqual({
      type: 'invalid_request_error',
      errors: {},
    });
    expect(errorFromResponse(500, headers(), '{"message":"down"}').body).toEqual({ message: 'down' });
    expect(errorFromResponse(500, headers(), '[1]').body).toEqual([1]);
    expect(errorFromResponse(500, headers(), 'oops').body).toBeUndefined();
  });

  it('redacts given secrets the server echoed, everywhere in the error', () => {
    const secret = 'sk_live_0123456789';
    for (const body of [
      `Authorization: Bearer ${secret}`,
      JSON.stringify({ type: 'api_error', echo: secret, errors: { token: [secret] } }),
    ]) {
      const error = errorFromResponse(500, headers(), body, { secrets: [secret] });
      for (const shown of [
        error.message,
        String(error),
        JSON.stringify(error),
        inspect(error, { showHidden: true, depth: 10 }),
        String(JSON.stringify(error.body)),
      ]) {
        expect(shown).not.toContain(secret);
      }
    }
    expect(errorFromResponse(500, headers(), `token ${secret}`, { secrets: [secret] }).rawBody).toBe(
      'token [redacted]',
    );
  });

  it('ignores non-string messages in errors, and the dangerous __proto__ key', () => {
    const error = errorFromResponse(
      400,
      headers(),
      '{"type":"t","errors":{"a":[1,"ok"],"__proto__":["x"],"b":"single"}}',
    );
    expect(error.errors).toEqual({ a: ['ok'], b: ['single'] });
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });

  it('RateLimitError has retryAfter in seconds', () => {
    const error = errorFromResponse(429, headers({ 'retry-after': '7' }), '{}', { retryAfterSeconds: 7 });
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(7);
  });
});

describe('client-side errors', () => {
  it('ConnectionError and TimeoutError are ApiErrors with status 0', () => {
    const c = new ConnectionError({ cause: new TypeError('fetch failed') });
    expect(c).toBeInstanceOf(ApiError);
    expect(c.status).toBe(0);
    expect(c.type).toBe('connection_error');
    const t = new TimeoutError(50);
    expect(t).toBeInstanceOf(ApiError);
    expect(t).not.toBeInstanceOf(ConnectionError);
    expect(t.timeoutMs).toBe(50);
    expect(t.message).toContain('50 ms');
  });

  it('subclasses are not instances of their siblings', () => {
    expect(new NotFoundError({ status: 404 })).not.toBeInstanceOf(InvalidRequestError);
    expect(new ApiError({ status: 418 })).not.toBeInstanceOf(ServerError);
    expect({}).not.toBeInstanceOf(ApiError);
  });

  it('instanceof works across two copies of the classes (see dual-build.test.ts for the real ESM and CJS builds)', async () => {
    vi.resetModules();
    const copy = await import('../src/index.js');
    expect(copy.ServerError).not.toBe(ServerError);
    const foreign = new copy.ServerError({ status: 503 });
    expect(foreign).toBeInstanceOf(ServerError);
    expect(foreign).toBeInstanceOf(ApiError);
    expect(foreign).toBeInstanceOf(ApiClientError);
    expect(foreign).not.toBeInstanceOf(NotFoundError);
    expect(new ServerError({ status: 500 })).toBeInstanceOf(copy.ApiError);
  });

  it('one base: every error class of the package is an ApiClientError, and named after its class', () => {
    const errors = [
      new ApiClientConfigurationError('bad option'),
      new ApiError({ status: 418 }),
      new InvalidRequestError({ status: 400 }),
      new RateLimitError({ status: 429 }),
      new ConnectionError(),
      new TimeoutError(5),
      new OAuthError({ error: 'invalid_grant' }),
    ];
    for (const error of errors) {
      expect(error).toBeInstanceOf(ApiClientError);
      expect(error.name).toBe(error.constructor.name);
    }
    expect(new ApiClientConfigurationError('x')).not.toBeInstanceOf(ApiError);
    expect(new OAuthError({ error: 'x' })).not.toBeInstanceOf(ApiError);
  });

  it('util.inspect shows a compact line without headers', () => {
    const error = errorFromResponse(
      401,
      headers({ 'set-cookie': 'session=secret', 'request-id': 'r1' }),
      '{"type":"authentication_error"}',
    );
    const shown = inspect(error);
    expect(shown).toContain('AuthenticationError [401 authentication_error requestId=r1]');
    expect(shown).not.toContain('secret');
  });
});

describe('one entry per symbol', () => {
  it('OAuthError is exported from the main entry only', async () => {
    const oauth: Record<string, unknown> = await import('../src/oauth/index.js');
    expect(oauth['OAuthError']).toBeUndefined();
    expect(oauth['createTokenSession']).toBeUndefined();
  });
});
