// An nx plugin: each workspace's package.json scripts become nx targets that run the script's command
// directly (nx:run-commands, cwd the package, its node_modules/.bin and the root's on PATH, as `npm run`
// has them). nx's own inference runs a script through a forked executor process that starts `npm run`,
// which starts the shell: 1.2 CPU-s per task before the script runs, about 25 tasks in `npm test`.
// Every workspace's package.json says `"nx": { "includedScripts": [] }`, or nx's inferred targets would
// replace these; a workspace without it fails the project graph, naming the file. `nx.targets` in a
// package.json (inputs, dependsOn, ...) still applies on top.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT_MANIFEST = new URL('../../package.json', import.meta.url);
const { workspaces } = JSON.parse(readFileSync(ROOT_MANIFEST, 'utf8'));

/** @type {import('nx/src/project-graph/plugins').CreateNodesV2} */
export const createNodesV2 = [
  `{${workspaces.join(',')}}/package.json`,
  (files, _options, context) =>
    files.map((file) => {
      const manifest = JSON.parse(readFileSync(path.join(context.workspaceRoot, file), 'utf8'));
      const included = manifest.nx?.includedScripts;
      if (!Array.isArray(included) || included.length > 0)
        throw new Error(
          `${file}: set "nx": { "includedScripts": [] } (tools/nx/script-targets.mjs makes its scripts nx targets)`,
        );
      const root = path.dirname(file);
      const targets = Object.fromEntries(
        Object.entries(manifest.scripts ?? {}).map(([name, command]) => [
          name,
          { executor: 'nx:run-commands', options: { command, cwd: root } },
        ]),
      );
      return [file, { projects: { [root]: { targets } } }];
    }),
];
