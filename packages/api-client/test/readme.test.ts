/**
 * The README's `ts` examples compile against the package source (strict settings of the repo), its
 * "Public API" table lists exactly what the entries export, and it speaks to npm users.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareApiTable } from '../../../tools/testing/public-api.mjs';
import { readReadme, tsCodeBlocks, typecheckSnippets } from '../../../tools/testing/typecheck-snippets.mjs';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const README = readReadme(ROOT);
const blocks = tsCodeBlocks(README);
const ENTRIES = {
  '@commerce-kit/api-client': 'src/index.ts',
  '@commerce-kit/api-client/oauth': 'src/oauth/index.ts',
  '@commerce-kit/api-client/testing': 'src/testing.ts',
};

describe('README', () => {
  it('has an example for every feature', () => {
    const all = blocks.join('\n');
    for (const feature of [
      'createClient(',
      'fetch: async (input, init)',
      'auth: loadToken',
      'customers.create(',
      'customers.retrieve(',
      'customers.update(',
      'customers.del(',
      "request('GET'",
      'client.get(',
      '.list(',
      '.pages()',
      '.toArray({ max',
      'ending_before',
      'limit: 500',
      'InvalidRequestError',
      'RateLimitError',
      'maxRetryAfterSeconds',
      'decideRetry(',
      'timeoutMs',
      'signal',
      'accountKey',
      'implements RateLimitStore',
      'buildAuthorizeUrl(',
      'verifyState(',
      'exchangeCode(',
      'refreshAccessToken(',
      "clientAuth: 'basic'",
      'createTokenSession(',
      'onTokens',
      'new ManualClock(',
      'resetSharedRateLimiters()',
    ]) {
      expect(all, feature).toContain(feature);
    }
  });

  it('every ts block type-checks', () => {
    const diagnostics = typecheckSnippets({
      root: ROOT,
      snippets: blocks,
      paths: {
        ...Object.fromEntries(Object.entries(ENTRIES).map(([entry, file]) => [entry, [file]])),
        '@commerce-kit/redis/rate-limit': ['../redis/src/rate-limit/index.ts'],
      },
    });
    expect(diagnostics).toEqual([]);
    expect(blocks.length).toBeGreaterThanOrEqual(12);
  }, 60_000);

  it('the Public API table lists every export of every entry, and nothing else', () => {
    expect(compareApiTable({ root: ROOT, entries: ENTRIES })).toEqual({ undocumented: [], notExported: [], unknownEntries: [] });
  }, 60_000);

  it('speaks to npm users: no internal document names or issue numbers', () => {
    expect(README).not.toMatch(/document 00\d|\b00[01]_|issue #?\d+|\(issue/i);
  });

  it('states the defaults', () => {
    expect(README).toMatch(/`rateLimit` \| on: at most 200 request starts per minute/);
    expect(README).toMatch(/`maxRetryAfterSeconds` \| `60`/);
    expect(README).toMatch(/must be `https:\/\/`, or `http:\/\/` to a loopback host/);
  });
});
