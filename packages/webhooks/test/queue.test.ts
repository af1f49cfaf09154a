import { describe, expect, it } from 'vitest';
import { KeyedQueue, type KeyedQueueOptions } from '../src/queue.js';
import { deferred } from './helpers/http.js';

function queue<T>(overrides: Partial<KeyedQueueOptions<T>> & Pick<KeyedQueueOptions<T>, 'run'>) {
  const failures: Array<{ item: T; attempts: number; error: unknown }> = [];
  const delays: number[] = [];
  const q = new KeyedQueue<T>({
    concurrency: 4,
    retries: 0,
    backoff: (n) => n * 100,
    sleep: async (ms) => {
      delays.push(ms);
    },
    onFailure: (error, item, attempts) => failures.push({ item, attempts, error }),
    ...overrides,
  });
  return { q, failures, delays };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('KeyedQueue', () => {
  it('runs items of one key one at a time, in arrival order', async () => {
    const log: string[] = [];
    let active = 0;
    let maxActive = 0;
    const { q } = queue<number>({
      run: async (n) => {
        active++;
        maxActive = Math.max(maxActive, active);
        log.push(`start ${n}`);
        await tick();
        log.push(`end ${n}`);
        active--;
      },
    });
    for (let i = 0; i < 20; i++) void q.push('user', i);
    await q.drain();
    expect(maxActive).toBe(1);
    expect(log).toEqual(Array.from({ length: 20 }, (_, i) => [`start ${i}`, `end ${i}`]).flat());
  });

  it('runs different keys in parallel up to the concurrency limit', async () => {
    const gates = Array.from({ length: 6 }, () => deferred());
    let active = 0;
    let maxActive = 0;
    const { q } = queue<number>({
      concurrency: 3,
      run: async (n) => {
        active++;
        maxActive = Math.max(maxActive, active);
        await gates[n]!.promise;
        active--;
      },
    });
    for (let i = 0; i < 6; i++) void q.push(`user${i}`, i);
    await tick();
    expect(active).toBe(3);
    for (const gate of gates) gate.resolve();
    await q.drain();
    expect(maxActive).toBe(3);
    expect(q.pending).toBe(0);
  });

  it('retries with the back-off delays, keeps the key blocked meanwhile, then reports', async () => {
    const log: string[] = [];
    const { q, failures, delays } = queue<string>({
      retries: 2,
      run: (item, attempt) => {
        log.push(`${item}#${attempt}`);
        if (item === 'bad') throw new Error('boom');
      },
    });
    void q.push('u', 'bad');
    void q.push('u', 'next');
    await q.drain();
    expect(log).toEqual(['bad#1', 'bad#2', 'bad#3', 'next#1']);
    expect(delays).toEqual([100, 200]);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ item: 'bad', attempts: 3 });
    expect((failures[0]!.error as Error).message).toBe('boom');
  });

  it('recovers when a retry succeeds', async () => {
    let calls = 0;
    const { q, failures } = queue<string>({
      retries: 3,
      run: () => {
        calls++;
        if (calls < 3) throw new Error('flaky');
      },
    });
    await q.push('u', 'x');
    expect(calls).toBe(3);
    expect(failures).toHaveLength(0);
  });

  it('frees the slot during a back-off so other keys keep going', async () => {
    const sleeping = deferred();
    const log: string[] = [];
    const { q } = queue<string>({
      concurrency: 1,
      retries: 1,
      sleep: () => sleeping.promise,
      run: (item, attempt) => {
        log.push(`${item}#${attempt}`);
        if (item === 'a' && attempt === 1) throw new Error('retry me');
      },
    });
    void q.push('A', 'a');
    void q.push('B', 'b');
    await tick();
    await tick();
    expect(log).toEqual(['a#1', 'b#1']);
    sleeping.resolve();
    await q.drain();
    expect(log).toEqual(['a#1', 'b#1', 'a#2']);
  });

  it('skips an item whose gate resolves false, keeping the order of the rest', async () => {
    const log: number[] = [];
    const gate = deferred<boolean>();
    const { q } = queue<number>({ run: (n) => void log.push(n) });
    void q.push('u', 1, gate.promise);
    void q.push('u', 2);
    await tick();
    expect(log).toEqual([]);
    gate.resolve(false);
    await q.drain();
    expect(log).toEqual([2]);
  });

  it('survives a throwing failure reporter', async () => {
    const { q } = queue<number>({
      run: () => {
        throw new Error('x');
      },
      onFailure: () => {
        throw new Error('reporter broke');
      },
    });
    await q.push('u', 1);
    await q.push('u', 2);
    expect(q.pending).toBe(0);
  });

  it('drain resolves at once when idle and after in-flight work otherwise', async () => {
    const gate = deferred();
    const { q } = queue<number>({ run: () => gate.promise });
    await q.drain();
    void q.push('u', 1);
    let drained = false;
    const drain = q.drain().then(() => {
      drained = true;
    });
    await tick();
    expect(drained).toBe(false);
    gate.resolve();
    await drain;
    expect(drained).toBe(true);
  });

  it('stop() drops queued and retry-waiting items, lets running ones finish without retrying', async () => {
    const running = deferred();
    const ran: string[] = [];
    const { q, failures } = queue<string>({
      retries: 5,
      sleep: () => new Promise<void>(() => {}),
      run: async (item) => {
        ran.push(item);
        if (item === 'a1') await running.promise;
        if (item === 'a1' || item === 'b1') throw new Error(item);
      },
    });
    const settled: string[] = [];
    for (const [key, item] of [
      ['a', 'a1'],
      ['a', 'a2'],
      ['b', 'b1'],
      ['b', 'b2'],
    ] as const) {
      void q.push(key, item).then(() => settled.push(item));
    }
    await tick();
    expect(ran).toEqual(['a1', 'b1']);
    expect(q.unfinished()).toEqual(['a1', 'a2', 'b1', 'b2']);
    q.stop();
    await tick();
    expect(settled.sort()).toEqual(['a2', 'b1', 'b2']);
    expect(q.pending).toBe(1);
    expect(q.unfinished()).toEqual(['a1']);
    running.resolve();
    await q.drain();
    expect(ran).toEqual(['a1', 'b1']);
    expect(failures.map((f) => [f.item, f.attempts])).toEqual([['a1', 1]]);
    await q.push('c', 'c1');
    expect(ran).toEqual(['a1', 'b1']);
  });

  it('calls onSettled exactly once per item: processed, given up, or dropped by stop()', async () => {
    const settledItems: string[] = [];
    const gate = deferred();
    const { q } = queue<string>({
      retries: 1,
      sleep: (ms) => (ms > 100 ? new Promise<void>(() => {}) : Promise.resolve()),
      backoff: (n) => (n === 1 ? 10 : 1000),
      onSettled: (item) => void settledItems.push(item),
      run: async (item) => {
        if (item === 'slow') await gate.promise;
        if (item.startsWith('fail')) throw new Error(item);
      },
    });
    void q.push('a', 'ok');
    void q.push('b', 'fail_twice');
    await q.drain();
    expect(settledItems.sort()).toEqual(['fail_twice', 'ok']);
    void q.push('c', 'slow');
    void q.push('c', 'queued');
    await tick();
    q.stop();
    expect(settledItems).toContain('queued');
    expect(settledItems).not.toContain('slow');
    gate.resolve();
    await q.drain();
    expect(settledItems.filter((item) => item === 'slow')).toHaveLength(1);
    expect(settledItems).toHaveLength(4);
  });
});
