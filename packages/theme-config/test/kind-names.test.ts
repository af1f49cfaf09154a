import { describe, expect, it } from 'vitest';
import { THEME_FILES, validateConfig } from '../src/index.js';
import { fileInfo, type ConfigKindName } from '../src/files.js';
import { ThemeConfigConfigurationError } from '../src/errors.js';

describe('config kind names', () => {
  it.each([
    ['store', 'store'],
    ['store.stk.config.json', 'store'],
    ['Store', 'store'],
    ['./theme/store.stk.config.json', 'store'],
    ['C:\\theme\\store.stk.config.json', 'store'],
    ['store.stk.config', 'store'],
    ['store.stk.config.schema.json', 'store'],
    ['editable-regions', 'editable-regions'],
    ['editableRegions', 'editable-regions'],
    ['editable_regions', 'editable-regions'],
    ['EDITABLE-REGIONS.STK.CONFIG.JSON', 'editable-regions'],
    ['articles', 'blog'],
    ['article', 'blog'],
    ['paginator', 'pagination'],
    ['menu', 'menus'],
    ['category', 'categories'],
  ])('%s names the %s file', (name, kind) => {
    expect(fileInfo(name as ConfigKindName).kind).toBe(kind);
    expect(() => validateConfig(name as ConfigKindName, {})).not.toThrow();
  });

  it('every kind, file name and ThemeConfig key resolves to its own file', () => {
    for (const f of THEME_FILES) {
      for (const name of [f.kind, f.fileName, f.key, f.schemaFile]) expect(fileInfo(name as ConfigKindName)).toBe(f);
    }
  });

  it.each(['mock-data', 'mock-data.schema.json', 'stores', '', 'foo.stk.config.json'])(
    '%j is a configuration error naming the valid kinds',
    (name) => {
      expect(() => validateConfig(name as ConfigKindName, {})).toThrow(ThemeConfigConfigurationError);
      expect(() => validateConfig(name as ConfigKindName, {})).toThrow(/store, page, blog/);
    },
  );

  it('a non-string kind is a configuration error, not a crash inside', () => {
    expect(() => validateConfig(42 as unknown as ConfigKindName, {})).toThrow(ThemeConfigConfigurationError);
    expect(() => validateConfig(undefined as unknown as ConfigKindName, {})).toThrow(ThemeConfigConfigurationError);
  });
});
