/**
 * The README's `ts` examples compile against the package sources with the repo's strict settings,
 * every feature has an example, and the Public API table lists exactly what the entries export.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareApiTable } from '../../../tools/testing/public-api.mjs';
import { readReadme, tsCodeBlocks, typecheckSnippets } from '../../../tools/testing/typecheck-snippets.mjs';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const blocks = tsCodeBlocks(readReadme(ROOT));
const ENTRIES = {
  '@commerce-kit/redis': 'src/index.ts',
  '@commerce-kit/redis/rate-limit': 'src/rate-limit/index.ts',
  '@commerce-kit/redis/webhooks': 'src/webhooks/index.ts',
  '@commerce-kit/redis/testing': 'src/testing.ts',
};

describe('README', () => {
  it('has an example for every feature', () => {
    const all = blocks.join('\n');
    for (const feature of [
      'new RedisRateLimitStore(',
      'accountKey',
      'windowPaddingMs',
      'RedisUnavailableError',
      'createRedisWebhookReceiver(',
      'receiver.node',
      'createRedisWebhookWorker(',
      'context.deliveries',
      'worker.close(',
      'claimIdleMs',
      'maxDeliveries',
      'retry:',
      'DeliveryFailedError',
      'keyPrefix',
      'queue:',
      'RedisIdempotencyStore(',
      'RedisUserLock(',
      'RedisAdapterConfigurationError',
      'inspect(',
      'startRedisServer(',
      'ManualClock(',
    ]) {
      expect(all, feature).toContain(feature);
    }
  });

  it('every ts block type-checks', () => {
    const paths = Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, [file]]));
    expect(typecheckSnippets({ root: ROOT, snippets: blocks, paths: { ...paths, '@commerce-kit/api-client': ['../api-client/src/index.ts'] } })).toEqual([]);
  }, 60_000);

  it('the Public API table lists every export of every entry, and nothing else', () => {
    expect(compareApiTable({ root: ROOT, entries: ENTRIES })).toEqual({ undocumented: [], notExported: [], unknownEntries: [] });
  }, 60_000);
});
