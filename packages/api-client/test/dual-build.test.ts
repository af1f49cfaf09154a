/**
 * The ESM and CJS builds both loaded in one process (an app importing the package while a dependency
 * requires it): errors of one copy are recognised by the classes of the other, and both copies count
 * against the same rate-limit store. The two copies are built from src with esbuild, bundled as the
 * package build (tsup) bundles them.
 */
import { build } from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/testing/index.js';

type Package = typeof import('../src/index.js');

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const OUT = join(ROOT, 'test', '.tmp', 'dual-build');
let esm: Package;
let cjs: Package;

beforeAll(async () => {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  for (const format of ['esm', 'cjs'] as const) {
    await build({
      entryPoints: [join(ROOT, 'src', 'index.ts')],
      outfile: join(OUT, format === 'esm' ? 'index.mjs' : 'index.cjs'),
      bundle: true,
      format,
      platform: 'neutral',
      target: 'es2022',
      logLevel: 'silent',
    });
  }
  esm = (await import(/* @vite-ignore */ pathToFileURL(join(OUT, 'index.mjs')).href)) as Package;
  cjs = createRequire(import.meta.url)(join(OUT, 'index.cjs')) as Package;
}, 60_000);

afterAll(() => rmSync(OUT, { recursive: true, force: true }));

describe('ESM and CJS builds loaded together', () => {
  it('are two copies of every class', () => {
    expect(esm.ApiClientError).not.toBe(cjs.ApiClientError);
    expect(esm.createClient).not.toBe(cjs.createClient);
  });

  it('an error of one build is an instance of the other build’s classes, and of those only', async () => {
    const configuration = (() => {
      try {
        cjs.createClient({ baseUrl: 'http://api.example.com', accessToken: 't' });
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(configuration).toBeInstanceOf(esm.ApiClientConfigurationError);
    expect(configuration).toBeInstanceOf(esm.ApiClientError);
    expect(configuration).not.toBeInstanceOf(esm.ApiError);

    const notFound = await esm
      .createClient({
        baseUrl: 'https://api.example.com',
        accessToken: 't',
        rateLimit: false,
        fetch: async () => new Response('{"type":"not_found_error"}', { status: 404 }),
      })
      .customers.retrieve('cus_1')
      .catch((e: unknown) => e);
    for (const Class of [cjs.NotFoundError, cjs.ApiError, cjs.ApiClientError, esm.NotFoundError])
      expect(notFound).toBeInstanceOf(Class);
    for (const Class of [cjs.InvalidRequestError, cjs.ApiClientConfigurationError, cjs.OAuthError])
      expect(notFound).not.toBeInstanceOf(Class);
    expect(new cjs.OAuthError({ error: 'invalid_grant' })).toBeInstanceOf(esm.OAuthError);
    expect(new cjs.TimeoutError(5)).toBeInstanceOf(esm.ApiError);
  });

  it('share the process-wide rate-limit store', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const fetch = async (): Promise<Response> =>
      new Response('{"limit":1,"has_more":false,"data":[]}', { status: 200 });
    const options = {
      baseUrl: 'https://api.example.com',
      accessToken: 't',
      clock,
      fetch,
      rateLimit: { accountKey: 'acct_dual', requestsPerMinute: 1 },
    };
    await esm.createClient(options).customers.list({ limit: 1 });
    const second = cjs.createClient(options).customers.list({ limit: 1 });
    await clock.flush();
    // The CJS copy waits for the slot the ESM copy used.
    expect(clock.pending).toBe(1);
    await clock.advance(61_000);
    await expect(second).resolves.toHaveProperty('has_more', false);
  });
});
