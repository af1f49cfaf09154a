// The checks' diagnostics and fixes as LSP data (src/language-server/diagnostics.ts), without a connection:
// ranges (given, or the word or quoted string at the position), severities, notes, quick fixes with and
// without `documentChanges`.
import { describe, expect, it } from 'vitest';
import type { ThemeDiagnostic } from '../src/diagnostics.js';
import { quickFixes, toPublished } from '../src/language-server/diagnostics.js';
import type { ThemeSnapshot } from '../src/workspace/snapshot.js';

const ROOT = '/themes/north';
const CONFIG = `${ROOT}/editable-regions.stk.config.json`;
const snapshot: ThemeSnapshot = {
  root: ROOT,
  configDir: ROOT,
  files: new Map([['templates/index.liquid', '<h1>{{ store.storeName | upcasee }}</h1>\r\n{% render "card" %}\n']]),
  assets: [],
  configTexts: new Map([
    ['editable-regions.stk.config.json', { file: CONFIG, text: '[\n  { "regionName": "home-hero" }\n]\n' }],
  ]),
};
const INDEX = `${ROOT}/templates/index.liquid`;

const base = { pointer: '', severity: 'error' as const };

describe('language server: diagnostics as LSP', () => {
  it('maps positions to ranges: the given end, else the word or quoted string at the position', () => {
    const diagnostics: ThemeDiagnostic[] = [
      {
        ...base,
        code: 'unknown-filter',
        message: 'unknown filter',
        file: INDEX,
        line: 1,
        column: 26,
        suggestion: 'did you mean `upcase`?',
      },
      {
        ...base,
        code: 'missing-snippet',
        message: 'no snippet',
        file: INDEX,
        line: 2,
        column: 11,
        endLine: 2,
        endColumn: 17,
      },
      {
        ...base,
        severity: 'warning',
        code: 'unknown-region',
        message: 'unused region',
        file: CONFIG,
        line: 2,
        column: 19,
        pointer: '/0/regionName',
      },
      { ...base, code: 'no-config-files', message: 'about the directory', file: ROOT, line: 1, column: 1 },
    ];
    const published = toPublished(snapshot, diagnostics, new Map());
    expect([...published.keys()].sort()).toEqual([CONFIG, INDEX]);
    expect(published.get(INDEX)?.map((p) => p.diagnostic)).toEqual([
      {
        range: { start: { line: 0, character: 25 }, end: { line: 0, character: 32 } },
        severity: 1,
        code: 'unknown-filter',
        source: 'theme-kit',
        message: 'unknown filter (did you mean `upcase`?)',
      },
      expect.objectContaining({ range: { start: { line: 1, character: 10 }, end: { line: 1, character: 16 } } }),
    ]);
    expect(published.get(CONFIG)?.[0]?.diagnostic).toMatchObject({
      severity: 2,
      range: { start: { line: 1, character: 18 }, end: { line: 1, character: 29 } }, // "home-hero", quotes included
    });
  });

  it("shows a note in place of a partially analysed file's own diagnostics", () => {
    const notes = new Map([[INDEX, { file: INDEX, kind: 'partial' as const, message: 'analysed partially' }]]);
    const published = toPublished(
      snapshot,
      [{ ...base, code: 'liquid-syntax', message: 'cut off', file: INDEX, line: 1, column: 1 }],
      notes,
    );
    expect(published.get(INDEX)?.map((p) => [p.diagnostic.code, p.diagnostic.severity])).toEqual([
      ['analysed-partial', 3],
    ]);
  });

  it('turns fixes into quick fixes: edits by file, files to create with documentChanges only', () => {
    const diagnostic: ThemeDiagnostic = {
      ...base,
      code: 'missing-snippet',
      message: 'no snippet',
      file: INDEX,
      line: 2,
      column: 11,
      endLine: 2,
      endColumn: 17,
      fixes: [
        {
          title: 'replace with `cart`',
          edits: [{ file: INDEX, line: 2, column: 12, endLine: 2, endColumn: 16, newText: 'cart' }],
          safe: false,
        },
        {
          title: 'create snippets/card.liquid',
          edits: [],
          createFiles: [{ file: `${ROOT}/snippets/card.liquid`, text: 'x\n' }],
          safe: true,
        },
      ],
    };
    const published = toPublished(snapshot, [diagnostic], new Map()).get(INDEX) ?? [];
    const asked = published.map((p) => p.diagnostic);
    const uri = (file: string) => `file://${file}`;
    const range = asked[0]!.range;

    const withChanges = quickFixes(published, asked, range, { uri, version: () => 7, documentChanges: true });
    expect(withChanges.map((a) => [a.title, a.kind, a.isPreferred])).toEqual([
      ['replace with `cart`', 'quickfix', undefined],
      ['create snippets/card.liquid', 'quickfix', undefined],
    ]);
    expect(withChanges[0]?.edit?.documentChanges).toEqual([
      {
        textDocument: { uri: uri(INDEX), version: 7 },
        edits: [{ range: { start: { line: 1, character: 11 }, end: { line: 1, character: 15 } }, newText: 'cart' }],
      },
    ]);
    expect(withChanges[1]?.edit?.documentChanges?.[0]).toEqual({
      kind: 'create',
      uri: uri(`${ROOT}/snippets/card.liquid`),
      options: { ignoreIfExists: true },
    });

    const plain = quickFixes(published, asked, range, { uri, version: () => null, documentChanges: false });
    expect(plain.map((a) => a.title)).toEqual(['replace with `cart`']);
    expect(plain[0]?.edit?.changes?.[uri(INDEX)]).toHaveLength(1);

    // Asked by range alone (no diagnostics in the context): the diagnostics meeting the range.
    expect(quickFixes(published, [], range, { uri, version: () => null, documentChanges: true })).toHaveLength(2);
    expect(
      quickFixes(
        published,
        [],
        { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
        {
          uri,
          version: () => null,
          documentChanges: true,
        },
      ),
    ).toEqual([]);
  });

  it('a single safe fix is the preferred one', () => {
    const published = toPublished(
      snapshot,
      [
        {
          ...base,
          code: 'unknown-filter',
          message: 'unknown filter',
          file: INDEX,
          line: 1,
          column: 27,
          fixes: [{ title: 'replace with `upcase`', edits: [], safe: true }],
        },
      ],
      new Map(),
    ).get(INDEX)!;
    const [action] = quickFixes(published, [published[0]!.diagnostic], published[0]!.diagnostic.range, {
      uri: (file) => file,
      version: () => null,
      documentChanges: true,
    });
    expect(action?.isPreferred).toBe(true);
  });
});
