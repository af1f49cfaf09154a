// An opened theme reads again only the Liquid files a change names: a new file, an edited one, a deleted
// one; names the theme does not read are passed over; a folder change reads the whole theme again.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openThemeWithCatalogue } from '../src/theme/open.js';
import { makeTheme } from './support/theme.js';

const open = async () => {
  const dir = makeTheme({
    'templates/index.liquid': '<h1>{{ store.storeName }}</h1>{% render "card" %}',
    'snippets/card.liquid': '<p>card</p>',
    'snippets/other.liquid': '<p>other</p>',
  });
  const theme = await openThemeWithCatalogue({ theme: dir, clock: '2024-06-01T00:00:00Z' });
  await theme.render('/');
  theme.takeWork();
  return { dir, theme };
};

describe('reloadFiles', () => {
  it('reads the named files only: edited, added and deleted; only the edited one is parsed again', async () => {
    const { dir, theme } = await open();
    writeFileSync(path.join(dir, 'snippets/card.liquid'), '<p>card, edited</p>');
    writeFileSync(path.join(dir, 'snippets/new.liquid'), '<p>new</p>');
    rmSync(path.join(dir, 'snippets/other.liquid'));
    expect(await theme.reloadFiles(['snippets/card.liquid', 'snippets/new.liquid', 'snippets/other.liquid'])).toBe(
      true,
    );
    expect(theme.files.get('snippets/card.liquid')).toBe('<p>card, edited</p>');
    expect(theme.files.get('snippets/new.liquid')).toBe('<p>new</p>');
    expect(theme.files.has('snippets/other.liquid')).toBe(false);
    expect((await theme.render('/')).html).toContain('card, edited');
    expect(theme.takeWork()).toEqual({
      read: ['snippets/card.liquid', 'snippets/new.liquid', 'snippets/other.liquid'],
      parsed: ['snippets/card.liquid'],
      config: false,
      mock: false,
    });
  });

  it('passes over names the theme does not read; a folder reads the whole theme again', async () => {
    const { dir, theme } = await open();
    writeFileSync(path.join(dir, 'templates/.index.liquid.swp'), 'x');
    writeFileSync(path.join(dir, 'templates/index.liquid~'), 'x');
    expect(await theme.reloadFiles(['templates/.index.liquid.swp', 'templates/index.liquid~', 'assets/a.css'])).toBe(
      false,
    );
    expect(theme.takeWork().read).toEqual([]);
    mkdirSync(path.join(dir, 'blocks'));
    writeFileSync(path.join(dir, 'blocks/note.liquid'), '<p>note</p>');
    expect(await theme.reloadFiles(['blocks'])).toBe(true);
    expect(theme.files.get('blocks/note.liquid')).toBe('<p>note</p>');
    expect(new Set(theme.takeWork().read)).toEqual(new Set([...theme.files.keys()]));
  });
});
