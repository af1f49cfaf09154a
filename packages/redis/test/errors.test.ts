import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inspect } from 'node:util';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { RedisAdapterConfigurationError, RedisAdapterError, RedisUnavailableError } from '../src/index.js';
import { Connection } from '../src/connection.js';
import { DeliveryFailedError } from '../src/webhooks/index.js';

describe('errors', () => {
  it('are branded RedisAdapterErrors with their class names', () => {
    const errors = [
      new RedisAdapterConfigurationError('bad'),
      new RedisUnavailableError('timeout', 'redis://h:1', 'Command timed out'),
      new DeliveryFailedError({
        event: undefined,
        deliveryId: '1-0',
        userKey: 'u',
        attempts: 0,
        reason: 'not a delivery',
      }),
    ];
    expect(errors.map((error) => error.name)).toEqual([
      'RedisAdapterConfigurationError',
      'RedisUnavailableError',
      'DeliveryFailedError',
    ]);
    for (const error of errors) {
      expect(error).toBeInstanceOf(RedisAdapterError);
      expect(error).toBeInstanceOf(Error);
    }
    expect(new RedisAdapterError('x')).not.toBeInstanceOf(RedisUnavailableError);
    expect(errors[1]?.message).toBe('Redis at redis://h:1 did not answer in time: Command timed out');
  });

  it('instanceof holds across two builds of the package (ESM and CJS loaded together)', async () => {
    const dir = join(dirname(fileURLToPath(import.meta.url)), '.tmp');
    for (const format of ['esm', 'cjs'] as const) {
      await build({
        entryPoints: [join(dirname(fileURLToPath(import.meta.url)), '../src/index.ts')],
        outfile: join(dir, `index-copy.${format === 'esm' ? 'mjs' : 'cjs'}`),
        bundle: true,
        platform: 'node',
        format,
        external: ['ioredis'],
        logLevel: 'error',
      });
    }
    const esm = (await import(join(dir, 'index-copy.mjs'))) as typeof import('../src/index.js');
    const cjs = createRequire(import.meta.url)(join(dir, 'index-copy.cjs')) as typeof import('../src/index.js');
    const fromCjs = new cjs.RedisUnavailableError('unreachable', 'redis://h:1', 'x');
    expect(fromCjs).toBeInstanceOf(esm.RedisUnavailableError);
    expect(fromCjs).toBeInstanceOf(esm.RedisAdapterError);
    expect(fromCjs).toBeInstanceOf(RedisUnavailableError);
    expect(new esm.RedisAdapterConfigurationError('x')).not.toBeInstanceOf(cjs.RedisUnavailableError);
  });

  it('Redis client failures are translated without credentials, whatever the client said', () => {
    const connection = new Connection({ url: 'redis://admin:hunter2@localhost:6390/3' }, 'test');
    const reply = Object.assign(new Error('WRONGPASS invalid username-password pair'), {
      name: 'ReplyError',
      command: { name: 'auth', args: ['admin', 'hunter2'] },
    });
    const translated = connection.translate(reply);
    expect(translated.reason).toBe('refused');
    expect(translated.server).toBe('redis://localhost:6390/3');
    expect(inspect(translated)).not.toContain('hunter2');
    expect(connection.translate(new Error('Command timed out')).reason).toBe('timeout');
    expect(connection.translate(new Error('see rediss://user:pw@elsewhere:1 for details')).message).not.toContain(
      'pw@',
    );
    void connection.close();
  });
});
