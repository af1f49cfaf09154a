// checkSnapshot: the checks on a theme in memory, synchronous; with a ParseCache, a second run after one
// file changed parses that file only, and answers as a fresh run does.
import path from 'node:path';
import { Liquid, Tokenizer } from 'liquidjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkTheme } from '../src/check/check-theme.js';
import { checkSnapshot, ParseCache } from '../src/check/run.js';
import { starterTheme } from '../src/starter/files.js';
import { readConfigTexts, readThemeDir } from '../src/theme/read.js';
import type { ThemeSnapshot } from '../src/workspace/snapshot.js';
import { makeTheme } from './support/theme.js';

afterEach(() => {
  vi.restoreAllMocks();
});

async function starterSnapshot(): Promise<ThemeSnapshot> {
  const dir = makeTheme(Object.fromEntries(starterTheme()));
  const contents = await readThemeDir(dir);
  return {
    root: dir,
    configDir: dir,
    files: contents.files,
    assets: contents.assets,
    configTexts: await readConfigTexts(dir),
  };
}

const withFile = (snapshot: ThemeSnapshot, file: string, text: string): ThemeSnapshot => ({
  ...snapshot,
  files: new Map([...snapshot.files, [file, text]]),
});

describe('checkSnapshot', () => {
  it('answers as checkTheme does for the same theme on disk', async () => {
    const snapshot = await starterSnapshot();
    const broken = withFile(snapshot, 'templates/index.liquid', '{{ stor.storeName }}{% render "nope" %}');
    const onDisk = makeTheme({
      ...Object.fromEntries(starterTheme()),
      'templates/index.liquid': '{{ stor.storeName }}{% render "nope" %}',
    });
    const fromDisk = await checkTheme({ theme: onDisk });
    const strip = (file: string | undefined, root: string): string => path.relative(root, file ?? '');
    expect(
      checkSnapshot(broken).diagnostics.map((d) => ({ ...d, file: strip(d.file, snapshot.root), fixes: undefined })),
    ).toEqual(fromDisk.diagnostics.map((d) => ({ ...d, file: strip(d.file, onDisk), fixes: undefined })));
  });

  it('with a ParseCache, a run after one file changed parses that file only, and finds what a fresh run finds', async () => {
    const snapshot = await starterSnapshot();
    const cache = new ParseCache();
    expect(checkSnapshot(snapshot, { cache }).diagnostics).toEqual([]);
    const parses = vi.spyOn(Tokenizer.prototype, 'readTopLevelTokens');
    // Files parsed (LiquidJS also tokenizes small expressions of its own, without a file name).
    const fileParses = (): string[] =>
      parses.mock.contexts.flatMap((t) => (t as unknown as { file?: string }).file ?? []);
    const edited = withFile(
      snapshot,
      'templates/blog.liquid',
      `${snapshot.files.get('templates/blog.liquid')}{{ stor }}`,
    );
    const incremental = checkSnapshot(edited, { cache }).diagnostics;
    expect(fileParses()).toEqual(['templates/blog.liquid']);
    expect(incremental.map((d) => [path.basename(d.file ?? ''), d.code])).toEqual([['blog.liquid', 'unknown-object']]);
    expect(incremental).toEqual(checkSnapshot(edited).diagnostics);
    // Unchanged: nothing parsed; the edit undone: the file parsed again, and nothing reported.
    parses.mockClear();
    checkSnapshot(edited, { cache });
    expect(fileParses()).toEqual([]);
    expect(checkSnapshot(snapshot, { cache }).diagnostics).toEqual([]);
    expect(fileParses()).toEqual(['templates/blog.liquid']);
  });

  it('a snippet edited: only the pages that render it are analysed again', () => {
    const root = path.join(path.sep, 'theme');
    const snapshot = (card: string): ThemeSnapshot => ({
      root,
      configDir: root,
      files: new Map([
        ['templates/index.liquid', "{% render 'card', title: page.title %}"],
        ['templates/blog.liquid', "{% render 'other' %}"],
        ['templates/product.liquid', '{{ product.title }}'],
        ['snippets/card.liquid', card],
        ['snippets/other.liquid', '{{ page.title }}'],
      ]),
      assets: [],
      configTexts: new Map(),
    });
    const cache = new ParseCache();
    checkSnapshot(snapshot('{{ title }}'), { cache });
    const analyses = vi.spyOn(Liquid.prototype, 'analyzeSync');
    const found = checkSnapshot(snapshot('{{ title }}{{ stor }}'), { cache }).diagnostics;
    expect(analyses).toHaveBeenCalledTimes(1);
    expect(found.map((d) => [path.basename(d.file ?? ''), d.code, d.line, d.column])).toEqual([
      ['theme', 'no-config-files', 1, 1],
      ['card.liquid', 'unknown-object', 1, 15],
    ]);
  });

  it("a region renamed in a template updates the config file's diagnostics at once", async () => {
    const root = path.join(path.sep, 'theme');
    const regions = JSON.stringify([{ regionName: 'home', rawMarkup: '<p>x</p>' }]);
    const snapshot = (tag: string): ThemeSnapshot => ({
      root,
      configDir: root,
      files: new Map([['templates/index.liquid', `{% editable_region '${tag}' %}`]]),
      assets: [],
      configTexts: new Map([
        [
          'editable-regions.stk.config.json',
          { file: path.join(root, 'editable-regions.stk.config.json'), text: regions },
        ],
      ]),
    });
    const cache = new ParseCache();
    expect(checkSnapshot(snapshot('home'), { cache }).diagnostics).toEqual([]);
    expect(
      checkSnapshot(snapshot('homepage'), { cache }).diagnostics.map((d) => [path.basename(d.file ?? ''), d.code]),
    ).toEqual([
      ['editable-regions.stk.config.json', 'unknown-region'],
      ['index.liquid', 'unconfigured-region'],
    ]);
  });
});
