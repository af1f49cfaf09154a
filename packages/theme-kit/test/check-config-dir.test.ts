// checkTheme() and the config directory: what only the directory's listing and the files' bytes show
// (unknown or miscased names, a folder named like a config file, UTF-16, bytes that are not UTF-8, no config
// files) is theme-config's directory validation's word, whether or not the directory is plain; in a plain
// directory each file's own problems are reported once.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { validateConfigDir } from '@commerce-kit/theme-config';
import { describe, expect, it } from 'vitest';
import { checkTheme } from '../src/check/check-theme.js';
import { makeTheme, type ThemeSpec } from './support/theme.js';

const PAGE = { title: 'Home', metaDescription: 'The home page.', template: 'index' };
const DIRECTORY_CODES = new Set(['no-config-files', 'unknown-file', 'not-a-file', 'read-error', 'invalid-encoding']);

function theme(files: ThemeSpec): string {
  return makeTheme({ 'templates/index.liquid': '<h1>{{ page.title }}</h1>', ...files });
}

/** The directory-level diagnostics of theme-config's `validateConfigDir`, as checkTheme reports them. */
async function directoryDiagnostics(dir: string) {
  const { diagnostics } = await validateConfigDir(dir);
  return diagnostics.filter((d) => DIRECTORY_CODES.has(d.code));
}

const utf16 = (text: string): Uint8Array => new Uint8Array([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]);

describe('checkTheme: the config directory', () => {
  it.each<[string, ThemeSpec, string]>([
    ['an unknown name', { 'page.stk.config.json': PAGE, 'stores.stk.config.json': '{}' }, 'unknown-file'],
    ['a miscased name', { 'page.stk.config.json': PAGE, 'Store.stk.config.json': '{}' }, 'unknown-file'],
    ['a file in UTF-16', { 'page.stk.config.json': utf16(JSON.stringify(PAGE)) }, 'invalid-encoding'],
    [
      'bytes that are not UTF-8',
      { 'page.stk.config.json': new Uint8Array([0x7b, 0xc3, 0x28, 0x7d]) },
      'invalid-encoding',
    ],
    ['no config files', {}, 'no-config-files'],
  ])('%s: theme-config reports it, once', async (_name, files, code) => {
    const dir = theme(files);
    const expected = await directoryDiagnostics(dir);
    expect(expected.map((d) => d.code)).toContain(code);
    const { diagnostics } = await checkTheme({ theme: dir });
    for (const d of expected) expect(diagnostics).toContainEqual(expect.objectContaining(d));
    expect(diagnostics.filter((d) => d.code === code)).toHaveLength(expected.filter((d) => d.code === code).length);
  });

  it('a folder named like a config file: not-a-file', async () => {
    const dir = theme({ 'page.stk.config.json': PAGE });
    mkdirSync(path.join(dir, 'menus.stk.config.json'));
    const expected = await directoryDiagnostics(dir);
    expect(expected.map((d) => d.code)).toEqual(['not-a-file']);
    const { diagnostics } = await checkTheme({ theme: dir });
    expect(diagnostics).toContainEqual(expect.objectContaining(expected[0]));
  });

  it("a plain directory: each file's own problems, once, as theme-config validates them", async () => {
    const dir = theme({
      'page.stk.config.json': { ...PAGE, title: 42 },
      'pagination.stk.config.json': '{ "numPages": ',
    });
    const config = (await validateConfigDir(dir)).diagnostics;
    expect(config.length).toBeGreaterThan(1);
    const { diagnostics } = await checkTheme({ theme: dir });
    for (const d of config) {
      const same = diagnostics.filter((c) => c.code === d.code && c.file === d.file && c.pointer === d.pointer);
      expect(same, `${d.code} ${d.pointer}`).toHaveLength(1);
      expect(same[0]).toMatchObject({ message: d.message, line: d.line, column: d.column });
    }
  });
});
