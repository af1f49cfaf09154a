// tools/nx/script-targets.mjs: a workspace's scripts become nx targets that run their commands in the
// package's directory; a workspace that would also get nx's own npm-script targets is an error naming it.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNodesV2 } from '../nx/script-targets.mjs';
import { testTempDir } from '../testing/temp-dir.mjs';

const [pattern, createNodes] = createNodesV2;

/** A workspace root holding `manifests` (path -> package.json), removed when the test ends. */
function workspace(manifests) {
  const root = testTempDir('nx-script-targets-');
  for (const [file, manifest] of Object.entries(manifests)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), JSON.stringify(manifest));
  }
  return root;
}

describe('nx script targets', () => {
  it("matches the package.json of each of the root's workspaces", () => {
    expect(pattern).toBe('{tools,packages/*,editors/*,examples/*}/package.json');
  });

  it('each script is a target running its command in the package directory', () => {
    const manifest = { name: '@s/a', scripts: { build: 'tsup', test: 'vitest run' }, nx: { includedScripts: [] } };
    const root = workspace({ 'packages/a/package.json': manifest });
    expect(createNodes(['packages/a/package.json'], undefined, { workspaceRoot: root })).toEqual([
      [
        'packages/a/package.json',
        {
          projects: {
            'packages/a': {
              targets: {
                build: { executor: 'nx:run-commands', options: { command: 'tsup', cwd: 'packages/a' } },
                test: { executor: 'nx:run-commands', options: { command: 'vitest run', cwd: 'packages/a' } },
              },
            },
          },
        },
      ],
    ]);
  });

  it('a package.json without "includedScripts": [] fails, naming the file', () => {
    const root = workspace({
      'packages/a/package.json': { name: '@s/a', scripts: { test: 'vitest run' } },
      'packages/b/package.json': { name: '@s/b', scripts: { test: 'vitest run' }, nx: { includedScripts: ['test'] } },
    });
    for (const file of ['packages/a/package.json', 'packages/b/package.json'])
      expect(() => createNodes([file], undefined, { workspaceRoot: root })).toThrow(
        `${file}: set "nx": { "includedScripts": [] }`,
      );
  });
});
