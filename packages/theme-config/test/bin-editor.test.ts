// Editor integration: `init` and `editor` map the seven files in .vscode/settings.json (merging, never
// clobbering, never touching what they cannot parse). In-process (`runInProcess`: same cwd, environment
// and non-TTY streams as the binary), except through the built binary (`runBin`): the first `editor` run
// (exit 0, the process's cwd as the workspace), `editor a b` (exit 2) and `init` beside unmergeable
// settings (exit 1, the created files on stdout and the reason on stderr).
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { SCHEMA_BASE_URL, THEME_FILES } from '../src/files.js';
import { runBin } from './bin.js';
import { runInProcess } from './cli-io.js';
import { PACKAGE_ROOT } from './helpers.js';

const tmp = testTempDir('theme-config-editor-');

const workspace = (): string => testTempDir('theme-config-editor-ws-');
const settingsOf = (dir: string): string => readFileSync(path.join(dir, '.vscode/settings.json'), 'utf8');
type Entry = { fileMatch: string[]; url: string };
const schemasOf = (dir: string): Entry[] => (parse(settingsOf(dir)) as { 'json.schemas': Entry[] })['json.schemas'];

describe('theme-config editor', () => {
  it('creates .vscode/settings.json mapping all seven files (the published URLs when the package is not installed there)', () => {
    const dir = workspace();
    const run = runBin(['editor'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('created .vscode/settings.json: 7 json.schemas entries added');
    expect(schemasOf(dir)).toEqual(
      THEME_FILES.map((f) => ({ fileMatch: [`**/${f.fileName}`], url: `${SCHEMA_BASE_URL}${f.schemaFile}` })),
    );
  });

  it('points at the copies in node_modules when the package is installed in the folder, and those files exist', async () => {
    const dir = workspace();
    mkdirSync(path.join(dir, 'node_modules/@commerce-kit'), { recursive: true });
    symlinkSync(PACKAGE_ROOT, path.join(dir, 'node_modules/@commerce-kit/theme-config'), 'dir');
    expect((await runInProcess(['editor', dir], { cwd: tmp })).code).toBe(0);
    const entries = schemasOf(dir);
    expect(entries).toHaveLength(7);
    for (const entry of entries) {
      expect(entry.url).toMatch(
        /^\.\/node_modules\/@commerce-kit\/theme-config\/dist\/schemas\/[a-z-]+\.stk\.config\.schema\.json$/,
      );
      expect(existsSync(path.join(dir, entry.url))).toBe(true);
    }
  });

  it("merges: comments, other settings and the user's own mappings are kept byte for byte; only missing files are added", async () => {
    const dir = workspace();
    mkdirSync(path.join(dir, '.vscode'));
    const original = [
      '{',
      '    // my editor',
      '    "editor.fontSize": 14,',
      '    "json.schemas": [',
      '        { "fileMatch": ["/other.json"], "url": "./other.schema.json" },',
      '        /* my own store schema */',
      '        { "fileMatch": ["**/store.stk.config.json"], "url": "./my-store.schema.json" },',
      '    ],',
      '    "files.eol": "\\n"',
      '}',
      '',
    ].join('\n');
    writeFileSync(path.join(dir, '.vscode/settings.json'), original);
    const run = await runInProcess(['editor'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('6 json.schemas entries added, 1 already mapped and kept');
    const merged = settingsOf(dir);
    const added = merged.split('\n').filter((line) => line.includes('stk.config.schema.json'));
    expect(added).toHaveLength(6);
    expect(added.every((line) => line.startsWith('        { "fileMatch"'))).toBe(true); // the file's own indentation
    expect(
      merged
        .split('\n')
        .filter((line) => !added.includes(line))
        .join('\n'),
    ).toBe(original);
    const entries = schemasOf(dir);
    expect(entries.filter((e) => e.fileMatch.includes('**/store.stk.config.json'))).toEqual([
      { fileMatch: ['**/store.stk.config.json'], url: './my-store.schema.json' },
    ]);
    expect(entries).toHaveLength(8);

    const again = await runInProcess(['editor'], { cwd: dir });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(
      'kept    .vscode/settings.json (all seven config files are already mapped to schemas)',
    );
    expect(settingsOf(dir)).toBe(merged);
  });

  it.each([
    ['not JSON', '{ "editor.fontSize": 14 '],
    ['an array at the top', '[]'],
    ['json.schemas not an array', '{ "json.schemas": { "fileMatch": "x" } }'],
  ])('never touches a settings file it cannot merge (%s): says so, exit 1', async (_what, text) => {
    const dir = workspace();
    mkdirSync(path.join(dir, '.vscode'));
    writeFileSync(path.join(dir, '.vscode/settings.json'), text);
    const run = await runInProcess(['editor'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /\.vscode\/settings\.json was not changed: .+\.\nFix it, or add the "json\.schemas" entries/,
    );
    expect(settingsOf(dir)).toBe(text);
  });

  it('takes at most one directory (exit 2)', () => {
    expect(runBin(['editor', 'a', 'b'], { cwd: workspace() }).code).toBe(2);
  });
});

describe('theme-config init', () => {
  it('writes the seven files (object files with their $schema line) and maps all seven in the editor settings of DIR', async () => {
    const dir = workspace();
    const run = await runInProcess(['init', 'my-theme'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout.match(/^created my-theme\/\S+\.stk\.config\.json$/gm)).toHaveLength(7);
    for (const f of THEME_FILES.filter((x) => x.shape === 'object')) {
      expect(
        (JSON.parse(readFileSync(path.join(dir, 'my-theme', f.fileName), 'utf8')) as { $schema: string }).$schema,
      ).toBe(`${SCHEMA_BASE_URL}${f.schemaFile}`);
    }
    // The new theme folder is the folder opened in the editor: its settings, not the current directory's.
    expect(run.stdout).toContain('created my-theme/.vscode/settings.json: 7 json.schemas entries added');
    expect(schemasOf(path.join(dir, 'my-theme')).map((e) => e.fileMatch[0])).toEqual(
      THEME_FILES.map((f) => `**/${f.fileName}`),
    );
    expect(existsSync(path.join(dir, '.vscode'))).toBe(false);
    expect((await runInProcess(['validate', '--configDir', 'my-theme', '--strict'], { cwd: dir })).code).toBe(0);
  });

  it('still writes the config files when the settings cannot be merged, then exits 1 saying why', () => {
    const dir = workspace();
    mkdirSync(path.join(dir, '.vscode'));
    writeFileSync(path.join(dir, '.vscode/settings.json'), 'not json');
    const run = runBin(['init'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stdout.match(/^created \S+\.stk\.config\.json$/gm)).toHaveLength(7);
    expect(run.stderr).toContain('.vscode/settings.json was not changed');
    expect(settingsOf(dir)).toBe('not json');
  });
});

describe('the SchemaStore catalog', () => {
  const catalog = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'dist/schemas/catalog.json'), 'utf8')) as {
    $schema: string;
    version: number;
    schemas: Array<{ name: string; description: string; fileMatch: string[]; url: string }>;
  };

  it('has one entry per config file, fileMatch its name, url its published schema (shipped beside it)', () => {
    expect(catalog.$schema).toBe('https://json.schemastore.org/schema-catalog.json');
    expect(catalog.version).toBe(1);
    expect(catalog.schemas.map((s) => s.fileMatch)).toEqual(THEME_FILES.map((f) => [f.fileName]));
    for (const [i, entry] of catalog.schemas.entries()) {
      const file = THEME_FILES[i]!;
      expect(entry.url).toBe(`${SCHEMA_BASE_URL}${file.schemaFile}`);
      expect(entry.name.length).toBeGreaterThan(0);
      expect(entry.description.length).toBeGreaterThan(0);
      expect(existsSync(path.join(PACKAGE_ROOT, 'dist/schemas', file.schemaFile))).toBe(true);
      expect(Object.keys(entry).sort()).toEqual(['description', 'fileMatch', 'name', 'url']);
    }
  });
});
