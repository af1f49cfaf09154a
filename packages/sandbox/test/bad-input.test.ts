// Bad requests get a 4xx with the documented error body, never a 500 or a stack trace.
import { ROUTES } from '../src/generated/routes.js';
import fc from 'fast-check';
import { request as httpRequest } from 'node:http';
import { describe, expect, test } from 'vitest';
import { api, start } from './support/start.js';

type Sandbox = Awaited<ReturnType<typeof start>>;

async function post(
  sandbox: Sandbox,
  body: BodyInit,
  contentType?: string,
  path = '/customers',
): Promise<{ status: number; body: unknown }> {
  const res = await api(sandbox, path, {
    method: 'POST',
    body,
    headers: contentType ? { 'content-type': contentType } : {},
  });
  const text = await res.text();
  expect(text).not.toMatch(/\n\s+at /); // no stack trace
  return { status: res.status, body: JSON.parse(text) as unknown };
}

const valid = { first_name: 'A', last_name: 'B', email: 'a@example.com' };

describe('bad input', () => {
  test('malformed JSON: 400 naming the body', async () => {
    const sandbox = await start();
    const { status, body } = await post(sandbox, '{"first_name": ', 'application/json');
    expect(status).toBe(400);
    expect(body).toMatchObject({
      type: 'invalid_request_error',
      errors: { body: [expect.stringMatching(/^is not valid JSON/)] },
    });
  });

  test('a body that is not an object, or missing: 400', async () => {
    const sandbox = await start();
    expect(await post(sandbox, '[1]', 'application/json')).toEqual({
      status: 400,
      body: { type: 'invalid_request_error', errors: { body: ['must be object'] } },
    });
    expect(await post(sandbox, '')).toEqual({
      status: 400,
      body: { type: 'invalid_request_error', errors: { body: ['is required: send a JSON object'] } },
    });
  });

  test('wrong content type: 415; a non-UTF-8 charset: 415', async () => {
    const sandbox = await start();
    expect(await post(sandbox, 'first_name=A', 'application/x-www-form-urlencoded')).toEqual({
      status: 415,
      body: {
        type: 'invalid_request_error',
        errors: { 'content-type': ['must be application/json, got application/x-www-form-urlencoded'] },
      },
    });
    expect((await post(sandbox, JSON.stringify(valid), 'application/json; charset=latin1')).status).toBe(415);
    expect((await post(sandbox, JSON.stringify(valid), 'application/json; charset=UTF-8')).status).toBe(201);
    expect((await post(sandbox, JSON.stringify(valid))).status).toBe(415); // fetch sends text/plain
  });

  test('bodies over 1 MiB: 413, whether announced by Content-Length or streamed', async () => {
    const sandbox = await start();
    const big = JSON.stringify({ ...valid, company: 'x'.repeat(1024 * 1024) });
    expect(await post(sandbox, big, 'application/json')).toEqual({
      status: 413,
      body: { type: 'invalid_request_error', errors: { body: ['is larger than the 1 MiB limit'] } },
    });
    // Chunked, no Content-Length: the limit applies while reading.
    const url = new URL(`${sandbox.url}/customers`);
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        url,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${sandbox.app.accessToken}`,
            'content-type': 'application/json',
            'transfer-encoding': 'chunked',
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) =>
        error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
      );
      for (let i = 0; i < 20; i++) req.write('x'.repeat(64 * 1024));
      req.end();
    });
    expect(status).toBe(413);
    // Just under the limit is accepted (and then validated).
    expect(
      (await post(sandbox, JSON.stringify({ ...valid, company: 'x'.repeat(1000 * 1000) }), 'application/json')).status,
    ).toBe(201);
  });

  test('unknown fields are refused by name; a PUT with an unknown field changes nothing', async () => {
    const sandbox = await start();
    expect(await post(sandbox, JSON.stringify({ ...valid, nickname: 'x' }), 'application/json')).toEqual({
      status: 400,
      body: { type: 'invalid_request_error', errors: { nickname: ['is not a known field'] } },
    });
    const id = 'cus_00000000000000000000000001';
    const before = await (await api(sandbox, `/customers/${id}`)).json();
    const put = await api(sandbox, `/customers/${id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"b@example.com","x":1}',
    });
    expect(put.status).toBe(400);
    expect(await (await api(sandbox, `/customers/${id}`)).json()).toEqual(before);
  });

  test('a "__proto__" key is a 400 naming the key (dangerous-key policy: error)', async () => {
    const sandbox = await start();
    const { status, body } = await post(
      sandbox,
      '{"first_name":"A","last_name":"B","email":"a@example.com","delivery_address":{"__proto__":{"x":1}}}',
      'application/json',
    );
    expect(status).toBe(400);
    expect(body).toEqual({
      type: 'invalid_request_error',
      errors: {
        body: ['a "__proto__" key at /delivery_address/__proto__ is not allowed (it could pollute object prototypes)'],
      },
    });
  });

  test('fields named like Object.prototype members are ordinary unknown fields', async () => {
    const sandbox = await start();
    expect(await post(sandbox, '{"toString":[],"constructor":1,"hasOwnProperty":null}', 'application/json')).toEqual({
      status: 400,
      body: {
        type: 'invalid_request_error',
        errors: {
          first_name: ['is required'],
          last_name: ['is required'],
          email: ['is required'],
          toString: ['is not a known field'],
          constructor: ['is not a known field'],
          hasOwnProperty: ['is not a known field'],
        },
      },
    });
    const token = await fetch(`${sandbox.url}/oauth/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'toString=1&grant_type=refresh_token&refresh_token=x',
    });
    expect(token.status).toBe(401); // reached client authentication: "toString" is not a repeated field
  });

  test('invalid UTF-8: 400', async () => {
    const sandbox = await start();
    const bytes = new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]);
    expect(await post(sandbox, bytes, 'application/json')).toEqual({
      status: 400,
      body: { type: 'invalid_request_error', errors: { body: ['is not valid UTF-8'] } },
    });
  });

  test('a missing or wrong bearer token: 401 with the error body', async () => {
    const sandbox = await start();
    for (const authorization of ['', 'Bearer', 'Bearer nope', 'Basic abc', `bearer ${sandbox.app.accessToken}x`]) {
      const res = await fetch(`${sandbox.url}/customers`, { headers: authorization ? { authorization } : {} });
      expect(res.status, authorization).toBe(401);
      const body = (await res.json()) as { type: string; errors: { authorization: string[] } };
      expect(body.type).toBe('authentication_error');
      expect(JSON.stringify(body)).not.toContain(sandbox.app.accessToken);
    }
    expect(
      (await fetch(`${sandbox.url}/customers`, { headers: { authorization: `bearer ${sandbox.app.accessToken}` } }))
        .status,
    ).toBe(200);
  });

  test('an unknown path: 404 with the error body', async () => {
    const sandbox = await start();
    const res = await api(sandbox, '/nothing-here');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      type: 'not_found_error',
      errors: { path: ['no operation at GET /nothing-here'] },
    });
  });

  test('a known path with a method it does not have: 405 with Allow (RFC 9110 §15.5.6), for every path of the spec', async () => {
    const sandbox = await start();
    const byPath = new Map<string, Set<string>>();
    for (const route of ROUTES) {
      const methods = byPath.get(route.path) ?? new Set<string>();
      methods.add(route.method);
      if (route.method === 'GET') methods.add('HEAD');
      byPath.set(route.path, methods);
    }
    for (const [path, allowed] of byPath) {
      const url = path.replace('{id}', 'cus_1');
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].filter((m) => !allowed.has(m))) {
        const res = await api(sandbox, url, { method });
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(new Set(res.headers.get('allow')!.split(', ')), `${method} ${path}`).toEqual(allowed);
        expect(await res.json()).toMatchObject({
          type: 'invalid_request_error',
          errors: { method: [expect.stringContaining(`${method} is not allowed`)] },
        });
      }
    }
    expect((await api(sandbox, '/customers', { method: 'HEAD' })).status).toBe(200);
    expect(
      (await fetch(`${sandbox.url}/.well-known/openid-configuration`, { method: 'POST' })).headers.get('allow'),
    ).toBe('GET, HEAD');
  });

  test('property: any JSON value as a create body is a 201 or a 400, never a 500', async () => {
    const sandbox = await start({ rateLimit: 0 }); // hundreds of requests (runs and shrinking) in well under a minute
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue(),
          fc.record(
            {
              first_name: fc.oneof(fc.string(), fc.integer()),
              last_name: fc.string(),
              email: fc.oneof(fc.emailAddress(), fc.string()),
              company: fc.option(fc.string()),
            },
            { requiredKeys: [] },
          ),
        ),
        async (value) => {
          const { status, body } = await post(sandbox, JSON.stringify(value), 'application/json');
          expect([201, 400]).toContain(status);
          if (status === 400) expect(body).toMatchObject({ type: 'invalid_request_error', errors: expect.any(Object) });
        },
      ),
      { numRuns: 150 },
    );
  });

  test('property: any text as a body is never a 500', async () => {
    const sandbox = await start({ rateLimit: 0 });
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 200 }), async (text) => {
        const { status } = await post(sandbox, text, 'application/json');
        expect(status).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});
