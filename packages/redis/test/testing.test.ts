import { existsSync } from 'node:fs';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../../tools/testing/wait-for.mjs';
import { RedisAdapterError } from '../src/index.js';
import { startRedisServer } from '../src/testing/index.js';
import { bundleChild } from './support/bundle.js';
import { startChild } from './support/children.js';

/** The directory the server runs in (`--dir`), asked of the server itself. */
async function serverDir(url: string): Promise<string> {
  const client = new Redis(url, { lazyConnect: true });
  try {
    const [, dir] = (await client.config('GET', 'dir')) as [string, string];
    return dir;
  } finally {
    client.disconnect();
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('startRedisServer', () => {
  it('starts a server of its own on loopback, without persistence, and stops it (twice is fine)', async () => {
    const server = await startRedisServer();
    const dir = await serverDir(server.url);
    expect(existsSync(dir)).toBe(true);
    expect(server.url).toBe(`redis://127.0.0.1:${server.port}`);
    const client = new Redis(server.url, { lazyConnect: true });
    try {
      expect(await client.ping()).toBe('PONG');
      expect(await client.config('GET', 'save')).toEqual(['save', '']);
      expect(await client.config('GET', 'appendonly')).toEqual(['appendonly', 'no']);
      expect(await client.config('GET', 'bind')).toEqual(['bind', '127.0.0.1']);
    } finally {
      client.disconnect();
    }
    await server.stop();
    await server.stop();
    expect(alive(server.pid)).toBe(false);
    expect(existsSync(dir)).toBe(false);
  });

  it('two servers get two ports', async () => {
    const [a, b] = await Promise.all([startRedisServer(), startRedisServer()]);
    expect(a.port).not.toBe(b.port);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('says how to install Redis when the binary is missing', async () => {
    const error = await startRedisServer({ binary: 'redis-server-that-does-not-exist' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(RedisAdapterError);
    expect((error as Error).message).toContain('apt-get install redis-server');
  });

  it('reports a server that refuses its arguments, with its output', async () => {
    const error = await startRedisServer({ args: ['--no-such-option', 'x'] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RedisAdapterError);
    expect((error as Error).message).toMatch(/exited with code 1 before it was ready[\s\S]*no-such-option/i);
  });

  it('does not outlive a test process killed with SIGKILL, nor leave its directory behind', async () => {
    const holder = startChild<never>(await bundleChild('children/redis-holder'), {});
    const [pid, port] = (await holder.line('pid ')).slice('pid '.length).split(' ').map(Number);
    expect(alive(pid!)).toBe(true);
    const dir = await serverDir(`redis://127.0.0.1:${port}`);
    holder.process.kill('SIGKILL');
    await expect(holder.result).rejects.toThrow('SIGKILL');
    await waitFor(() => !alive(pid!), { message: `redis-server (pid ${pid}) to exit after its holder was killed` });
    await waitFor(() => !existsSync(dir), { message: `${dir} to be removed after its holder was killed` });
  });
});
