// The API client against the sandbox, end to end over loopback HTTP.
import { createClient, InvalidRequestError, NotFoundError, RateLimitError } from '@commerce-kit/api-client';
import { buildAuthorizeUrl, exchangeCode, refreshAccessToken } from '@commerce-kit/api-client/oauth';
import { ManualClock } from '../src/testing/index.js';
import { describe, expect, test } from 'vitest';
import { ALL_SCOPES, consent } from './support/oauth.js';
import { start } from './support/start.js';

describe('the api-client against the sandbox', () => {
  test('OAuth code flow over HTTP: authorize, consent, code + state, token exchange, API call, refresh', async () => {
    const sandbox = await start();
    const { url: authorizeUrl, state } = buildAuthorizeUrl({
      baseUrl: sandbox.url,
      clientId: sandbox.app.clientId,
      redirectUri: sandbox.app.redirectUri,
      scopes: [...ALL_SCOPES],
    });
    const redirect = await consent(sandbox, authorizeUrl, 'allow');
    expect(`${redirect.origin}${redirect.pathname}`).toBe(sandbox.app.redirectUri);
    expect(redirect.searchParams.get('state')).toBe(state);
    const code = redirect.searchParams.get('code');
    expect(code).toMatch(/^code_/);

    const tokens = await exchangeCode({
      baseUrl: sandbox.url,
      clientId: sandbox.app.clientId,
      clientSecret: sandbox.app.clientSecret,
      clientAuth: 'basic',
      code: code!,
      redirectUri: sandbox.app.redirectUri,
    });
    expect(tokens.refreshToken).toBeDefined();
    expect(tokens.idToken).toBeDefined();

    const client = createClient({ baseUrl: sandbox.url, accessToken: tokens.accessToken, maxRetries: 0 });
    const page = await client.customers.list({ limit: 2 });
    expect(page.data).toHaveLength(2);

    const refreshed = await refreshAccessToken({
      baseUrl: sandbox.url,
      clientId: sandbox.app.clientId,
      clientSecret: sandbox.app.clientSecret,
      refreshToken: tokens.refreshToken!,
    });
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    const again = createClient({ baseUrl: sandbox.url, accessToken: refreshed.accessToken, maxRetries: 0 });
    expect((await again.customers.list({ limit: 1 })).data).toHaveLength(1);
  });

  test('create -> read -> update -> delete with 201, 200, 201, 204; then 404', async () => {
    const sandbox = await start();
    const client = createClient({ baseUrl: sandbox.url, accessToken: sandbox.app.accessToken, maxRetries: 0 });
    const created = await client.customers.create({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      company: 'Analytical Engines',
    });
    expect(created).toMatchObject({
      first_name: 'Ada',
      company: 'Analytical Engines',
      delivery_address: null,
      billing_address: null,
    });
    const read = await client.customers.retrieve(created.id);
    expect(read).toEqual(created);
    const updated = await client.customers.update(created.id, {
      email: 'ada@lovelace.example',
      company: null,
      delivery_address: { line1: '12 St James Sq', city: 'London' },
    });
    expect(updated).toEqual({
      ...created,
      email: 'ada@lovelace.example',
      company: null,
      delivery_address: { line1: '12 St James Sq', city: 'London' },
    });
    expect(await client.customers.retrieve(created.id)).toEqual(updated);
    expect(await client.customers.del(created.id)).toBeUndefined();
    await expect(client.customers.retrieve(created.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(client.customers.del(created.id)).rejects.toBeInstanceOf(NotFoundError);

    // The statuses themselves, as the platform document gives them.
    const raw = (method: string, path: string, body?: unknown) =>
      fetch(`${sandbox.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${sandbox.app.accessToken}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const post = await raw('POST', '/customers', { first_name: 'B', last_name: 'C', email: 'b@example.com' });
    expect(post.status).toBe(201);
    const id = ((await post.json()) as { id: string }).id;
    expect((await raw('PUT', `/customers/${id}`, { last_name: 'D' })).status).toBe(201);
    const deleted = await raw('DELETE', `/customers/${id}`);
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
  });

  test('validation errors arrive as InvalidRequestError with the field map', async () => {
    const sandbox = await start();
    const client = createClient({ baseUrl: sandbox.url, accessToken: sandbox.app.accessToken, maxRetries: 0 });
    const error = await client.customers
      .create({ first_name: 'A', last_name: 'B', email: 'not-an-email' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as InvalidRequestError).type).toBe('invalid_request_error');
    expect((error as InvalidRequestError).errors).toEqual({ email: ['is not a valid email address'] });
  });

  test('pagination both ways over every seeded customer', async () => {
    const sandbox = await start({ customers: 95 });
    const client = createClient({ baseUrl: sandbox.url, accessToken: sandbox.app.accessToken, maxRetries: 0 });
    const forward: string[] = [];
    for await (const customer of client.customers.list({ limit: 10 })) forward.push(customer.id);
    expect(forward).toHaveLength(95);
    expect(new Set(forward).size).toBe(95);
    expect(forward).toEqual([...forward].sort()); // seeded ids ascend with created_time

    const last = forward.at(-1)!;
    const back: string[] = [];
    for await (const customer of client.customers.list({ limit: 7, ending_before: last })) back.push(customer.id);
    expect(back).toEqual(forward.slice(0, -1).reverse());
  });

  test('a 429 after 200 requests in a minute, Retry-After from the bucket, and recovery when time passes', async () => {
    const clock = new ManualClock('2025-01-01T00:00:00Z');
    const sandbox = await start({ clock });
    // No client-side counting: the server's limit is under test (the client would otherwise wait before the 201st).
    const client = createClient({
      baseUrl: sandbox.url,
      accessToken: sandbox.app.accessToken,
      maxRetries: 0,
      rateLimit: false,
    });
    for (let i = 0; i < 200; i++) await client.customers.list({ limit: 1 });
    const error = await client.customers.list({ limit: 1 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(1); // one request refills in 0.3 s: 1 whole second
    const raw = await fetch(`${sandbox.url}/customers`, {
      headers: { authorization: `Bearer ${sandbox.app.accessToken}` },
    });
    expect(raw.status).toBe(429);
    expect(raw.headers.get('retry-after')).toBe('1');
    expect(await raw.json()).toMatchObject({ type: 'rate_limit_error' });

    await clock.advance(1_000); // 1 s refills 3.33 requests
    for (let i = 0; i < 3; i++) await client.customers.list({ limit: 1 });
    await expect(client.customers.list({ limit: 1 })).rejects.toBeInstanceOf(RateLimitError);
    await clock.advance(60_000);
    const page = await client.customers.list({ limit: 1 });
    expect(page.data).toHaveLength(1);
  });
});
