// Every syntax error of a file (per-tag recovery where LiquidJS stops at the first), and the bounds: a
// source too large or not text gets one diagnostic, never a crash or minutes. On in-memory snapshots.
import fc from 'fast-check';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSnapshot } from '../src/check/run.js';
import type { ThemeDiagnostic } from '../src/diagnostics.js';
import type { ThemeSnapshot } from '../src/workspace/snapshot.js';

const ROOT = path.join(path.sep, 'theme');
const PAGE = JSON.stringify({ title: 'Home', metaDescription: 'x', template: 'index' });

function snapshot(files: Record<string, string>, config: Record<string, string> = {}): ThemeSnapshot {
  const configTexts = new Map(
    Object.entries({ 'page.stk.config.json': PAGE, ...config }).map(([name, text]) => [
      name,
      { file: path.join(ROOT, name), text },
    ]),
  );
  return { root: ROOT, configDir: ROOT, files: new Map(Object.entries(files)), assets: [], configTexts };
}

const syntax = (diagnostics: readonly ThemeDiagnostic[]): ThemeDiagnostic[] =>
  diagnostics.filter((d) => d.file === path.join(ROOT, 'templates/index.liquid'));

describe('every syntax error of a file', () => {
  it('three different errors, each at its line and column: an unknown filter, a broken tag, an unclosed block, and a stray end tag', () => {
    const template = [
      '<h1>{{ page.title | upcas }}</h1>',
      '{% for x in %}{{ x }}{% endfor %}',
      '<p>{% if page.title %}</p>',
      '{% endunless %}',
    ].join('\n');
    const found = syntax(checkSnapshot(snapshot({ 'templates/index.liquid': template })).diagnostics);
    expect(found.map(({ code, line, column, message }) => ({ code, line, column, message }))).toEqual([
      { code: 'unknown-filter', line: 1, column: 21, message: 'unknown filter `upcas`' },
      { code: 'liquid-syntax', line: 2, column: 1, message: 'illegal tag: {% for x in %}' },
      { code: 'liquid-syntax', line: 3, column: 4, message: 'tag {% if page.title %} not closed' },
      { code: 'liquid-syntax', line: 4, column: 1, message: '{% endunless %} closes no open `unless`' },
    ]);
    // The unknown filter keeps its did-you-mean, as a fix replacing exactly the name.
    expect(found[0]).toMatchObject({
      suggestion: 'did you mean `upcase`?',
      endLine: 1,
      endColumn: 26,
      fixes: [
        {
          title: 'replace `upcas` with `upcase`',
          safe: true,
          edits: [{ line: 1, column: 21, endLine: 1, endColumn: 26, newText: 'upcase' }],
        },
      ],
    });
  });

  it('an unclosed output and a tag typed halfway are reported, and what follows them still is', () => {
    const template = '<p>{{ page.title </p>\n{% ec\n{{ page.title | nope }}';
    const found = syntax(checkSnapshot(snapshot({ 'templates/index.liquid': template })).diagnostics);
    expect(found.map(({ code, line, column }) => [code, line, column])).toEqual([
      ['liquid-syntax', 1, 4],
      ['liquid-syntax', 2, 1],
      ['unknown-filter', 3, 17],
    ]);
  });

  it('an else outside any block and an unknown tag, beside a good file: the good file has nothing', () => {
    const found = checkSnapshot(
      snapshot({
        'templates/index.liquid': '{{ page.title }}',
        'snippets/card.liquid': '{% else %}\n{% editable_regoin "x" %}',
      }),
    ).diagnostics;
    expect(found.map(({ code, line, column, file }) => [path.basename(file ?? ''), code, line, column])).toEqual([
      ['card.liquid', 'liquid-syntax', 1, 1],
      ['card.liquid', 'unknown-tag', 2, 1],
    ]);
  });

  it('a tag whose name only starts with end is an unknown tag, not a stray end tag', () => {
    const template = '{{ page.title | upcas }}{% endpoint %}';
    const found = syntax(checkSnapshot(snapshot({ 'templates/index.liquid': template })).diagnostics);
    expect(found.map(({ code, column, message }) => [code, column, message])).toEqual([
      ['unknown-filter', 17, 'unknown filter `upcas`'],
      ['unknown-tag', 25, 'unknown tag `endpoint`'],
    ]);
  });

  it('comments and raw blocks are not parsed, and an unclosed one is one error', () => {
    const good = '{% comment %}{% if %}{% endcomment %}{% raw %}{{ x {% endraw %}{{ page.title | upcas }}';
    expect(syntax(checkSnapshot(snapshot({ 'templates/index.liquid': good })).diagnostics)).toHaveLength(1);
    const open = '{{ page.title | upcas }}{% comment %}never closed';
    expect(
      syntax(checkSnapshot(snapshot({ 'templates/index.liquid': open })).diagnostics).map((d) => d.column),
    ).toEqual([17, 25]);
  });

  it('any text: no exception, and every diagnostic points inside the file', () => {
    const piece = fc.constantFrom(
      '{{',
      '}}',
      '{%',
      '%}',
      '{% if x %}',
      '{% endif %}',
      '{% for a in b %}',
      '{% endfor %}',
      '{% else %}',
      '{% when 1 %}',
      '{% comment %}',
      '{% endcomment %}',
      '{% raw %}',
      '{{ x | upcas }}',
      '{% render "c" %}',
      "{% editable_region 'r' %}",
      '{% liquid\nif x\n%}',
      ' | ',
      '\n',
      '\r\n',
      'é',
      '😀',
      '"',
      "'",
      'x',
    );
    const text = fc.oneof(
      fc.array(piece, { maxLength: 30 }).map((p) => p.join('')),
      fc.string({ maxLength: 60 }),
    );
    fc.assert(
      fc.property(text, (source) => {
        const file = path.join(ROOT, 'templates/index.liquid');
        const lines = source.split('\n');
        for (const d of checkSnapshot(snapshot({ 'templates/index.liquid': source })).diagnostics) {
          if (d.file !== file) continue;
          const line = d.line ?? 0;
          expect(line).toBeGreaterThanOrEqual(1);
          expect(line).toBeLessThanOrEqual(lines.length);
          expect(d.column).toBeGreaterThanOrEqual(1);
          expect(d.column).toBeLessThanOrEqual((lines[line - 1] ?? '').length + 1);
          if (d.endLine !== undefined) expect(d.endLine).toBeLessThanOrEqual(lines.length);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('sources the checks do not analyse', () => {
  it('a template over the size the checks analyse is one warning, not minutes', () => {
    const big = '<p>{{ page.title }}</p>\n'.repeat(220_000); // 5.3 MB
    const found = checkSnapshot(snapshot({ 'templates/index.liquid': big })).diagnostics;
    expect(found).toEqual([
      {
        severity: 'warning',
        code: 'not-analysed',
        message: `templates/index.liquid was not checked: it holds ${big.length.toLocaleString('en')} characters, more than the 2,000,000 the checks analyse`,
        file: path.join(ROOT, 'templates/index.liquid'),
        line: 1,
        column: 1,
        pointer: '',
      },
    ]);
  });

  it('a binary file named .liquid (NUL bytes, bytes that are not UTF-8) is one warning each', () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0xff, 0xfe]);
    const decoded = new TextDecoder().decode(bytes);
    const found = checkSnapshot(
      snapshot({
        'templates/index.liquid': '{{ page.title }}',
        'snippets/logo.liquid': decoded,
        'snippets/latin1.liquid': new TextDecoder().decode(new Uint8Array([0x63, 0x61, 0x66, 0xe9])),
      }),
    ).diagnostics;
    expect(found.map((d) => [path.basename(d.file ?? ''), d.code, d.message])).toEqual([
      ['latin1.liquid', 'not-analysed', 'snippets/latin1.liquid was not checked: it is not UTF-8 text'],
      [
        'logo.liquid',
        'not-analysed',
        'snippets/logo.liquid was not checked: it holds NUL characters: it is not a text file',
      ],
    ]);
  });
});
