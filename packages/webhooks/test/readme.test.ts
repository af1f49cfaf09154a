/**
 * The README's `ts` examples compile against the package source with the repo's strict settings,
 * and every feature of the package has an example.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
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
      'verifyDelivery(',
      'parseDelivery(',
      'WebhookVerificationError',
      'readSignatureHeader(',
      'HTTP_X_SERVICE_SIGNATURE',
      'parseTimestamp(',
      'toleranceSeconds',
      "secret: ['new-key', 'old-key']",
      'WEBHOOK_EVENT_TYPES',
      'isWebhookEventType(',
      'case undefined',
      'createClient(',
      'createWebhookHandler(',
      'webhooks.node',
      'webhooks.fetch',
      'createServer(webhooks)',
      'webhooks.handle(',
      'express.json()',
      'userKey',
      'concurrency',
      'retry:',
      'onError',
      'drain()',
      'close()',
      'timeoutMs',
      'WebhookShutdownTimeoutError',
      'clock:',
      'now: () => new Date()',
      'IdempotencyStore',
      'MemoryIdempotencyStore',
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
    }, ambient: AMBIENT });
    expect(diagnostics).toEqual([]);
  }, 60_000);
});
