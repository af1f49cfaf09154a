// Which command line the CLI prints for itself: `npm run sandbox --` in the commerce-kit repository (its
// bin is on no PATH there), `npx commerce-sandbox` where the package is installed.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { invocation, NPX_INVOCATION, REPOSITORY_INVOCATION } from '../src/cli/invocation.js';

const root = testTempDir('sandbox-invocation-');

/** Writes `files` (path -> JSON, or a string as it is) under a new directory; returns the path of a file inside the sandbox package's dist. */
function layout(name: string, files: Record<string, unknown>, cli: string): string {
  const base = path.join(root, name);
  for (const [file, json] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
    writeFileSync(path.join(base, file), typeof json === 'string' ? json : JSON.stringify(json));
  }
  return path.join(base, cli);
}

const sandboxPackage = { name: '@commerce-kit/sandbox', version: '0.1.0' };
const repoRoot = {
  name: 'commerce-kit',
  private: true,
  scripts: { start: 'node tools/start.mjs', sandbox: 'node tools/start.mjs' },
};

describe('invocation', () => {
  test('this checkout: the root script', () => {
    expect(invocation()).toBe(REPOSITORY_INVOCATION);
    expect(REPOSITORY_INVOCATION).toBe('npm run sandbox --');
    // The built CLI decides from its own place in the same way.
    expect(invocation(fileURLToPath(new URL('../dist/cli.js', import.meta.url)))).toBe(REPOSITORY_INVOCATION);
  });

  test('a repository layout with the sandbox script: the root script', () => {
    const cli = layout(
      'repo',
      { 'package.json': repoRoot, 'packages/sandbox/package.json': sandboxPackage },
      'packages/sandbox/dist/cli.js',
    );
    expect(invocation(cli)).toBe(REPOSITORY_INVOCATION);
    // From the sources too (src/cli/…).
    expect(invocation(path.join(path.dirname(path.dirname(cli)), 'src/cli/invocation.ts'))).toBe(REPOSITORY_INVOCATION);
  });

  test.each([
    [
      'installed as a dependency',
      { 'package.json': { name: 'my-app' }, 'node_modules/@commerce-kit/sandbox/package.json': sandboxPackage },
      'node_modules/@commerce-kit/sandbox/dist/cli.js',
    ],
    [
      'installed globally',
      { 'lib/node_modules/@commerce-kit/sandbox/package.json': sandboxPackage },
      'lib/node_modules/@commerce-kit/sandbox/dist/cli.js',
    ],
    [
      'a dependency of a project that is itself laid out like the repository',
      {
        'package.json': repoRoot,
        'packages/app/package.json': { name: 'app' },
        'packages/app/node_modules/@commerce-kit/sandbox/package.json': sandboxPackage,
      },
      'packages/app/node_modules/@commerce-kit/sandbox/dist/cli.js',
    ],
    [
      'another monorepo without the sandbox script',
      {
        'package.json': { name: 'commerce-kit', scripts: { start: 'x' } },
        'packages/sandbox/package.json': sandboxPackage,
      },
      'packages/sandbox/dist/cli.js',
    ],
    [
      'a root package.json that is not JSON',
      { 'package.json': '{ not json', 'packages/sandbox/package.json': sandboxPackage },
      'packages/sandbox/dist/cli.js',
    ],
    ['no package.json at all', {}, 'somewhere/dist/cli.js'],
  ])('%s: npx commerce-sandbox', (name, files, cli) => {
    expect(invocation(layout(name.replace(/\W+/g, '-'), files, cli))).toBe(NPX_INVOCATION);
  });
});
