// Fixes as data on diagnostics (the exact span of the name, "create the missing snippet", "add this region
// to the config"), and `theme-kit check --fix`, which applies the safe ones on disk and says what it changed.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { checkTheme } from '../src/check/check-theme.js';
import { applyTextEdits } from '../src/check/fixes.js';
import { checkSnapshot } from '../src/check/run.js';
import type { ThemeDiagnostic } from '../src/diagnostics.js';
import type { ThemeSnapshot } from '../src/workspace/snapshot.js';
import { runInProcess } from './support/bin.js';
import { writeFiles } from './support/theme.js';

const PAGE = { title: 'Home', metaDescription: 'The home page.', template: 'index' };
const MENUS = [
  { name: 'main-menu', links: [{ title: 'Home' }] },
  { name: 'footer-menu', links: [{ title: 'Blog' }] },
];
const REGIONS = [{ regionName: 'home-hero', rawMarkup: '<p>Hello</p>' }];
const INDEX = [
  '<h1>{{ stor.storeName | upcase }}</h1>',
  "{% render 'crd' %}",
  "{% render 'promo' %}",
  "{% editable_region 'home-heor' %}",
  "{% editable_region 'sidebar' %}",
  "{% for l in menus['main-manu'].links %}{{ l.title }}{% endfor %}{{ menus['footer-menu'].links.size }}",
].join('\n');
const FIXED_INDEX = [
  '<h1>{{ store.storeName | upcase }}</h1>',
  "{% render 'card' %}",
  "{% render 'promo' %}",
  "{% editable_region 'home-hero' %}",
  "{% editable_region 'sidebar' %}",
  "{% for l in menus['main-menu'].links %}{{ l.title }}{% endfor %}{{ menus['footer-menu'].links.size }}",
].join('\n');
const CODES = [
  'unknown-object',
  'missing-snippet',
  'unconfigured-region',
  'unknown-region',
  'unknown-menu',
  'unused-menu',
];

function theme(): string {
  const dir = testTempDir('theme-kit-check-fix-');
  writeFiles(dir, {
    'page.stk.config.json': PAGE,
    'menus.stk.config.json': MENUS,
    'editable-regions.stk.config.json': REGIONS,
    'templates/index.liquid': INDEX,
    'templates/product.liquid': '<h1>{{ product.title | upcas }}</h1>',
    'snippets/card.liquid': '<div>card</div>',
  });
  return dir;
}

/** The text of `file` with the edits of `fix` applied (1-based spans). */
function applied(text: string, d: ThemeDiagnostic, fix = 0): string {
  const lines = text.split('\n');
  const offset = (line: number, column: number): number =>
    lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0) + column - 1;
  return applyTextEdits(text, d.fixes?.[fix]?.edits ?? [], offset);
}

describe('fixes on diagnostics', () => {
  it('did-you-mean replacements span exactly the name; a snippet with no near name is created', async () => {
    const dir = theme();
    const { diagnostics } = await checkTheme({ theme: dir });
    const index = path.join(dir, 'templates/index.liquid');
    const byCode = (code: string): ThemeDiagnostic => {
      const found = diagnostics.find((d) => d.code === code && d.file === index);
      if (!found) throw new Error(`no ${code}`);
      return found;
    };
    expect(byCode('unknown-object')).toMatchObject({
      line: 1,
      column: 8,
      endLine: 1,
      endColumn: 12,
      fixes: [
        {
          title: 'replace `stor` with `store`',
          safe: true,
          edits: [{ file: index, line: 1, column: 8, endLine: 1, endColumn: 12, newText: 'store' }],
        },
      ],
    });
    const snippets = diagnostics.filter((d) => d.code === 'missing-snippet');
    expect(snippets.map((d) => d.fixes?.map((f) => [f.title, f.safe]))).toEqual([
      [
        ['replace `crd` with `card`', true],
        ['create snippets/crd.liquid', false],
      ],
      [['create snippets/promo.liquid', true]],
    ]);
    expect(snippets[1]?.fixes?.[0]?.createFiles).toEqual([
      { file: path.join(dir, 'snippets/promo.liquid'), text: '{% comment %} The promo snippet. {% endcomment %}\n' },
    ]);
    expect(applied(INDEX, byCode('unknown-menu')).split('\n')[5]).toBe(FIXED_INDEX.split('\n')[5]);
  });

  it('"add this region to the config" inserts an entry into the array, valid JSON in the file\'s own formatting', async () => {
    const dir = theme();
    const { diagnostics } = await checkTheme({ theme: dir });
    const sidebar = diagnostics.find((d) => d.code === 'unconfigured-region' && d.message.includes('`sidebar`'));
    expect(sidebar?.fixes?.map((f) => [f.title, f.safe])).toEqual([
      ['add region `sidebar` to editable-regions.stk.config.json', true],
    ]);
    const file = path.join(dir, 'editable-regions.stk.config.json');
    const text = readFileSync(file, 'utf8');
    expect(sidebar?.fixes?.[0]?.edits.every((e) => e.file === file)).toBe(true);
    const after = applied(text, sidebar as ThemeDiagnostic);
    expect(JSON.parse(after)).toEqual([...REGIONS, { regionName: 'sidebar', rawMarkup: '' }]);
    expect(after).toBe(`${JSON.stringify([...REGIONS, { regionName: 'sidebar', rawMarkup: '' }], null, 2)}\n`);
  });

  it('without editable-regions.stk.config.json, the fix creates it', () => {
    const root = path.join(path.sep, 'theme');
    const snapshot: ThemeSnapshot = {
      root,
      configDir: root,
      files: new Map([['templates/index.liquid', "{% editable_region 'hero' %}"]]),
      assets: [],
      configTexts: new Map(),
    };
    const region = checkSnapshot(snapshot).diagnostics.find((d) => d.code === 'unconfigured-region');
    expect(region?.fixes).toEqual([
      {
        title: 'add region `hero` to editable-regions.stk.config.json',
        edits: [],
        createFiles: [
          {
            file: path.join(root, 'editable-regions.stk.config.json'),
            text: '[\n  {\n    "regionName": "hero",\n    "rawMarkup": ""\n  }\n]\n',
          },
        ],
        safe: true,
      },
    ]);
  });
});

