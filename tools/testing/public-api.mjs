// Every package's README has one "Public API" table; this compares it with what the package's
// entries really export (values and types, read with the TypeScript compiler from the sources), so
// the two cannot drift. Shared by every package's readme test.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// TypeScript loads on first use (about 1 s of CPU): `npm run exports` answers a usage error at once.
const require = createRequire(import.meta.url);

/**
 * Rows of the table under the `## Public API` heading: the first cell names an export in backticks
 * (or a generated family, `prefix*`), the second the entry it is imported from, in backticks
 * (`@commerce-kit/x` or `@commerce-kit/x/sub`).
 */
export function readmeApiTable(markdown) {
  const section = /^## Public API\s*$([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(markdown);
  if (!section) throw new Error('the README has no "## Public API" section');
  const rows = [];
  for (const line of section[1].split('\n')) {
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (cells.length < 2) continue;
    const name = /^`([A-Za-z_$][\w$]*\*?)`$/.exec(cells[0] ?? '');
    const entry = /^`(@[^`]+)`$/.exec(cells[1] ?? '');
    if (name && entry) rows.push({ name: name[1], entry: entry[1] });
  }
  return rows;
}

/**
 * Names exported by TypeScript entry files (values and types, `export *` followed), each file's sorted;
 * one program for all of them, so shared modules are checked once.
 * @param {string[]} entryFiles
 * @returns {string[][]}
 */
export function exportedNamesOf(entryFiles) {
  /** @type {typeof import('typescript')} */
  const ts = require('typescript');
  const program = ts.createProgram(entryFiles, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    resolveJsonModule: true,
    allowJs: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    // Exports are read from the declarations alone; the standard library (DOM included) is most of a
    // program's parse time and never changes what a module exports.
    noLib: true,
  });
  const checker = program.getTypeChecker();
  return entryFiles.map((entryFile) => {
    const source = program.getSourceFile(entryFile);
    if (!source) throw new Error(`cannot read ${entryFile}`);
    const symbol = checker.getSymbolAtLocation(source);
    if (!symbol) return [];
    return checker
      .getExportsOfModule(symbol)
      .map((s) => s.getName())
      .filter((name) => name !== 'default')
      .sort();
  });
}

/** Names exported by a TypeScript entry file (values and types, `export *` followed). */
export function exportedNames(entryFile) {
  return exportedNamesOf([entryFile])[0];
}

/**
 * Compares the README table with the exports of each entry.
 * @param {{ root: string, entries: Record<string, string> }} input
 *   `root`: the package directory; `entries`: entry name (as written in the table) -> source file relative to root.
 * @returns {{ undocumented: string[], notExported: string[], unknownEntries: string[] }} `entry#name` lists; all empty when they agree
 */
export function compareApiTable({ root, entries }) {
  const rows = readmeApiTable(readFileSync(path.join(root, 'README.md'), 'utf8'));
  const documented = new Set(rows.map((row) => `${row.entry}#${row.name}`));
  // A row `validate*` documents a generated family: every export of that entry with the prefix.
  const families = rows
    .filter((row) => row.name.endsWith('*'))
    .map((row) => ({ entry: row.entry, prefix: row.name.slice(0, -1) }));
  const inFamily = (key) => families.some(({ entry, prefix }) => key.startsWith(`${entry}#${prefix}`));
  const exported = new Set();
  const names = exportedNamesOf(Object.values(entries).map((file) => path.join(root, file)));
  for (const [i, entry] of Object.keys(entries).entries()) {
    for (const name of names[i]) exported.add(`${entry}#${name}`);
  }
  const familyHasMember = ({ entry, prefix }) => [...exported].some((key) => key.startsWith(`${entry}#${prefix}`));
  return {
    undocumented: [...exported].filter((key) => !documented.has(key) && !inFamily(key)).sort(),
    notExported: [
      ...[...documented].filter((key) => !key.endsWith('*') && !exported.has(key)),
      ...families.filter((family) => !familyHasMember(family)).map(({ entry, prefix }) => `${entry}#${prefix}*`),
    ].sort(),
    unknownEntries: [...new Set(rows.map((row) => row.entry))].filter((entry) => !(entry in entries)).sort(),
  };
}
