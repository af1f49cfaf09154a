// The main entry runs in browsers and edge runtimes: neither it nor any chunk it loads imports a Node
// built-in or the fake-data generator (those are for the `/mock` entry and the CLI).
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from './helpers.js';

const DIST = path.join(PACKAGE_ROOT, 'dist');
const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/** Every module specifier `file` imports, following the package's own chunks. */
function importGraph(file: string, seen = new Set<string>()): { files: string[]; external: string[] } {
  const external = new Set<string>();
  const visit = (current: string): void => {
    if (seen.has(current)) return;
    seen.add(current);
    const text = readFileSync(current, 'utf8');
    for (const [, spec] of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\(\s*)['"]([^'"]+)['"]/g)) {
      if (spec!.startsWith('./')) visit(path.join(path.dirname(current), spec!));
      else external.add(spec!);
    }
  };
  visit(file);
  return { files: [...seen], external: [...external].sort() };
}

describe('portability of the main entry', () => {
  it.each(['index.js', 'index.cjs'])('dist/%s and its chunks import no Node built-in and not faker', (name) => {
    const { files, external } = importGraph(path.join(DIST, name));
    expect(files.length).toBeGreaterThan(1);
    expect(external.filter((spec) => BUILTINS.has(spec) || spec.startsWith('@faker-js/'))).toEqual([]);
    // jsonc-parser and fastest-levenshtein are bundled (their ESM builds: see tsup.config.ts).
    expect(external).toEqual([]);
    for (const file of files) expect(readFileSync(file, 'utf8'), file).not.toMatch(/\beval\(|new Function\(/);
  });

  // Each locale from its own entry: '@faker-js/faker' itself loads all 70 locales (0.3 s of CPU per start).
  it('the /mock entry is where faker is loaded, one locale entry per store language, never all of them', () => {
    const faker = importGraph(path.join(DIST, 'mock.js')).external.filter((spec) => spec.startsWith('@faker-js/'));
    expect(faker).toContain('@faker-js/faker/locale/en_US');
    expect(faker).toHaveLength(11);
    expect(faker.every((spec) => spec.startsWith('@faker-js/faker/locale/'))).toBe(true);
  });
});
