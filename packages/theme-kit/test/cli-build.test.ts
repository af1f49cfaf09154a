// What `theme-kit` loads at its start, read from the build (dist/, made by test/global-setup.ts): each
// command's module is imported when the command runs, so `--version` and `--help` load no command and no
// library, and `check` never loads the dev server, `render` or the mock store; the ESM files import
// LiquidJS's ESM build, never its CommonJS main entry (Node lexes that whole file for its exports at every
// start). The import graph is read from the files' static `import`/`export ... from` statements.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCommand } from '@commerce-kit/internal/cli/command';
import { THEME_KIT_CLI } from '../src/cli/program.js';
import { BIN } from './support/bin.js';

const DIST = path.dirname(BIN);
const STATIC = /^(?:import|export)\s[^'";]*?\sfrom\s+['"]([^'"]+)['"]|^import\s+['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

const read = (file: string): string => readFileSync(path.join(DIST, file), 'utf8');
const specifiers = (code: string, pattern: RegExp): string[] =>
  [...code.matchAll(pattern)].map((m) => m[1] ?? m[2] ?? '').filter((s) => s !== '');

/** What loading `file` loads before any of its code runs: the files of dist/ and the packages, by static imports. */
function staticGraph(file: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (name: string): void => {
    if (files.has(name)) return;
    files.add(name);
    for (const spec of specifiers(read(name), STATIC)) {
      if (spec.startsWith('./')) visit(spec.slice(2));
      else packages.add(spec.replace(/^node:/, ''));
    }
  };
  visit(file);
  return { files, packages };
}

/** The dist file `import('./x.js')` of `from` names, whose name starts with `prefix`. */
function lazyChunk(from: string, prefix: string): string {
  const found = specifiers(read(from), DYNAMIC).filter((s) => s.startsWith(`./${prefix}`));
  expect(found, `${from} imports ${prefix}* when it runs`).toHaveLength(1);
  return found[0]!.slice(2);
}

describe('the start of theme-kit, in the build', () => {
  it('--version and --help load no command and no library: only the command line and its table', () => {
    const { packages } = staticGraph('cli.js');
    expect([...packages].filter((p) => !['fs', 'fs/promises', 'path', 'url', 'util', 'process'].includes(p))).toEqual(
      [],
    );
    for (const name of ['check-command', 'dev-command', 'render-command', 'init-command'])
      expect(lazyChunk('cli.js', name)).toMatch(/\.js$/);
    expect(specifiers(read('cli.js'), DYNAMIC)).toContain('@commerce-kit/theme-config/cli');
  });

  it('check loads the checks, not the dev server, the renderer of pages, the mock store or the language server', () => {
    const check = staticGraph(lazyChunk('cli.js', 'check-command'));
    expect(check.packages).toContain('liquidjs/dist/liquid.node.mjs');
    expect(check.packages).toContain('@commerce-kit/theme-config');
    for (const unwanted of [
      'http',
      'crypto',
      '@commerce-kit/theme-config/cli',
      '@commerce-kit/theme-config/mock',
      'vscode-languageserver/node',
    ])
      expect(check.packages, unwanted).not.toContain(unwanted);
    const dev = staticGraph(lazyChunk('cli.js', 'dev-command'));
    const devOnly = [...dev.files].filter((f) => !check.files.has(f));
    expect(devOnly.length, 'the dev server lives in files check does not load').toBeGreaterThan(1);
  });

  it("the ESM files load vscode-languageserver with require (Node's lexer would read every file it re-exports from)", () => {
    const esm = listDist().filter((f) => f.endsWith('.js'));
    for (const file of esm) expect(specifiers(read(file), STATIC), file).not.toContain('vscode-languageserver/node.js');
    const server = lazyChunk('cli.js', 'process'); // the language server, loaded when its command runs
    expect(read(server)).toContain(`createRequire(import.meta.url)("vscode-languageserver/node.js")`);
  });

  it('the language server reaches its first diagnostics without the editor features or the mock store', () => {
    const server = lazyChunk('cli.js', 'process');
    const start = staticGraph(server);
    expect(start.packages).toContain('liquidjs/dist/liquid.node.mjs');
    for (const unwanted of ['@commerce-kit/theme-config/mock', '@faker-js/faker'])
      expect(
        [...start.packages].filter((p) => p.startsWith(unwanted)),
        unwanted,
      ).toEqual([]);
    // The features load after the first diagnostics (or with the first request), with the mock store.
    const features = staticGraph(lazyChunk(server, 'language'));
    expect(features.packages).toContain('@commerce-kit/theme-config/mock');
  });

  it("the ESM files import LiquidJS's ESM build, the CJS files its main entry", () => {
    const files = listDist();
    for (const file of files.filter((f) => f.endsWith('.js')))
      expect(specifiers(read(file), STATIC), file).not.toContain('liquidjs');
    const cjs = files.filter((f) => f.endsWith('.cjs')).map(read);
    expect(cjs.some((code) => code.includes(`require('liquidjs')`) || code.includes(`require("liquidjs")`))).toBe(true);
    expect(cjs.some((code) => code.includes('liquid.node.mjs'))).toBe(false);
  });
});

describe('the command table', () => {
  it("each lazily loaded command is the one its entry names, with the entry's summary", async () => {
    for (const entry of THEME_KIT_CLI.commands) {
      const command = await loadCommand(entry);
      expect(command.name).toBe(entry.name);
      expect(command.summary, entry.name).toBe(entry.summary);
    }
  });
});

function listDist(): string[] {
  // Top-level files only: blocks/ and schemas/ hold data, not code.
  return readdirSync(DIST).filter((f) => /\.c?js$/.test(f));
}
