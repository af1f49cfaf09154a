/**
 * The README's `ts` examples run, not only compile: each block is written to a temporary
 * module with `https://api.example.com` pointed at the loopback server and the package
 * imports pointed at the source, and imported. What a block only declares (`declare
 * function loadToken()`) is provided on `globalThis`, as an app would provide it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import type { TokenSet } from '../src/index.js';
import { exchangeCode } from '../src/oauth/index.js';
import { resetSharedRateLimiters } from '../src/testing/index.js';
import { startFakeServer, type FakeServer } from './support/fake-server.js';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
const CALLBACK = 'https://my-app.example.com/oauth/callback';

let server: FakeServer;
const dir = testTempDir('api-client-readme-');
const saved: TokenSet[] = [];
const globals = globalThis as Record<string, unknown>;

beforeAll(async () => {
  server = await startFakeServer({
    tokens: ['token', 'key-1', 'key-2'],
    clientId: 'client_id',
    clientSecret: 'client_secret',
  });
  vi.stubEnv('ACCESS_TOKEN', 'token');
  vi.stubEnv('CLIENT_ID', 'client_id');
  vi.stubEnv('CLIENT_SECRET', 'client_secret');
  server.issueCode('code-from-callback', CALLBACK);
  server.issueRefreshToken('rt_from_row');
  server.issueCode('stored-code', CALLBACK);
  const stored = await exchangeCode({
    baseUrl: server.url,
    clientId: 'client_id',
    clientSecret: 'client_secret',
    code: 'stored-code',
    redirectUri: CALLBACK,
  });
  Object.assign(globals, {
    loadToken: async () => 'token',
    saveTokens: async (...args: unknown[]) => void saved.push(args.at(-1) as TokenSet),
    stored,
    row: { refresh_token: 'rt_from_row' },
    // The platform's side of steps 2-3: the user consents, the browser comes back with a code and the state.
    redirectAndAwaitCallback: async (url: string) => {
      const sent = new URL(url);
      server.issueCode('code-from-redirect', sent.searchParams.get('redirect_uri') ?? '');
      return new URL(`${CALLBACK}?code=code-from-redirect&state=${sent.searchParams.get('state') ?? ''}`);
    },
  });
});

afterAll(async () => {
  vi.unstubAllEnvs();
  for (const name of ['loadToken', 'saveTokens', 'stored', 'row', 'redirectAndAwaitCallback']) delete globals[name];
  resetSharedRateLimiters();
  await server.close();
});

async function run(index: number): Promise<void> {
  const code = (blocks[index] ?? '')
    .replaceAll('https://api.example.com', server.url)
    .replaceAll("'@commerce-kit/api-client/oauth'", JSON.stringify(join(ROOT, 'src/oauth/index.ts')))
    .replaceAll("'@commerce-kit/api-client/testing'", JSON.stringify(join(ROOT, 'src/testing/index.ts')))
    .replaceAll("'@commerce-kit/api-client'", JSON.stringify(join(ROOT, 'src/index.ts')));
  const file = join(dir, `block_${index}.ts`);
  writeFileSync(file, `${code}\nexport {};\n`);
  await import(/* @vite-ignore */ pathToFileURL(file).href);
}

describe('README examples run against the loopback server', () => {
  it('finds the blocks', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(10);
  });

  // A block using @commerce-kit/redis needs a Redis server: that package's own README test runs it.
  const runnable = blocks
    .map((block, index) => ({ block, index }))
    .filter(({ block }) => !block.includes("'@commerce-kit/redis"));
  it.each(
    runnable.map(({ block, index }) => ({
      index,
      title: block.split('\n').find((l) => !l.startsWith('import') && l.trim() !== '') ?? '',
    })),
  )(
    'block $index runs ($title)',
    async ({ index }) => {
      const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
      const tokenCalls = server.count('/oauth/connect/token');
      try {
        await run(index);
        const logged = log.mock.calls.map((args) => args.join(' ')).join('\n');
        // The OAuth walk-through catches OAuthError to show its fields: here it must not have happened.
        expect(logged).not.toMatch(/invalid_|token_request_failed|network_error/);
        if (blocks[index]?.includes('exchangeCode('))
          expect(server.count('/oauth/connect/token')).toBeGreaterThan(tokenCalls);
      } finally {
        log.mockRestore();
      }
    },
    30_000,
  );
});
