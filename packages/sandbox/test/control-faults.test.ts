// Faults on demand: status answers, delays, dropped connections, latency; matching and listing.
import { describe, expect, test } from 'vitest';
import { waitFor } from '../../../tools/testing/wait-for.mjs';
import { SandboxControlError } from '../src/index.js';
import { ManualClock } from '../src/testing/index.js';
import { api, controlFetch, start } from './support/start.js';

const json = { 'content-type': 'application/json' };

describe('status faults', () => {
  test('the next N requests answer 429 with Retry-After, then the API answers again; listed while active', async () => {
    const sandbox = await start();
    const fault = sandbox.faults.add({ type: 'status', status: 429, retryAfter: 7, count: 2 });
    expect(fault).toMatchObject({
      id: expect.stringMatching(/^flt_/),
      type: 'status',
      status: 429,
      retryAfter: 7,
      remaining: 2,
    });
    for (const remaining of [1, 0]) {
      const response = await api(sandbox, '/customers');
      expect(response.status).toBe(429);
      expect(response.headers.get('retry-after')).toBe('7');
      expect(await response.json()).toMatchObject({
        type: 'rate_limit_error',
        errors: { rate_limit: [expect.stringContaining('injected')] },
      });
      expect(sandbox.faults.list().map((f) => f.remaining)).toEqual(remaining === 0 ? [] : [remaining]);
    }
    expect((await api(sandbox, '/customers')).status).toBe(200);
  });

  test.each([500, 503] as const)(
    '%i answers the documented error body (the response check passes it)',
    async (status) => {
      const sandbox = await start();
      sandbox.faults.add({ type: 'status', status });
      const response = await api(sandbox, '/products');
      expect(response.status).toBe(status);
      expect(await response.json()).toMatchObject({
        type: 'api_error',
        errors: { server: [expect.stringContaining(String(status))] },
      });
    },
  );

  test('a fault matches its method, path pattern and token only; the oldest matching one applies first', async () => {
    const sandbox = await start();
    sandbox.faults.add({ type: 'status', status: 503, method: 'POST', path: '/customers' });
    sandbox.faults.add({ type: 'status', status: 500, path: '/customers/*' });
    sandbox.faults.add({ type: 'status', status: 429, token: 'another-token' });
    expect((await api(sandbox, '/customers')).status).toBe(200); // GET: the POST fault does not match
    expect((await api(sandbox, '/orders')).status).toBe(200);
    expect((await api(sandbox, '/customers/cus_x')).status).toBe(500);
    expect((await api(sandbox, '/customers', { method: 'POST', headers: json, body: '{}' })).status).toBe(503);
    // The third fault waits for its token: the list shows it masked.
    const [left] = sandbox.faults.list();
    expect(left).toMatchObject({ status: 429, token: '…oken' });
    expect(JSON.stringify(sandbox.faults.list())).not.toContain('another-token');
    expect((await api(sandbox, '/customers', { headers: { authorization: 'Bearer another-token' } })).status).toBe(429);
    expect(sandbox.faults.list()).toEqual([]);
  });

  test('an injected answer is sent as asked, even where the spec documents no such status (the consent page)', async () => {
    const sandbox = await start(); // onResponseMismatch: 'error' would turn an undocumented reply into a 500
    sandbox.faults.add({ type: 'status', status: 503, path: '/oauth/*' });
    expect((await fetch(`${sandbox.url}/oauth/connect/authorize?response_type=code`)).status).toBe(503);
  });

  test('faults apply to the platform API only, not to the control API', async () => {
    const sandbox = await start();
    sandbox.faults.add({ type: 'status', status: 500, count: 5 });
    expect((await controlFetch(sandbox.url, `/_sandbox/faults`)).status).toBe(200);
    expect(sandbox.faults.list()[0]!.remaining).toBe(5);
  });
});

