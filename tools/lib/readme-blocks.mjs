// The ```ts blocks of a README: the examples the type check compiles (tools/typecheck.mjs) and the README
// tests read (tools/testing/readme.mjs).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const TS_BLOCK = /```ts\n([\s\S]*?)```/g;

/** The bodies of the ```ts fenced blocks of a Markdown text, in order. */
export function tsCodeBlocks(markdown) {
  return [...markdown.matchAll(TS_BLOCK)].map((match) => match[1] ?? '');
}

/** The README of a package, read as text. */
export function readReadme(root) {
  return readFileSync(path.join(root, 'README.md'), 'utf8');
}

/**
 * The ```ts blocks of the README.md of a published package (not `private`) in `dir`, each a module of its
 * own named `README.md.block-N.ts` beside it, and padded with empty lines so that a diagnostic's line is
 * the README's: `packages/webhooks/README.md.block-3.ts(57,10)` is line 57 of packages/webhooks/README.md.
 * @param {string} dir
 * @returns {{ fileName: string, text: string }[]}
 */
export function readmeModules(dir) {
  const manifest = path.join(dir, 'package.json');
  const readme = path.join(dir, 'README.md');
  if (!existsSync(manifest) || !existsSync(readme)) return [];
  if (JSON.parse(readFileSync(manifest, 'utf8')).private === true) return [];
  const markdown = readFileSync(readme, 'utf8');
  return [...markdown.matchAll(TS_BLOCK)].map((match, index) => ({
    fileName: path.join(dir, `README.md.block-${index + 1}.ts`),
    // The fence's line number of newlines: the block's first line keeps its README line number.
    text: `${'\n'.repeat(markdown.slice(0, match.index).split('\n').length)}${match[1] ?? ''}\nexport {};\n`,
  }));
}
