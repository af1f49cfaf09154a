// The README's examples, Public API table and wording (see tools/testing/readme.mjs), and its first
// example run against a real sandbox.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeReadme } from '../../../tools/testing/readme.mjs';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const { blocks } = describeReadme({
  root: ROOT,
  entries: { '@commerce-kit/sandbox': 'src/index.ts', '@commerce-kit/sandbox/testing': 'src/testing/index.ts' },
  features: [
    'startSandbox(',
    'sandbox.app.accessToken',
    'close()',
    'ManualClock',
    'onResponseMismatch',
    'exchangeCode(',
    'webhookUrl',
    'SandboxConfigurationError',
    'SandboxStartError',
    'tokenResponse',
    'useSandbox(',
    'sandbox.snapshot(',
    'sandbox.restore(',
    'sandbox.reset()',
    'sandbox.faults.add(',
    'setLatency(',
    'SandboxControlError',
    'webhooks.setMode(',
    'webhooks.release(',
    'webhooks.trigger(',
    'webhooks.redeliver(',
    'webhooks.settle(',
    'webhookRetrySchedule',
    'violations.list()',
    'strict: true',
    'client.discovery(',
    'authorizationCodeGrant(',
    'sandbox.orders.place(',
  ],
});

// The blocks are written inside the package (so `openid-client` resolves from its node_modules), under
// `.tmp/`, which git, Biome, ESLint and the type check all leave alone: never beside the sources, where the
// lint running beside the tests would find a file that is gone a moment later.
const BLOCKS_DIR = testTempDir('readme-', mkdirSync(join(ROOT, '.tmp'), { recursive: true }) ?? join(ROOT, '.tmp'));
const SOURCES = JSON.stringify(join(ROOT, 'src/index.ts'));

/** Runs a README block against the package's sources; returns what it logged. */
async function runBlock(block: string, name: string): Promise<unknown[][]> {
  const file = join(BLOCKS_DIR, `${name}.ts`);
  writeFileSync(file, block.replace(/from '@commerce-kit\/sandbox'/g, `from ${SOURCES}`));
  const logged: unknown[][] = [];
  const log = console.log;
  console.log = (...args: unknown[]) => void logged.push(args);
  try {
    await import(/* @vite-ignore */ pathToFileURL(file).href);
  } finally {
    console.log = log;
  }
  return logged;
}

describe('README example', () => {
  it('the first example runs', async () => {
    expect(await runBlock(blocks[0]!, 'run')).toEqual([[expect.stringMatching(/^cus_/), 10, true]]);
  });

  it('the shopper example runs: sold out at the last unit, then refused; a declined card takes nothing', async () => {
    const block = blocks.find((b) => b.includes('sandbox.orders.place('));
    expect(block).toBeDefined();
    expect(await runBlock(block!, 'shopper')).toEqual([
      ['completed', 'succeeded', 0],
      ['conflict', expect.stringMatching(/^1 asked, but product prod_\d+ has 0 left$/)],
      [null, 'card_declined', 5],
    ]);
  });

  it('the openid-client example runs: discovery, PKCE, nonce, id_token, refresh', async () => {
    const block = blocks.find((b) => b.includes("from 'openid-client'"));
    expect(block).toBeDefined();
    expect(await runBlock(block!, 'openid')).toEqual([[true, true]]);
  });
});
