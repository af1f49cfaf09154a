// The README's examples, Public API table and wording (see tools/testing/readme.mjs).
import { fileURLToPath } from 'node:url';
import { describeReadme } from '../../../tools/testing/readme.mjs';

describeReadme({
  root: fileURLToPath(new URL('..', import.meta.url)),
  entries: {
    '@commerce-kit/redis': 'src/index.ts',
    '@commerce-kit/redis/rate-limit': 'src/rate-limit/index.ts',
    '@commerce-kit/redis/webhooks': 'src/webhooks/index.ts',
    '@commerce-kit/redis/testing': 'src/testing/index.ts',
  },
  features: [
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
  ],
});
