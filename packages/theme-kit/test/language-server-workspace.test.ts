// The language server's view of the workspace (src/workspace/), without a connection: theme roots found by
// config files, several themes in one folder, buffers over the disk, snapshots that replace only what
// changed, and the notes on binary, huge and unreadable files.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { ThemeWorkspace } from '../src/workspace/theme-workspace.js';
import { writeFiles } from './support/theme.js';

const STORE = { storeName: 'Test store' };

describe('ThemeWorkspace', () => {
  it('finds the nearest theme root by its config files or templates/, up to the workspace folder', async () => {
    const folder = testTempDir('theme-kit-ws-');
    writeFiles(folder, {
      'store.stk.config.json': STORE, // the folder itself is a theme
      'templates/index.liquid': 'home',
      'shops/north/page.stk.config.json': { template: 'index' }, // a theme inside it
      'shops/north/templates/index.liquid': 'north',
      'shops/south/templates/index.liquid': 'south', // a theme without config files
      'loose/snippets/card.liquid': 'card', // only snippets: the folder above them
      'notes/readme.liquid': 'x',
    });
    const workspace = new ThemeWorkspace();
    workspace.setFolders([folder]);
    const rootOf = async (file: string) => (await workspace.themeOf(path.join(folder, file)))?.root;
    expect(await rootOf('templates/index.liquid')).toBe(folder);
    expect(await rootOf('shops/north/templates/index.liquid')).toBe(path.join(folder, 'shops/north'));
    expect(await rootOf('shops/north/page.stk.config.json')).toBe(path.join(folder, 'shops/north'));
    expect(await rootOf('shops/south/templates/index.liquid')).toBe(path.join(folder, 'shops/south'));
    expect(await rootOf('loose/snippets/card.liquid')).toBe(folder); // the folder is a theme, and nearer than nothing
    expect(
      workspace
        .themes()
        .map((t) => t.root)
        .sort(),
    ).toEqual([folder, path.join(folder, 'shops/north'), path.join(folder, 'shops/south')].sort());
  });

  it('a Liquid file in a folder of snippets belongs to the folder above when no root is found', async () => {
    const folder = testTempDir('theme-kit-ws-');
    writeFiles(folder, { 'snippets/card.liquid': 'card' });
    const workspace = new ThemeWorkspace();
    workspace.setFolders([folder]);
    expect((await workspace.themeOf(path.join(folder, 'snippets/card.liquid')))?.root).toBe(folder);
    expect(await workspace.themeOf(path.join(folder, 'other.txt'))).toBeUndefined();
  });

  it('snapshots buffers over the disk, replacing only the entries that changed', async () => {
    const root = testTempDir('theme-kit-ws-');
    writeFiles(root, {
      'store.stk.config.json': STORE,
      'templates/index.liquid': 'disk index',
      'snippets/card.liquid': 'disk card',
      'assets/theme.css': 'body {}',
    });
    const workspace = new ThemeWorkspace();
    workspace.setFolders([root]);
    const theme = (await workspace.themeOf(path.join(root, 'templates/index.liquid')))!;
    const first = theme.view();
    expect(theme.view()).toBe(first); // nothing changed: the same view
    expect(first.snapshot.root).toBe(root);
    expect([...first.snapshot.files].sort()).toEqual([
      ['snippets/card.liquid', 'disk card'],
      ['templates/index.liquid', 'disk index'],
    ]);
    expect(first.snapshot.assets).toEqual(['theme.css']);
    expect(first.snapshot.configTexts.get('store.stk.config.json')?.file).toBe(
      path.join(root, 'store.stk.config.json'),
    );

    // Opened as it is on disk: nothing changed.
    workspace.setBuffer(path.join(root, 'templates/index.liquid'), 'disk index');
    expect(theme.version).toBe(first.version);
    expect(theme.view()).toBe(first);

    workspace.setBuffer(path.join(root, 'templates/index.liquid'), 'typed index');
    const second = theme.view();
    expect(second.version).toBeGreaterThan(first.version);
    expect(second.snapshot.files.get('templates/index.liquid')).toBe('typed index');
    expect(second.snapshot.files).not.toBe(first.snapshot.files);
    expect(first.snapshot.files.get('templates/index.liquid')).toBe('disk index'); // an earlier snapshot stays as it was

    workspace.setBuffer(path.join(root, 'store.stk.config.json'), '\uFEFF{ "storeName": "Typed" }');
    expect(theme.view().snapshot.configTexts.get('store.stk.config.json')?.text).toBe('{ "storeName": "Typed" }');

    // On disk: a snippet changed, an asset added, a file deleted.
    writeFileSync(path.join(root, 'snippets/card.liquid'), 'new card');
    writeFileSync(path.join(root, 'assets/app.js'), '');
    rmSync(path.join(root, 'templates/index.liquid'));
    await workspace.diskChanged([
      path.join(root, 'snippets/card.liquid'),
      path.join(root, 'assets/app.js'),
      path.join(root, 'templates/index.liquid'),
    ]);
    const third = theme.view().snapshot;
    expect(third.files.get('snippets/card.liquid')).toBe('new card');
    expect(third.files.get('templates/index.liquid')).toBe('typed index'); // the buffer is still open
    expect(third.assets).toEqual(['app.js', 'theme.css']);

    workspace.closeBuffer(path.join(root, 'templates/index.liquid'));
    expect(theme.view().snapshot.files.has('templates/index.liquid')).toBe(false);
  });

  it('notes binary and huge files instead of analysing them (and skips a directory with a Liquid name)', async () => {
    const root = testTempDir('theme-kit-ws-');
    writeFiles(root, {
      'templates/index.liquid': `${'<p>{{ store.storeName }}</p>\n'.repeat(40)}`,
      'snippets/blob.liquid': new Uint8Array([0x00, 0x01, 0x02, 0xff]),
    });
    mkdirSync(path.join(root, 'snippets/folder.liquid')); // a directory with a Liquid name: skipped
    const workspace = new ThemeWorkspace({ maxAnalysedLength: 200 });
    workspace.setFolders([root]);
    const theme = (await workspace.themeOf(path.join(root, 'templates/index.liquid')))!;
    const { snapshot, notes } = theme.view();
    expect(snapshot.files.get('snippets/blob.liquid')).toBe('');
    expect(notes.get(path.join(root, 'snippets/blob.liquid'))?.kind).toBe('binary');
    const index = snapshot.files.get('templates/index.liquid') ?? '';
    expect(index.length).toBeLessThanOrEqual(200);
    expect(index.endsWith('</p>\n')).toBe(true); // cut at a line's end
    expect(notes.get(path.join(root, 'templates/index.liquid'))?.message).toContain('analysed partially');
    expect(snapshot.files.has('snippets/folder.liquid')).toBe(false);
  });

  it('a theme deleted under it reads as empty, without throwing', async () => {
    const root = testTempDir('theme-kit-ws-');
    writeFiles(root, { 'store.stk.config.json': STORE, 'templates/index.liquid': 'x' });
    const workspace = new ThemeWorkspace();
    workspace.setFolders([root]);
    const theme = (await workspace.themeOf(path.join(root, 'templates/index.liquid')))!;
    rmSync(root, { recursive: true });
    expect(await workspace.diskChanged([root])).toEqual([theme]);
    const { snapshot } = theme.view();
    expect(snapshot.files.size).toBe(0);
    expect(snapshot.configTexts.size).toBe(0);
  });
});
