import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { memoryIO, runThemeConfig } from './cli-io.js';
import { normalizeConfig, validateConfig, validateConfigText, type ConfigFile } from '../src/index.js';

type IMenuLink = NonNullable<ConfigFile<'menus'>[number]['links']>[number];
import { generateMockData } from '../src/mock/index.js';

const tmp = testTempDir('theme-config-deep-');

/** A main menu whose links nest `levels` deep (2 JSON levels per link level, plus the file's 3). */
function deepMenus(levels: number): unknown[] {
  const links: IMenuLink[] = [];
  let current = links;
  for (let i = 0; i < levels; i += 1) {
    const children: IMenuLink[] = [];
    current.push({ title: `Level ${i}`, children });
    current = children;
  }
  return [{ name: 'main-menu', links }];
}

describe('deeply nested input', () => {
  it('a menu 250 links deep validates, loads and mocks (children nest to any practical depth)', () => {
    const menus = deepMenus(250);
    expect(validateConfig('menus', menus).valid).toBe(true);
    expect(validateConfigText('menus', JSON.stringify(menus)).valid).toBe(true);
    const mock = generateMockData({ menus: normalizeConfig('menus', menus) }, { seed: 1, clock: 0 });
    let link = mock.menus[0]?.links[0];
    for (let i = 1; i < 250; i += 1) link = link?.children[0];
    expect(link?.title).toBe('Level 249');
  });

  it.each([1_000, 100_000])(
    '%i levels of brackets are one too-deep error with a position, never a stack overflow',
    (depth) => {
      const text = `${'['.repeat(depth)}${']'.repeat(depth)}`;
      const result = validateConfigText('menus', text);
      expect(result.valid).toBe(false);
      expect(result.diagnostics).toEqual([
        expect.objectContaining({ code: 'too-deep', line: 1, column: 513, pointer: '' }),
      ]);
    },
  );

  it('brackets inside strings do not count', () => {
    const text = JSON.stringify([{ name: 'main-menu', links: [{ title: `${'[{'.repeat(2000)}\\"` }] }]);
    expect(validateConfigText('menus', text).valid).toBe(true);
  });

  it('a deep value passed to validateConfig is one too-deep error', () => {
    for (const menus of [deepMenus(5_000), deepMenus(100_000)]) {
      const result = validateConfig('menus', menus);
      expect(result.valid).toBe(false);
      expect(result.diagnostics.map((d) => d.code)).toEqual(['too-deep']);
    }
  });

  it('the CLI reports a hostile file as a diagnostic (exit 1), not a crash', async () => {
    const dir = path.join(tmp, 'hostile');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'menus.stk.config.json'), `${'['.repeat(50_000)}${']'.repeat(50_000)}`);
    const io = memoryIO(dir);
    expect(await runThemeConfig(['validate'], io)).toBe(1);
    expect(io.out()).toContain('menus.stk.config.json:1:513 error too-deep');
    expect(io.err()).toBe('');
    expect(await runThemeConfig(['mock', '--out', 'mock.json'], io)).toBe(1);
    expect(io.err()).toContain('too-deep');
  });

  it('grids nested up to the limit validate, load and mock without overflowing', () => {
    const settings = { background_type: 'none', enable_header: false, height: 2, width: 100, columns: 1 };
    let block: unknown = {
      type: 'text',
      props: { content: 'x', settings: { background_type: 'none', height: 1, width: 100 } },
    };
    const depthOf = (text: string): number => {
      let depth = 0;
      let max = 0;
      for (const c of text) {
        if (c === '[' || c === '{') {
          depth += 1;
          max = Math.max(max, depth);
        } else if (c === ']' || c === '}') depth -= 1;
      }
      return max;
    };
    for (;;) {
      const next = { type: 'grid', props: { columns: [{ name: 'column_1', blocks: [block] }], settings } };
      if (depthOf(JSON.stringify([{ regionName: 'r', blocks: [next] }])) > 512) break;
      block = next;
    }
    const regions = [{ regionName: 'r', blocks: [block] }];
    expect(validateConfigText('editable-regions', JSON.stringify(regions)).valid).toBe(true);
    expect(validateConfig('editable-regions', regions).valid).toBe(true);
    expect(() =>
      generateMockData({ editableRegions: normalizeConfig('editable-regions', regions) }, { seed: 1, clock: 0 }),
    ).not.toThrow();
  });
});
