import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  ConnectionError,
  InvalidRequestError,
  NotFoundError,
  RateLimitError,
  ServerError,
  TimeoutError,
  errorFromResponse,
} from '../src/errors.js';

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
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(status);
    expect(error.name).toBe(Class.kind);
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
    expect(errorFromResponse(400, headers(), '{"type":"invalid_request_error","errors":{}}').body).toEqual({ type: 'invalid_request_error', errors: {} });
    expect(errorFromResponse(500, headers(), '{"message":"down"}').body).toEqual({ message: 'down' });
    expect(errorFromResponse(500, headers(), '[1]').body).toEqual([1]);
    expect(errorFromResponse(500, headers(), 'oops').body).toBeUndefined();
  });

  it('redacts given secrets the server echoed, everywhere in the error', () => {
    const secret = 'sk_live_0123456789';
    for (const body of [`Authorization: Bearer ${secret}`, JSON.stringify({ type: 'api_error', echo: secret, errors: { token: [secret] } })]) {
      const error = errorFromResponse(500, headers(), body, undefined, [secret]);
      for (const shown of [error.message, String(error), JSON.stringify(error), inspect(error, { showHidden: true, depth: 10 }), String(JSON.stringify(error.body))]) {
        expect(shown).not.toContain(secret);
      }
    }
    expect(errorFromResponse(500, headers(), `token ${secret}`, undefined, [secret]).rawBody).toBe('token [redacted]');
  });

  it('ignores non-string messages in errors and poison keys', () => {
    const error = errorFromResponse(400, headers(), '{"type":"t","errors":{"a":[1,"ok"],"__proto__":["x"],"b":"single"}}');
    expect(error.errors).toEqual({ a: ['ok'], b: ['single'] });
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });

  it('RateLimitError has retryAfter in seconds', () => {
    const error = errorFromResponse(429, headers({ 'retry-after': '7' }), '{}', 7);
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

  it('instanceof works across copies of the class (dual package)', () => {
    const foreign = Object.defineProperty(new Error('x'), Symbol.for('@commerce-kit/api-client.error-kinds'), {
      value: ['ApiError', 'ServerError'],
    });
    expect(foreign).toBeInstanceOf(ServerError);
    expect(foreign).toBeInstanceOf(ApiError);
  });

  it('util.inspect shows a compact line without headers', () => {
    const error = errorFromResponse(401, headers({ 'set-cookie': 'session=secret', 'request-id': 'r1' }), '{"type":"authentication_error"}');
    const shown = inspect(error);
    expect(shown).toContain('AuthenticationError [401 authentication_error requestId=r1]');
    expect(shown).not.toContain('secret');
  });
});

describe('OAuthError from the main entry', () => {
  it('is the same class as the one of the oauth entry', async () => {
    const main = await import('../src/index.js');
    const oauth = await import('../src/oauth/index.js');
    expect(main.OAuthError).toBe(oauth.OAuthError);
    expect(new oauth.OAuthError({ error: 'invalid_grant' })).toBeInstanceOf(main.OAuthError);
  });
});
