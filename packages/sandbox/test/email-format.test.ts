// The sandbox checks `email` with the API's one email format (RFC 5321's Mailbox), over HTTP: what the
// precompiled validators accept it stores and answers with, what is clearly not an address is a 400.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { invalidEmailAddress, validEmailAddress } from '../../../tools/testing/email-addresses.mjs';
import { api, start } from './support/start.js';

type Sandbox = Awaited<ReturnType<typeof start>>;

async function send(
  sandbox: Sandbox,
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await api(sandbox, path, {
    method,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const person = { first_name: 'Ada', last_name: 'Lovelace' };

describe('email addresses over HTTP', () => {
  test('POST /customers with a@localhost is a 201; the customer reads back with it', async () => {
    // onResponseMismatch: 'error' (start's default): a response the spec refuses would be a 500.
    const sandbox = await start();
    const created = await send(sandbox, 'POST', '/customers', { ...person, email: 'a@localhost' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ ...person, email: 'a@localhost' });
    const read = await api(sandbox, `/customers/${String(created.body['id'])}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ email: 'a@localhost' });
  });

  test('PUT /customers/{id} with 0@com is a 201', async () => {
    const sandbox = await start();
    const created = await send(sandbox, 'POST', '/customers', { ...person, email: 'ada@example.com' });
    const updated = await send(sandbox, 'PUT', `/customers/${String(created.body['id'])}`, { email: '0@com' });
    expect(updated.status, JSON.stringify(updated.body)).toBe(201);
    expect(updated.body['email']).toBe('0@com');
  });

  test('property: every RFC 5321 mailbox is accepted and stored as sent', async () => {
    const sandbox = await start({ rateLimit: 0 });
    await fc.assert(
      fc.asyncProperty(validEmailAddress, async (email) => {
        const { status, body } = await send(sandbox, 'POST', '/customers', { ...person, email });
        expect(status, `${JSON.stringify(email)}: ${JSON.stringify(body)}`).toBe(201);
        expect(body['email']).toBe(email);
      }),
      { numRuns: 100 },
    );
  });

  test('property: a string that is clearly not an address is a 400 naming email', async () => {
    const sandbox = await start({ rateLimit: 0 });
    await fc.assert(
      fc.asyncProperty(invalidEmailAddress, async (email) => {
        const { status, body } = await send(sandbox, 'POST', '/customers', { ...person, email });
        expect(status, JSON.stringify(email)).toBe(400);
        expect(body).toEqual({ type: 'invalid_request_error', errors: { email: ['is not a valid email address'] } });
      }),
      { numRuns: 100 },
    );
  });
});
