/**
 * Child processes of the multi-process tests run plain Node: their TypeScript entry (and this
 * package's sources) is bundled with esbuild into test/.tmp, with ioredis and the other packages left
 * to Node's resolution (their built dist).
 */
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const TEST_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
const OUT_DIR = join(TEST_DIR, '.tmp');

/** Bundles `test/<entry>.ts` to `test/.tmp/<entry>.mjs` and returns its path. */
export async function bundleChild(entry: string): Promise<string> {
  mkdirSync(OUT_DIR, { recursive: true });
  const outfile = join(OUT_DIR, `${entry.replace(/[/\\]/g, '-')}.mjs`);
  await build({
    entryPoints: [join(TEST_DIR, `${entry}.ts`)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['ioredis', '@commerce-kit/api-client', '@commerce-kit/webhooks'],
    logLevel: 'error',
  });
  return outfile;
}
