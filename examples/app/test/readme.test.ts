// The README walks through the code with excerpts: each ```ts block names its file on its first line
// (`// src/install.ts`) and, between `// …` lines, holds text copied from that file. This keeps them copied.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '');

test('the README has excerpts, each naming its file', () => {
  expect(blocks.length).toBeGreaterThan(5);
  for (const block of blocks) expect(block).toMatch(/^\/\/ (src|test)\/[\w/.-]+\.ts\n/);
});

test.each(blocks.map((block) => [block.slice(3, block.indexOf('\n')), block] as const))(
  'every excerpt of %s is in it, as it is',
  (file, block) => {
    const source = readFileSync(path.join(ROOT, file), 'utf8');
    const pieces = block
      .slice(block.indexOf('\n') + 1)
      .split(/^ *\/\/ …\n/m)
      .filter((piece) => piece.trim() !== '');
    for (const piece of pieces) expect(source, `${file} no longer holds:\n${piece}`).toContain(piece);
  },
);
