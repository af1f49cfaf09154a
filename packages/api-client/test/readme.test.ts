/**
 * The README's `ts` examples compile against the package source (strict settings of the repo),
 * so they cannot drift from the API.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readReadme, tsCodeBlocks, typecheckSnippets } from '../../../tools/testing/typecheck-snippets.mjs';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const blocks = tsCodeBlocks(readReadme(ROOT));

describe('README examples', () => {
  it('has an example for every feature', () => {
    const all = blocks.join('\n');
    for (const feature of [
      'createClient(',
      'fetch: async (input, init)',
      'auth: loadToken',
      "request('GET'",
      'client.get(',
      'client.request(',
      '.list(',
      '.pages()',
      '.toArray({ max',
      'ending_before',
      'InvalidRequestError',
      'RateLimitError',
      'decideRetry(',
      'timeoutMs',
      'signal',
      'accountKey',
      'buildAuthorizeUrl(',
      'verifyState(',
      'exchangeCode(',
      'refreshAccessToken(',
      "clientAuth: 'basic'",
      'createTokenSession(',
      'onTokens',
    ]) {
      expect(all, feature).toContain(feature);
    }
  });

  it('every ts block type-checks', () => {
    const diagnostics = typecheckSnippets({ root: ROOT, snippets: blocks, paths: {
      '@commerce-kit/api-client': ['src/index.ts'],
      '@commerce-kit/api-client/oauth': ['src/oauth/index.ts'],
    } });
    expect(diagnostics).toEqual([]);
    expect(blocks.length).toBeGreaterThanOrEqual(8);
  }, 60_000);
});
