// The README checks every package runs, in one place: every feature has an example, the "Public API" table
// lists exactly what the entries export, and the text speaks to npm users. That every ```ts block compiles
// is the type check's (tools/typecheck.mjs): each block is a module of its package's program there.
import { describe, expect, it } from 'vitest';
import { compareApiTable } from './public-api.mjs';
import { readReadme, tsCodeBlocks } from '../lib/readme-blocks.mjs';

/** Internal document names and issue numbers: never in a published README. */
export const INTERNAL_REFERENCES = /document 00\d|\b00[01]_[0-9a-f]{6}|issue #?\d+|issues show/i;

/**
 * Defines the README tests of a package.
 * @param {{ root: string, entries: Record<string, string>, features: string[] }} options
 *   `entries`: entry name -> source file (relative to `root`), for the table; `features`: strings some
 *   example must contain.
 * @returns {{ readme: string, blocks: string[] }}
 */
export function describeReadme({ root, entries, features }) {
  const readme = readReadme(root);
  const blocks = tsCodeBlocks(readme);
  describe('README', () => {
    it('has an example for every feature', () => {
      const all = blocks.join('\n');
      for (const feature of features) expect(all, feature).toContain(feature);
    });

    it('the Public API table lists exactly what the entries export', () => {
      expect(compareApiTable({ root, entries })).toEqual({ undocumented: [], notExported: [], unknownEntries: [] });
    }, 60_000);

    it('speaks to npm users: no internal document names or issue numbers', () => {
      expect(readme).not.toMatch(INTERNAL_REFERENCES);
    });
  });
  return { readme, blocks };
}