describe('theme-kit check --fix', () => {
  it('applies the safe fixes, says what it changed, and the check after it is clean for those codes (exit 0)', async () => {
    const dir = theme();
    const run = await runInProcess(['check', '--fix', '--theme', dir], { cwd: dir });
    expect(run.stdout.split('\n').filter((l) => l.startsWith('fixed '))).toEqual([
      'fixed templates/index.liquid:1 replace `stor` with `store` (unknown-object)',
      'fixed templates/index.liquid:2 replace `crd` with `card` (missing-snippet)',
      'fixed snippets/promo.liquid:1 create snippets/promo.liquid (missing-snippet)',
      'fixed templates/index.liquid:4 replace `home-heor` with `home-hero` (unconfigured-region)',
      'fixed editable-regions.stk.config.json:5 add region `sidebar` to editable-regions.stk.config.json (unconfigured-region)',
      'fixed templates/index.liquid:6 replace `main-manu` with `main-menu` (unknown-menu)',
      'fixed templates/product.liquid:1 replace `upcas` with `upcase` (unknown-filter)',
    ]);
    expect(run.code).toBe(0);
    expect(readFileSync(path.join(dir, 'templates/index.liquid'), 'utf8')).toBe(FIXED_INDEX);
    expect(readFileSync(path.join(dir, 'templates/product.liquid'), 'utf8')).toBe(
      '<h1>{{ product.title | upcase }}</h1>',
    );
    expect(existsSync(path.join(dir, 'snippets/promo.liquid'))).toBe(true);
    expect(JSON.parse(readFileSync(path.join(dir, 'editable-regions.stk.config.json'), 'utf8'))).toEqual([
      ...REGIONS,
      { regionName: 'sidebar', rawMarkup: '' },
    ]);
    const again = await checkTheme({ theme: dir });
    expect(again.diagnostics.filter((d) => CODES.includes(d.code) || d.code.startsWith('liquid'))).toEqual([]);
    expect(again.valid).toBe(true);
  });

  it("with nothing safe to fix it says so, and the exit status is the check's (1: errors left)", async () => {
    const dir = testTempDir('theme-kit-check-fix-');
    writeFiles(dir, { 'page.stk.config.json': PAGE, 'templates/index.liquid': '{% if %}' });
    const run = await runInProcess(['check', '--fix', '--theme', dir], { cwd: dir });
    expect(run.stdout).toContain('nothing to fix automatically\n');
    expect(run.stdout).toContain('error liquid-syntax');
    expect(run.code).toBe(1);
    expect(readFileSync(path.join(dir, 'templates/index.liquid'), 'utf8')).toBe('{% if %}');
  });

  it('--format json keeps stdout one JSON document: what changed goes to stderr', async () => {
    const dir = theme();
    const run = await runInProcess(['check', '--fix', '--format', 'json', '--theme', dir], { cwd: dir });
    expect(JSON.parse(run.stdout)).toMatchObject({ valid: true });
    expect(run.stderr).toContain('fixed templates/index.liquid:1 replace `stor` with `store` (unknown-object)');
  });
});
