// The root lint configuration catches what it is there for, and leaves generated code alone: each
// type-aware ESLint rule on a probe linted as if it were a file of a package, Biome's formatting and
// lint on stdin, and tools/lint.mjs's usage errors.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../lib/generated-files.mjs';
import { testTempDir } from '../testing/temp-dir.mjs';

const require = createRequire(import.meta.url);
const BIOME = path.join(path.dirname(require.resolve('@biomejs/biome/package.json')), 'bin', 'biome');
// Type-aware rules check only files of a TypeScript program: each probe stands in for the text of a real
// file of packages/internal (nothing is written to it), type-checked with that package's tsconfig.json
// (the repository's configuration builds one program over the whole tree: 20 s for a probe).
const PROBE = path.join(REPO_ROOT, 'packages/internal/clock.ts');

const eslint = new ESLint({
  cwd: REPO_ROOT,
  // Not typescript-eslint's single run (its default under CI=true), which reads the program's files from disk
  // and would not see a probe's text.
  overrideConfig: {
    languageOptions: {
      parserOptions: { project: ['./packages/internal/tsconfig.json'], disallowAutomaticSingleRunInference: true },
    },
  },
});

/** The rule ids ESLint reports for `text` linted as `filePath`. */
async function ruleIds(text, filePath = PROBE) {
  const [result] = await eslint.lintText(text, { filePath });
  return result.messages.map((message) => message.ruleId ?? message.message);
}

function biome(args, input, cwd = REPO_ROOT) {
  return spawnSync(process.execPath, [BIOME, ...args], { cwd, input, encoding: 'utf8' });
}

/** Biome's diagnostics for `text` as a file checked with the repository's biome.json (outside git); in a test. */
function biomeLint(text) {
  const dir = testTempDir('biome-probe-');
  const config = JSON.parse(readFileSync(path.join(REPO_ROOT, 'biome.json'), 'utf8'));
  delete config.$schema;
  config.vcs = { enabled: false };
  writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config));
  writeFileSync(path.join(dir, 'probe.ts'), text);
  return biome(['lint', 'probe.ts'], undefined, dir);
}

describe('ESLint (eslint.config.mjs): the type-aware rules', () => {
  it('reports a promise nobody awaits or handles', async () => {
    const text =
      'const p: Promise<number> = Promise.resolve(1);\nexport function f(): void {\n  p.then((n) => n + 1);\n}\n';
    expect(await ruleIds(text)).toEqual(['@typescript-eslint/no-floating-promises']);
    expect(await ruleIds(text.replace('  p.then', '  void p.then'))).toEqual([]);
  });

  it('reports an async callback where the caller ignores what it returns', async () => {
    const text =
      'export function f(items: number[]): void {\n  items.forEach(async (n) => {\n    await Promise.resolve(n);\n  });\n}\n';
    expect(await ruleIds(text)).toEqual(['@typescript-eslint/no-misused-promises']);
  });

  it('reports await on a value that is not a thenable', async () => {
    expect(await ruleIds('export async function f(n: number): Promise<number> {\n  return await n;\n}\n')).toEqual([
      '@typescript-eslint/await-thenable',
    ]);
  });

  it('reports a switch over a union that misses a member, and accepts one with a default', async () => {
    const text =
      "export function f(kind: 'a' | 'b'): number {\n  switch (kind) {\n    case 'a':\n      return 1;\n  }\n  return 0;\n}\n";
    expect(await ruleIds(text)).toEqual(['@typescript-eslint/switch-exhaustiveness-check']);
    expect(await ruleIds(text.replace('return 1;\n  }', 'return 1;\n    default:\n      return 2;\n  }'))).toEqual([]);
  });

  it('does not lint generated code', async () => {
    const file = path.join(REPO_ROOT, 'packages/api-types/src/generated/lint-probe.ts');
    expect(await eslint.isPathIgnored(file)).toBe(true);
  });
});

describe('Biome (biome.json)', () => {
  it('formats to the house layout: two spaces, single quotes, semicolons, trailing commas', () => {
    const formatted = biome(
      ['format', '--stdin-file-path=packages/internal/probe.ts'],
      'export const a = {b: "c", d: [1,2]}\n',
    );
    expect(formatted.status).toBe(0);
    expect(formatted.stdout).toBe("export const a = { b: 'c', d: [1, 2] };\n");
  });

  it('fails the check on a file that is not formatted or breaks a lint rule', () => {
    const unformatted = biome(['check', '--stdin-file-path=packages/internal/probe.ts'], 'export const a = {b: 1}\n');
    expect(unformatted.status).toBe(1);
    expect(unformatted.stderr).toContain("contents aren't fixed");
    const lint = biomeLint('export function f() {\n  let x;\n  x = 1;\n  return x;\n}\n');
    expect(lint.status).toBe(1);
    expect(`${lint.stdout}${lint.stderr}`).toContain('noImplicitAnyLet');
  });
});

describe('tools/lint.mjs', () => {
  it('exits 2 on an unknown flag and names it', () => {
    const result = spawnSync(process.execPath, ['tools/lint.mjs', '--bogus'], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("'--bogus'");
  });
});
