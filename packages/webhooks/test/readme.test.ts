/**
 * The README's `ts` examples compile against the package source with the repo's strict settings,
 * and every feature of the package has an example.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareApiTable } from '../../../tools/testing/public-api.mjs';
import { readReadme, tsCodeBlocks, typecheckSnippets } from '../../../tools/testing/typecheck-snippets.mjs';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const blocks = tsCodeBlocks(readReadme(ROOT));

// Frameworks the examples mention are not installed here: minimal typings stand in for them.
const AMBIENT = `
declare module 'express' {
  type Handler = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => unknown;
  interface App { use(middleware: unknown): void; post(path: string, handler: Handler): void; listen(port: number): unknown }
  interface Express { (): App; json(): unknown }
  const express: Express;
  export default express;
}
declare module 'hono' {
  export class Hono { post(path: string, handler: (c: { req: { raw: Request } }) => Response | Promise<Response>): void }
}
`;

describe('README examples', () => {
  it('has an example for every feature', () => {
    const all = blocks.join('\n');
    for (const feature of [
      'computeSignature(',
      'verifySignature(',
      'computeSignatureAsync(',
      'verifySignatureAsync(',
      'prepareSecret(',
      'signedMessage(',
      'verifyDelivery(',
      'parseDelivery(',
      'WebhookVerificationError',
      'readSignatureHeader(',
      'HTTP_X_SERVICE_SIGNATURE',
      'parseTimestamp(',
      'maxAgeSeconds',
      'maxFutureSeconds',
      'DEFAULT_MAX_AGE_SECONDS',
      "secret: ['new-key', 'old-key']",
      'WEBHOOK_EVENT_TYPES',
      'isWebhookEventType(',
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
    ]) {
      expect(all, feature).toContain(feature);
    }
  });

  it('every ts block type-checks', () => {
    const diagnostics = typecheckSnippets({ root: ROOT, snippets: blocks, paths: {
      '@commerce-kit/webhooks': ['src/index.ts'],
      '@commerce-kit/webhooks/testing': ['src/testing.ts'],
      '@commerce-kit/api-client': ['../api-client/src/index.ts'],
      '@commerce-kit/redis/webhooks': ['../redis/src/webhooks/index.ts'],
    }, ambient: AMBIENT });
    expect(diagnostics).toEqual([]);
  }, 60_000);

  it('the Public API table lists exactly what the entries export', () => {
    const result = compareApiTable({
      root: ROOT,
      entries: { '@commerce-kit/webhooks': 'src/index.ts', '@commerce-kit/webhooks/testing': 'src/testing.ts' },
    });
    expect(result).toEqual({ undocumented: [], notExported: [], unknownEntries: [] });
  });

  it('speaks to npm users: no internal document names or issue numbers', () => {
    const published = [readReadme(ROOT), ...sourceTexts(join(ROOT, 'src'))].join('\n');
    expect(published).not.toMatch(/document 00\d|\b00[01]_[0-9a-f]{6}|issue #?\d+|issues show/i);
  });
});

function sourceTexts(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceTexts(join(dir, entry.name)) : [readFileSync(join(dir, entry.name), 'utf8')],
  );
}