describe('delays, latency and dropped connections', () => {
  test('a delay fault holds the answer for delayMs on the sandbox clock', async () => {
    const clock = new ManualClock('2025-01-01T00:00:00Z');
    const sandbox = await start({ clock });
    sandbox.faults.add({ type: 'delay', delayMs: 800 });
    const pending = api(sandbox, '/customers');
    // The request waits on the sandbox clock, which moves only when told: until then it cannot be answered.
    await waitFor(() => clock.pending === 1);
    await clock.advance(799);
    expect(clock.pending).toBe(1); // still held, 1 ms short
    await clock.advance(1);
    expect((await pending).status).toBe(200);
  });

  test('the global latency delays every API request until set back to 0', async () => {
    const clock = new ManualClock('2025-01-01T00:00:00Z');
    const sandbox = await start({ clock });
    sandbox.faults.setLatency(250);
    expect(sandbox.faults.latencyMs).toBe(250);
    const requests = [api(sandbox, '/customers'), api(sandbox, '/orders')];
    await waitFor(() => clock.pending === 2); // both wait on the sandbox clock
    await clock.advance(249);
    expect(clock.pending).toBe(2);
    await clock.advance(1);
    expect((await Promise.all(requests)).map((r) => r.status)).toEqual([200, 200]);
    sandbox.faults.setLatency(0);
    expect((await api(sandbox, '/customers')).status).toBe(200);
  });

  test('a drop fault closes the connection without an answer', async () => {
    const sandbox = await start();
    sandbox.faults.add({ type: 'drop', path: '/orders' });
    await expect(api(sandbox, '/orders')).rejects.toThrow();
    expect((await api(sandbox, '/orders')).status).toBe(200);
  });
});

describe('the control API for faults', () => {
  test('POST, GET, DELETE /_sandbox/faults and PUT /_sandbox/latency, in snake_case', async () => {
    const sandbox = await start();
    const created = await controlFetch(sandbox.url, `/_sandbox/faults`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        type: 'status',
        status: 429,
        retry_after: 2,
        count: 3,
        method: 'GET',
        path: '/customers*',
      }),
    });
    expect(created.status).toBe(201);
    const fault = (await created.json()) as { id: string };
    expect(fault).toMatchObject({
      type: 'status',
      status: 429,
      retry_after: 2,
      remaining: 3,
      method: 'GET',
      path: '/customers*',
      token: null,
    });
    const listed = await (await controlFetch(sandbox.url, `/_sandbox/faults`)).json();
    expect(listed).toEqual({ latency_ms: 0, data: [fault] });
    expect((await controlFetch(sandbox.url, `/_sandbox/faults/${fault.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await controlFetch(sandbox.url, `/_sandbox/faults/${fault.id}`, { method: 'DELETE' })).status).toBe(404);
    const latency = await controlFetch(sandbox.url, `/_sandbox/latency`, {
      method: 'PUT',
      headers: json,
      body: '{"latency_ms":5}',
    });
    expect(await latency.json()).toEqual({ latency_ms: 5 });
    sandbox.faults.add({ type: 'drop' });
    expect((await controlFetch(sandbox.url, `/_sandbox/faults`, { method: 'DELETE' })).status).toBe(204);
    expect(sandbox.faults.list()).toEqual([]);
    expect(sandbox.faults.latencyMs).toBe(5);
  });

  test.each([
    [{}, 'type'],
    [{ type: 'status' }, 'status'],
    [{ type: 'status', status: 404 }, 'status'],
    [{ type: 'status', status: 500, retry_after: 3 }, 'retry_after'],
    [{ type: 'delay' }, 'delay_ms'],
    [{ type: 'delay', delay_ms: 60_001 }, 'delay_ms'],
    [{ type: 'drop', count: 0 }, 'count'],
    [{ type: 'drop', method: 'FETCH' }, 'method'],
    [{ type: 'drop', path: 'customers' }, 'path'],
    [{ type: 'drop', colour: 'red' }, 'colour'],
  ])('the fault %j is refused naming %s', async (body, field) => {
    const sandbox = await start();
    const response = await controlFetch(sandbox.url, `/_sandbox/faults`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(answer.errors)).toEqual([field]);
  });

  test('the JavaScript API refuses a bad fault with SandboxControlError (camelCase field names)', async () => {
    const sandbox = await start();
    const error = (() => {
      try {
        sandbox.faults.add({ type: 'delay' } as never);
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(SandboxControlError);
    expect(error).toMatchObject({ reason: 'invalid', field: 'delayMs' });
    expect(() => sandbox.faults.setLatency(-1)).toThrow(SandboxControlError);
  });
});
