// The README checks every package runs, in one place: every feature has an example, every ```ts block
// type-checks against the package sources with the repository's strict options, the "Public API" table
// lists exactly what the entries export, and the text speaks to npm users.
import { describe, expect, it } from 'vitest';
import { compareApiTable } from './public-api.mjs';
import { readReadme, tsCodeBlocks, typecheckSnippets } from './typecheck-snippets.mjs';

/** Internal document names and issue numbers: never in a published README. */
export const INTERNAL_REFERENCES = /document 00\d|\b00[01]_[0-9a-f]{6}|issue #?\d+|issues show/i;

/**
 * Defines the README tests of a package.
 * @param {{ root: string, entries: Record<string, string>, features: string[], paths?: Record<string, string[]>, ambient?: string }} options
 *   `entries`: entry name -> source file (relative to `root`), used for the type check and the table;
 *   `features`: strings some example must contain; `paths`: extra module mappings for the examples
 *   (other packages, file patterns); `ambient`: declarations for modules the examples mention but the
 *   repository does not install.
 * @returns {{ readme: string, blocks: string[] }}
 */
export function describeReadme({ root, entries, features, paths = {}, ambient }) {
  const readme = readReadme(root);
  const blocks = tsCodeBlocks(readme);
  describe('README', () => {
    it('has an example for every feature', () => {
      const all = blocks.join('\n');
      for (const feature of features) expect(all, feature).toContain(feature);
    });

    it('every ts block type-checks', () => {
      const entryPaths = Object.fromEntries(Object.entries(entries).map(([entry, file]) => [entry, [file]]));
      expect(
        typecheckSnippets({
          root,
          snippets: blocks,
          paths: { ...entryPaths, ...paths },
          ...(ambient ? { ambient } : {}),
        }),
      ).toEqual([]);
    }, 60_000);

    it('the Public API table lists exactly what the entries export', () => {
      expect(compareApiTable({ root, entries })).toEqual({ undocumented: [], notExported: [], unknownEntries: [] });
    }, 60_000);

    it('speaks to npm users: no internal document names or issue numbers', () => {
      expect(readme).not.toMatch(INTERNAL_REFERENCES);
    });
  });
  return { readme, blocks };
}
