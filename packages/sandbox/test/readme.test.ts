/**
 * The README's `ts` examples compile against the package source with the repo's strict settings, its
 * Public API table matches the exports, and the first example runs against a real sandbox.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareApiTable } from '../../../tools/testing/public-api.mjs';
import { readReadme, tsCodeBlocks, typecheckSnippets } from '../../../tools/testing/typecheck-snippets.mjs';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const blocks = tsCodeBlocks(readReadme(ROOT));

describe('README', () => {
  it('has an example for every feature', () => {
    const all = blocks.join('\n');
    for (const feature of ['startSandbox(', 'sandbox.app.accessToken', 'close()', 'ManualClock', 'onResponseMismatch', 'exchangeCode(', 'webhookUrl', 'SandboxConfigurationError', 'SandboxStartError', 'tokenResponse']) {
      expect(all, feature).toContain(feature);
    }
  });

  it('every ts block type-checks', () => {
    const diagnostics = typecheckSnippets({
      root: ROOT,
      snippets: blocks,
      paths: {
        '@commerce-kit/sandbox': ['src/index.ts'],
        '@commerce-kit/sandbox/testing': ['src/testing.ts'],
        '@commerce-kit/api-client': ['../api-client/src/index.ts'],
        '@commerce-kit/api-client/oauth': ['../api-client/src/oauth/index.ts'],
        '@commerce-kit/webhooks': ['../webhooks/src/index.ts'],
      },
    });
    expect(diagnostics).toEqual([]);
  }, 60_000);

  it('the Public API table lists every export of every entry', () => {
    expect(compareApiTable({ root: ROOT, entries: { '@commerce-kit/sandbox': 'src/index.ts', '@commerce-kit/sandbox/testing': 'src/testing.ts' } })).toEqual({
      undocumented: [],
      notExported: [],
      unknownEntries: [],
    });
  });

  it('the first example runs', async () => {
    const file = join(ROOT, 'test', '__readme_run.test-support.ts');
    writeFileSync(file, blocks[0]!.replace(/from '@commerce-kit\/sandbox'/g, "from '../src/index.js'"));
    const logged: unknown[][] = [];
    const log = console.log;
    console.log = (...args: unknown[]) => void logged.push(args);
    try {
      await import(/* @vite-ignore */ file);
    } finally {
      console.log = log;
      rmSync(file, { force: true });
    }
    expect(logged).toEqual([[expect.stringMatching(/^cus_/), 10, true]]);
  });
});
