// The README's examples, Public API table and wording (see tools/testing/readme.mjs); the published
// sources speak to npm users too.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeReadme, INTERNAL_REFERENCES } from '../../../tools/testing/readme.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

describeReadme({
  root: ROOT,
  entries: { '@commerce-kit/webhooks': 'src/index.ts', '@commerce-kit/webhooks/testing': 'src/testing/index.ts' },
  features: [
    'computeSignature(',
    'verifySignature(',
    'verifyDelivery(',
    'parseDelivery(',
    'WebhookVerificationError',
    'SIGNATURE_HEADER',
    'HTTP_X_SERVICE_SIGNATURE',
    'timestampMs',
    'maxAgeSeconds',
    'maxFutureSeconds',
    "secret: ['new-key', 'old-key']",
    'WEBHOOK_EVENT_TYPES',
    'WebhookEventType[]',
    'case undefined',
    'createClient(',
    'client.customers.retrieve(event.data.id)',
    'createWebhookHandler(',
    'webhooks.node',
    'webhooks.fetch',
    'webhooks.handle(',
    'express.json()',
    'userKey:',
    'concurrency',
    'retry:',
    'onError',
    'onWarning',
    "warning.code === 'dangerous_key_removed'",
    'drain()',
    'close(',
    'timeoutMs',
    'WebhookShutdownTimeoutError',
    'clock',
    'systemClock',
    'new ManualClock(',
    'IdempotencyStore',
    'MemoryIdempotencyStore',
    'UserLock',
    'MemoryUserLock',
    'WebhookError',
    'signTestDelivery(',
  ],
});

describe('published sources', () => {
  it('speak to npm users: no internal document names or issue numbers in TSDoc', () => {
    expect(sourceTexts(join(ROOT, 'src')).join('\n')).not.toMatch(INTERNAL_REFERENCES);
  });
});

function sourceTexts(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceTexts(join(dir, entry.name)) : [readFileSync(join(dir, entry.name), 'utf8')],
  );
}
