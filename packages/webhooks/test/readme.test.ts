/**
 * The README's `ts` examples compile against the package source with the repo's strict settings,
 * and every feature of the package has an example.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');

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
    const files = new Map(blocks.map((code, i) => [join(ROOT, 'test', `__readme_${i}.ts`), code]));
    files.set(join(ROOT, 'test', '__readme_ambient.d.ts'), AMBIENT);
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: ['node'],
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      verbatimModuleSyntax: true,
      skipLibCheck: true,
      noEmit: true,
      baseUrl: ROOT,
      paths: {
        '@commerce-kit/webhooks': ['src/index.ts'],
        '@commerce-kit/webhooks/testing': ['src/testing.ts'],
        '@commerce-kit/api-client': ['../api-client/src/index.ts'],
      },
    };
    const host = ts.createCompilerHost(options);
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (name, language, onError) => {
      const code = files.get(name);
      return code === undefined ? getSourceFile(name, language, onError) : ts.createSourceFile(name, code, language);
    };
    const fileExists = host.fileExists.bind(host);
    host.fileExists = (name) => files.has(name) || fileExists(name);
    const readFile = host.readFile.bind(host);
    host.readFile = (name) => files.get(name) ?? readFile(name);
    const program = ts.createProgram([...files.keys()], options, host);
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file === undefined || files.has(d.file.fileName))
      .map((d) => {
        const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
        return `${d.file?.fileName ?? ''}:${where ? where.line + 1 : ''} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
      });
    expect(diagnostics).toEqual([]);
  }, 60_000);
});
