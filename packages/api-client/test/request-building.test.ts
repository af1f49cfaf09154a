/**
 * The per-call work before a request leaves: the URL (base joined with the path, the query encoded),
 * the query checks, the limiter's admission and the call's signal. Fast paths are checked against
 * what the general path gives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../../tools/testing/wait-for.mjs';
import { InvalidRequestError, MemoryRateLimitStore, TimeoutError, createClient } from '../src/index.js';
import { checkQuery } from '../src/query-check.js';
import { createRateLimiter } from '../src/rate-limit/limiter.js';
import { buildQuery, type FetchFunction } from '../src/request.js';
import type { OperationEntry } from '../src/resource-table.js';
import { ManualClock } from '../src/testing/index.js';
import { joinUrl, urlJoiner } from '../src/url.js';

const START = Date.UTC(2026, 0, 1);

describe('urlJoiner gives what joinUrl gives', () => {
  const bases = [
    'http://127.0.0.1:8080',
    'https://api.example.com/',
    'https://api.example.com/v1',
    'https://api.example.com/v1///',
    'https://user:secret@api.example.com/v1/?q=1#frag',
    'http://[::1]:3000/base/',
    'https://api.example.com/caf%C3%A9/',
  ];
  const paths = [
    '/customers',
    '/customers/cus_00000001',
    'customers',
    '',
    '/',
    '//evil.example/x',
    '/a/../b',
    '/./a',
    '/a/.',
    '/a/..',
    '/a/...',
    '/.hidden/x',
    '/%2e%2e/x',
    '/a%2Fb',
    '/a b',
    '/café',
    '/a?b=c',
    '/a#b',
    '/a\\b',
    '/a\tb',
    "/~!$&'()*+,;=:@-._",
    '/{id}',
  ];

  it.each(bases)('base %s, listed paths', (base) => {
    const join = urlJoiner(new URL(base));
    for (const path of paths) expect(join(path), path).toBe(joinUrl(new URL(base), path));
  });

  it('any path from characters the parser treats specially (property)', () => {
    const char = fc.constantFrom(...'aZ09/.%2eE?#\\ \t\n~@:;=&+!$\'()*,-_{}[]|^`"<>é\u0000\u007f'.split(''));
    fc.assert(
      fc.property(fc.constantFrom(...bases), fc.array(char, { maxLength: 12 }), (base, chars) => {
        const path = chars.join('');
        expect(urlJoiner(new URL(base))(path)).toBe(joinUrl(new URL(base), path));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('buildQuery encodes as URLSearchParams does', () => {
  const reference = (query: Readonly<Record<string, unknown>>): string => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined || value === null) continue;
      for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) search.append(key, String(item));
    }
    const text = search.toString();
    return text === '' ? '' : `?${text}`;
  };

  it('plain and encoded values, arrays, skipped values', () => {
    expect(buildQuery(undefined)).toBe('');
    expect(buildQuery({})).toBe('');
    expect(buildQuery({ a: undefined, b: null })).toBe('');
    expect(buildQuery({ limit: 10 })).toBe('?limit=10');
    expect(buildQuery({ limit: 10, starting_after: 'cus_00000010' })).toBe('?limit=10&starting_after=cus_00000010');
    expect(buildQuery({ ids: ['a', 'b'], x: true })).toBe('?ids=a&ids=b&x=true');
    expect(buildQuery({ q: 'a b&c=d', 'k y': '~!é' })).toBe(reference({ q: 'a b&c=d', 'k y': '~!é' }));
    expect(buildQuery({ '': '' })).toBe('?=');
    expect(buildQuery({ lone: '\ud800' })).toBe(reference({ lone: '\ud800' }));
  });

  it('any query (property)', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.string({ unit: 'binary', maxLength: 4 }),
      fc.constantFrom('a', 'cus_1', '1.5', '-_.*', '~', '+', ' '),
    );
    const value = fc.oneof(
      text,
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(undefined),
      fc.constant(null),
      fc.array(fc.oneof(text, fc.integer()), { maxLength: 3 }),
    );
    fc.assert(
      fc.property(fc.dictionary(text, value, { maxKeys: 4 }), (query) => {
        expect(buildQuery(query)).toBe(reference(query));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('checkQuery says what each bound asks for', () => {
  const operation = (bounds: OperationEntry['bounds']): OperationEntry => ({
    method: 'GET',
    path: '/things',
    pathParams: [],
    body: 'none',
    query: 'optional',
    list: true,
    bounds,
  });
  const refusal = (op: OperationEntry, query: Record<string, unknown>): InvalidRequestError => {
    try {
      checkQuery(op, query);
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidRequestError);
      return error as InvalidRequestError;
    }
    throw new Error('not refused');
  };

  it('both ends, one end, no end; values inside pass', () => {
    const op = operation({
      a: { integer: true, min: 1, max: 100 },
      b: { integer: false, min: 0 },
      c: { integer: true, max: 5 },
      d: { integer: false },
    });
    expect(() => checkQuery(op, { a: 1, b: 0.5, c: -3, d: 1e9, other: 'x' })).not.toThrow();
    expect(refusal(op, { a: 0 }).errors).toEqual({ a: ['must be an integer between 1 and 100 (got 0)'] });
    expect(refusal(op, { b: -1 }).errors).toEqual({ b: ['must be a number of at least 0 (got -1)'] });
    expect(refusal(op, { c: 6 }).errors).toEqual({ c: ['must be an integer of at most 5 (got 6)'] });
    expect(refusal(op, { d: '1' }).errors).toEqual({ d: ['must be a number (got "1")'] });
    expect(refusal(op, { starting_after: 'x', ending_before: 'y' }).errors).toHaveProperty('starting_after');
  });
});

describe("the limiter's admission", () => {
  it('a free slot in a synchronous store is taken at once (no promise); a full one is waited for on the clock', async () => {
    const clock = new ManualClock(START);
    const store = new MemoryRateLimitStore({ windowPaddingMs: 0 });
    const limiter = createRateLimiter({ requestsPerMinute: 2, store }, clock);
    expect(limiter.acquire('k', undefined)).toBeUndefined();
    expect(limiter.acquire('k', undefined)).toBeUndefined();
    let admitted = false;
    const third = limiter.acquire('k', undefined)?.then(() => {
      admitted = true;
    });
    expect(third).toBeInstanceOf(Promise);
    await waitFor(() => clock.pending === 1);
    await clock.advance(59_999);
    expect(admitted).toBe(false);
    expect(clock.pending).toBe(1);
    await clock.advance(1);
    await third;
    expect(admitted).toBe(true);
    // The first two released their slots at once; the third was counted: one more fits, then none.
    const now = { limit: 2, windowMs: 60_000, now: clock.now() };
    expect(store.take('k', now)).toBe(0);
    expect(store.take('k', now)).toBeGreaterThan(0);
  });

  it('an asynchronous store is awaited; an aborted signal or an abort during the wait rejects with its reason', async () => {
    const clock = new ManualClock(START);
    const answers = [0, 500, 0];
    const limiter = createRateLimiter(
      { store: { take: () => Promise.resolve(answers.shift() ?? 0), pause: () => undefined } },
      clock,
    );
    const first = limiter.acquire('k', undefined);
    expect(first).toBeInstanceOf(Promise);
    await first;
    const second = limiter.acquire('k', undefined);
    await waitFor(() => clock.pending === 1);
    await clock.advance(500);
    await second;
    expect(answers).toEqual([]);

    const reason = new Error('stop');
    await expect(limiter.acquire('k', AbortSignal.abort(reason))).rejects.toBe(reason);
    const full = createRateLimiter({ store: { take: () => 1000, pause: () => undefined } }, clock);
    const controller = new AbortController();
    const waiting = full.acquire('k', controller.signal);
    await waitFor(() => clock.pending === 1);
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
    expect(clock.pending).toBe(0);
  });

  it('a store that throws rejects the call', async () => {
    const failure = new Error('store down');
    const limiter = createRateLimiter(
      {
        store: {
          take: () => {
            throw failure;
          },
          pause: () => undefined,
        },
      },
      new ManualClock(START),
    );
    await expect(limiter.acquire('k', undefined)).rejects.toBe(failure);
  });
});

describe('methods and the route checks of the path-based call', () => {
  it('any spelling of a method is sent upper case and checked against its route', async () => {
    const sent: string[] = [];
    const fetch: FetchFunction = (url, init) => {
      sent.push(`${init.method ?? ''} ${url}`);
      return Promise.resolve(new Response('{"limit":1,"has_more":false,"data":[]}', { status: 200 }));
    };
    const client = createClient({
      baseUrl: 'https://api.example.com',
      accessToken: 'tok_1234',
      rateLimit: false,
      fetch,
    });
    const request = client.request as (method: string, path: string, options?: unknown) => Promise<unknown>;
    for (const method of ['get', 'GET', 'Get', 'gEt']) {
      await request(method, '/customers', { query: { limit: 1 } });
      const error = await request(method, '/customers', { query: { limit: 0 } }).catch((e: unknown) => e);
      expect(error, method).toBeInstanceOf(InvalidRequestError);
    }
    expect(sent).toEqual(Array.from({ length: 4 }, () => 'GET https://api.example.com/customers?limit=1'));
    // A path the spec does not list is sent unchecked.
    await request('get', '/not-in-the-spec', { query: { limit: 0 } });
    expect(sent.at(-1)).toBe('GET https://api.example.com/not-in-the-spec?limit=0');
  });
});

describe("the call's signal", () => {
  const page = (): Response =>
    new Response('{"limit":1,"has_more":false,"data":[]}', {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  const recording = (respond: (init: RequestInit) => Promise<Response> = () => Promise.resolve(page())) => {
    const inits: RequestInit[] = [];
    const fetch: FetchFunction = (_url, init) => {
      inits.push(init);
      return respond(init);
    };
    return { inits, fetch };
  };
  const clientWith = (fetch: FetchFunction, extra: { timeoutMs?: number; clock?: ManualClock } = {}) =>
    createClient({ baseUrl: 'https://api.example.com/v1', accessToken: 'tok_1234', rateLimit: false, fetch, ...extra });

  it('a call with neither a signal nor a deadline passes fetch no signal', async () => {
    const { inits, fetch } = recording();
    await expect(clientWith(fetch).customers.list({ limit: 1 })).resolves.toMatchObject({ has_more: false });
    expect(inits).toHaveLength(1);
    expect('signal' in inits[0]!).toBe(false);
    expect(new Headers(inits[0]!.headers).get('authorization')).toBe('Bearer tok_1234');
  });

  it("with a caller's signal, fetch gets a signal that aborts with the caller's reason", async () => {
    const { inits, fetch } = recording(
      (init) =>
        new Promise((_resolve, reject) => {
          init.signal!.addEventListener('abort', () => reject(init.signal!.reason as Error), { once: true });
        }),
    );
    const controller = new AbortController();
    const pending = clientWith(fetch).get('/customers', { signal: controller.signal });
    await waitFor(() => inits.length === 1);
    expect(inits[0]!.signal?.aborted).toBe(false);
    const reason = new Error('navigated away');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(inits[0]!.signal?.reason).toBe(reason);
  });

  it('a deadline is taken down when the call settles (its clock has no sleeper left), and times out a call that hangs', async () => {
    const clock = new ManualClock(START);
    const { fetch } = recording();
    await clientWith(fetch, { timeoutMs: 1000, clock }).customers.list({ limit: 1 });
    expect(clock.pending).toBe(0);

    const hanging = recording(
      (init) =>
        new Promise((_resolve, reject) => {
          init.signal!.addEventListener('abort', () => reject(init.signal!.reason as Error), { once: true });
        }),
    );
    const pending = clientWith(hanging.fetch, { timeoutMs: 1000, clock })
      .get('/customers')
      .catch((e: unknown) => e);
    await waitFor(() => hanging.inits.length === 1);
    expect(clock.pending).toBe(1);
    await clock.advance(1000);
    expect(await pending).toBeInstanceOf(TimeoutError);
    expect(clock.pending).toBe(0);
  });
});
