/**
 * One branded error base (`WebhookError`): `instanceof` holds across the ESM and CJS builds of the
 * package loaded side by side (the dual-package hazard).
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Options } from 'tsup';
import { beforeAll, describe, expect, it } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import * as source from '../src/index.js';
import config from '../tsup.config.js';

type Package = typeof source;
const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
// The package's own build configuration, into a scratch directory inside the workspace (so the builds
// resolve their dependencies as installed); declarations are not needed.
const cache = join(ROOT, 'node_modules/.cache');
mkdirSync(cache, { recursive: true });
const out = testTempDir('builds-', cache);
let esm: Package;
let cjs: Package;

beforeAll(async () => {
  const { onSuccess: _copyStep, ...options } = (Array.isArray(config) ? config[0] : config) as Options;
  await build({ ...options, entry: { index: join(ROOT, 'src/index.ts') }, outDir: out, dts: false, silent: true });
  esm = (await import(pathToFileURL(join(out, 'index.js')).href)) as Package;
  cjs = createRequire(import.meta.url)(join(out, 'index.cjs')) as Package;
}, 60_000);

describe('errors', () => {
  it('all share the WebhookError base, with their own names', () => {
    const event = { type: undefined, data: { id: 'x' } } as unknown as source.WebhookEvent;
    const errors = [
      new source.WebhookConfigurationError('bad option'),
      new source.WebhookVerificationError('invalid_signature', 'no match'),
      new source.WebhookShutdownTimeoutError([], 10),
      new source.WebhookProcessingError(event, 1, new Error('down')),
    ];
    expect(errors.map((error) => error.name)).toEqual([
      'WebhookConfigurationError',
      'WebhookVerificationError',
      'WebhookShutdownTimeoutError',
      'WebhookProcessingError',
    ]);
    for (const error of errors) {
      expect(error).toBeInstanceOf(source.WebhookError);
      expect(error).toBeInstanceOf(Error);
    }
    expect(new source.WebhookConfigurationError('x')).not.toBeInstanceOf(source.WebhookVerificationError);
  });

  it('are recognised across the ESM and CJS builds loaded together', () => {
    expect(esm.WebhookError).not.toBe(cjs.WebhookError);
    const fromEsm = new esm.WebhookConfigurationError('x');
    expect(fromEsm instanceof cjs.WebhookConfigurationError).toBe(true);
    expect(fromEsm instanceof cjs.WebhookError).toBe(true);
    expect(fromEsm instanceof cjs.WebhookVerificationError).toBe(false);
    expect(new cjs.WebhookVerificationError('stale_timestamp', 'old') instanceof esm.WebhookVerificationError).toBe(
      true,
    );

    // Thrown by one build, caught by the other's classes.
    let thrown: unknown;
    try {
      cjs.verifyDelivery('{}', {}, { secret: '' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown instanceof esm.WebhookConfigurationError).toBe(true);
    try {
      esm.parseDelivery('{}', {}, { secret: 's' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown instanceof cjs.WebhookVerificationError).toBe(true);
    expect((thrown as source.WebhookVerificationError).reason).toBe('missing_signature');
  });
});
