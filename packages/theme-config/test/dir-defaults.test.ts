import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { memoryIO, runThemeConfig } from './cli-io.js';
import { loadConfigDir, ThemeConfigConfigurationError, validateConfig, validateConfigDir } from '../src/index.js';
import { EXAMPLES } from './helpers.js';

const tmp = testTempDir('theme-config-dir-');
afterEach(() => vi.restoreAllMocks());

describe('the theme directory defaults to the current directory', () => {
  it('validateConfigDir() and loadConfigDir() read process.cwd()', async () => {
    vi.spyOn(process, 'cwd').mockReturnValue(path.join(EXAMPLES, 'valid/complete'));
    const result = await validateConfigDir();
    expect(result).toEqual({ valid: true, diagnostics: [] });
    const loaded = await loadConfigDir();
    expect(loaded.valid && loaded.config.store?.storeName).toBeTruthy();
  });

  it('a non-string or empty directory is a diagnostic, not a crash', async () => {
    for (const dir of ['', 42 as unknown as string, null as unknown as string]) {
      const result = await validateConfigDir(dir);
      expect(result.valid).toBe(false);
      expect(result.diagnostics[0]?.code).toBe('config-dir-not-found');
      expect(result.diagnostics[0]?.message).not.toContain('undefined');
    }
  });

  it("on a runtime without Node's file system, reading a directory is the configuration error (no import fails at load)", async () => {
    const original = process.getBuiltinModule;
    Object.defineProperty(process, 'getBuiltinModule', { value: undefined, configurable: true, writable: true });
    try {
      await expect(validateConfigDir('.')).rejects.toThrow(ThemeConfigConfigurationError);
      await expect(loadConfigDir('.')).rejects.toThrow(/needs Node\.js 20\.16 or later/);
      expect(validateConfig('pagination', { numPages: 1, currentPage: 1 }).valid).toBe(true); // the rest works anywhere
    } finally {
      Object.defineProperty(process, 'getBuiltinModule', { value: original, configurable: true, writable: true });
    }
  });

  it('validateConfig(kind, undefined) says "undefined is not a JSON value"', () => {
    expect(validateConfig('store', undefined).diagnostics[0]?.message).toBe('undefined is not a JSON value');
  });
});

describe('every text report line is `file:line:column severity code message`', () => {
  it('file-level problems point at 1:1 (unknown name, directory, empty dir)', async () => {
    const dir = path.join(tmp, 'mixed');
    mkdirSync(path.join(dir, 'menus.stk.config.json'), { recursive: true });
    writeFileSync(path.join(dir, 'blogs.stk.config.json'), '[]');
    writeFileSync(path.join(dir, 'page.stk.config.json'), '');
    const result = await validateConfigDir(dir);
    for (const d of result.diagnostics)
      expect([d.code, d.line, d.column]).toEqual([d.code, expect.any(Number), expect.any(Number)]);
    const empty = path.join(tmp, 'empty');
    mkdirSync(empty);
    for (const [configDir, expectedCode] of [
      [dir, 1],
      [empty, 0],
      [path.join(tmp, 'missing'), 1],
    ] as const) {
      const io = memoryIO(tmp);
      expect(await runThemeConfig(['validate', '--configDir', configDir], io)).toBe(expectedCode);
      const lines = io
        .out()
        .split('\n')
        .filter((l) => l !== '' && !/^[✔✖⚠]/.test(l));
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(line).toMatch(/^\S.*:\d+:\d+ (error|warning) [a-z-]+ \S/);
    }
  });
});

describe('currentPage outside 1..numPages', () => {
  it.each([
    [0, 3],
    [-2, 3],
    [4, 3],
  ])('currentPage %i with numPages %i is one page-out-of-range error', (currentPage, numPages) => {
    const result = validateConfig('pagination', { numPages, currentPage });
    expect(result.valid).toBe(false);
    expect(result.diagnostics.map((d) => [d.code, d.pointer])).toEqual([['page-out-of-range', '/currentPage']]);
  });

  it('1 and numPages are fine', () => {
    expect(validateConfig('pagination', { numPages: 3, currentPage: 1 }).valid).toBe(true);
    expect(validateConfig('pagination', { numPages: 3, currentPage: 3 }).valid).toBe(true);
  });
});
