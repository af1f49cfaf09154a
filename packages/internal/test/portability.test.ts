import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Inlined into api-client and webhooks, which run on Node, Deno, Bun, browsers and edge runtimes.
// The root modules only: `cli/` is the Node-only command-line framework.
/** Pure-JavaScript packages a root module may import (each using package lists them in its dependencies). */
const PORTABLE_PACKAGES = ['fastest-levenshtein', '@faker-js/faker'];

describe('internal modules are portable', () => {
  const dir = new URL('../', import.meta.url);
  const files = readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.config.ts'));

  it('import only each other (and pure-JavaScript packages), and use no Node-only globals', () => {
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const name of files) {
      const text = readFileSync(new URL(name, dir), 'utf8');
      for (const [, spec] of text.matchAll(/from\s+'([^']+)'/g)) {
        if (!PORTABLE_PACKAGES.includes(spec ?? ''))
          expect(spec, `${name} imports ${spec}`).toMatch(/^(\.\/|@commerce-kit\/internal\/)/);
      }
      const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
      expect(code, name).not.toMatch(/\brequire\(|\bprocess\.|\bBuffer\b|['"]node:|\beval\(|new Function/);
    }
  });
});
