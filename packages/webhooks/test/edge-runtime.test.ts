/**
 * The package must run where there is no Node: no `node:` imports, no `Buffer`, and `process` read
 * only by the guarded node:crypto lookup. The source is bundled with esbuild and executed in a bare
 * `vm` context that offers only the web globals an edge runtime has (TextEncoder/Decoder, crypto,
 * Headers/Request/Response, timers), with and without a `process.getBuiltinModule`.
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

const NODE_CRYPTO_LOOKUP = join(ROOT, 'src/crypto/node-crypto.ts');

describe('edge runtimes', () => {
  it('the source has no node: imports, no require and no Buffer; process only through the guarded node:crypto lookup', () => {
    for (const file of sourceFiles(join(ROOT, 'src'))) {
      const code = readFileSync(file, 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
      expect(code, file).not.toMatch(/from ['"]node:|import\(|require\(|\bBuffer\b|\beval\(|new Function/);
      if (file === NODE_CRYPTO_LOOKUP) {
        // Read off globalThis, optional at every step, inside try/catch.
        expect(code).toMatch(/\(globalThis as [^)]*\)\.process;/);
        expect(code).toMatch(/runtime\?\.getBuiltinModule/);
        expect(code).toMatch(/try \{\s*const candidate = getBuiltinModule\.call\(runtime, 'node:crypto'\)/);
      } else {
        expect(code, file).not.toMatch(/\bprocess\b/);
      }
    }
  });

  async function bundle(): Promise<string> {
    const result = await build({
      stdin: {
        contents: `export * from './src/index.ts'; export { signTestDelivery } from './src/testing/index.ts';`,
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
    return result.outputFiles[0]!.text;
  }

  const script = `
    (async () => {
      const w = webhooks;
      const hasNode = typeof Buffer !== 'undefined' || typeof require !== 'undefined';
      const signature = w.computeSignature('whsec_test_secret', '1700000000', '8f3c2a1b9d4e5f60718293a4b5c6d7e8');
      const seen = [];
      const handler = w.createWebhookHandler({ secret: 'edge', onEvent: (e) => { seen.push(e.data.id); } });
      const d = w.signTestDelivery('edge', { id: 'cus_edge' }, { type: 'customer_created' });
      const response = await handler.fetch(new Request('https://worker.example/webhooks', { method: 'POST', body: d.body, headers: d.headers }));
      const bad = await handler.fetch(new Request('https://worker.example/webhooks', { method: 'POST', body: d.body }));
      await handler.close();
      return { hasNode, signature, status: response.status, badStatus: bad.status, badBody: await bad.json(), seen };
    })()`;

  const expected = {
    hasNode: false,
    signature: 'AZx0zJdtbcaVvCc9mMKl3vQWsbmNOjON52HvPR437LQ=',
    status: 200,
    badStatus: 400,
    badBody: { received: false, reason: 'missing_signature' },
    seen: ['cus_edge'],
  };

  const webGlobals = {
    TextEncoder,
    TextDecoder,
    crypto: globalThis.crypto,
    Headers,
    Request,
    Response,
    ReadableStream,
    setTimeout,
    clearTimeout,
    console,
  };

  it('signs, verifies and handles deliveries in a context without Node globals (built-in HMAC)', async () => {
    const context = createContext({ ...webGlobals });
    runInContext(await bundle(), context);
    expect(await runInContext(script, context)).toEqual(expected);
  });

  it('uses node:crypto where process.getBuiltinModule hands it over, and the same results come out', async () => {
    const asked: string[] = [];
    const getBuiltinModule = (id: string) => {
      asked.push(id);
      return process.getBuiltinModule(id);
    };
    const context = createContext({ ...webGlobals, process: { getBuiltinModule } });
    runInContext(await bundle(), context);
    expect(await runInContext(script, context)).toEqual(expected);
    expect(asked).toEqual(['node:crypto']);
  });

  it('falls back to the built-in HMAC where the lookup throws (a runtime that refuses built-ins)', async () => {
    const getBuiltinModule = () => {
      throw new Error('ERR_UNKNOWN_BUILTIN_MODULE');
    };
    const context = createContext({ ...webGlobals, process: { getBuiltinModule } });
    runInContext(await bundle(), context);
    expect(await runInContext(script, context)).toEqual(expected);
  });
});
