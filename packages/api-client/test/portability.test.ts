import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('../src/', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('runs on any runtime with fetch and WebCrypto', () => {
  const files = sources(SRC);

  it('src has no node: (or other runtime-specific) imports and no third-party imports', () => {
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const specifiers = [...text.matchAll(/from\s+'([^']+)'/g)].map((m) => m[1] ?? '');
      for (const spec of specifiers) {
        // @commerce-kit/internal is inlined at build time (and checked for portability in its own tests).
        const allowed =
          spec.startsWith('./') ||
          spec.startsWith('../') ||
          spec === '@commerce-kit/api-types' ||
          spec.startsWith('@commerce-kit/internal/');
        expect(allowed, `${file} imports ${spec}`).toBe(true);
      }
      // Code only: TSDoc examples may mention process.env.
      const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
      expect(code, file).not.toMatch(/\brequire\(|\bprocess\.|\bBuffer\b|node:/);
    }
  });

  it('the package has no third-party runtime dependency', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    expect(Object.keys(pkg.dependencies ?? {})).toEqual(['@commerce-kit/api-types']);
  });
});
