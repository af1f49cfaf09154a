/**
 * The package must run where there is no Node: no `node:` imports, no `Buffer`, no `process`.
 * The source is bundled with esbuild and executed in a bare `vm` context that offers only the web
 * globals an edge runtime has (TextEncoder/Decoder, crypto, Headers/Request/Response, timers).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createContext, runInContext } from 'node:vm';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe('edge runtimes', () => {
  it('the source has no node: imports and no Buffer/process use', () => {
    for (const file of sourceFiles(join(ROOT, 'src'))) {
      const code = readFileSync(file, 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
      expect(code, file).not.toMatch(/from ['"]node:|require\(|\bBuffer\b|\bprocess\./);
    }
  });

  it('signs, verifies and handles deliveries in a context without Node globals', async () => {
    const bundle = await build({
      stdin: {
        contents: `export * from './src/index.ts'; export { signTestDelivery } from './src/testing.ts';`,
        resolveDir: ROOT,
        loader: 'ts',
      },
      bundle: true,
      write: false,
      format: 'iife',
      globalName: 'webhooks',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      target: 'es2022',
      logLevel: 'silent',
    });
    const code = bundle.outputFiles[0]!.text;
    const context = createContext({
      TextEncoder,
      TextDecoder,
      crypto: globalThis.crypto,
      Headers,
      Request,
      Response,
      ReadableStream,
      setTimeout,
      console,
    });
    runInContext(code, context);
    const script = `
      (async () => {
        const w = webhooks;
        const hasNode = typeof Buffer !== 'undefined' || typeof process !== 'undefined' || typeof require !== 'undefined';
        const signature = w.computeSignature('whsec_test_secret', '1700000000', '8f3c2a1b9d4e5f60718293a4b5c6d7e8');
        const asyncSignature = await w.computeSignatureAsync('whsec_test_secret', '1700000000', '8f3c2a1b9d4e5f60718293a4b5c6d7e8');
        const seen = [];
        const handler = w.createWebhookHandler({ secret: 'edge', onEvent: (e) => { seen.push(e.data.id); } });
        const d = w.signTestDelivery('edge', { id: 'cus_edge' }, { type: 'customer_created' });
        const response = await handler.fetch(new Request('https://worker.example/webhooks', { method: 'POST', body: d.body, headers: d.headers }));
        const bad = await handler.fetch(new Request('https://worker.example/webhooks', { method: 'POST', body: d.body }));
        await handler.close();
        return { hasNode, signature, asyncSignature, status: response.status, badStatus: bad.status, badBody: await bad.json(), seen };
      })()`;
    const result = (await runInContext(script, context)) as Record<string, unknown>;
    expect(result).toEqual({
      hasNode: false,
      signature: 'AZx0zJdtbcaVvCc9mMKl3vQWsbmNOjON52HvPR437LQ=',
      asyncSignature: 'AZx0zJdtbcaVvCc9mMKl3vQWsbmNOjON52HvPR437LQ=',
      status: 200,
      badStatus: 400,
      badBody: { received: false, reason: 'missing_signature' },
      seen: ['cus_edge'],
    });
  });
});
