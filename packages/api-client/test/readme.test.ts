// The README's examples, Public API table and wording (see tools/testing/readme.mjs), and the defaults it states.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeReadme } from '../../../tools/testing/readme.mjs';

const { readme, blocks } = describeReadme({
  root: fileURLToPath(new URL('..', import.meta.url)),
  entries: {
    '@commerce-kit/api-client': 'src/index.ts',
    '@commerce-kit/api-client/oauth': 'src/oauth/index.ts',
    '@commerce-kit/api-client/testing': 'src/testing/index.ts',
  },
  features: [
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
    'maxRetries',
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
  ],
});

describe('README content', () => {
  it('has the examples the run test executes', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(12);
  });

  it('states the defaults', () => {
    expect(readme).toMatch(/`rateLimit` \| on: at most 200 request starts per minute/);
    expect(readme).toMatch(/`maxRetryAfterSeconds` \| `60`/);
    expect(readme).toMatch(/must be `https:\/\/`, or `http:\/\/` to a loopback host/);
  });
});
