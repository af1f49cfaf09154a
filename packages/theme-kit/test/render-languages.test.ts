// `theme-kit render --language all`: one tree per store language, each a complete site, money through Intl;
// and the starter's images come from no image host (the mock store's are inline placeholders).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { runInProcess } from './support/bin.js';
import { makeTheme, starterSpec } from './support/theme.js';

describe('theme-kit render --language all', () => {
  it('writes out/<language>/... for the 11 languages, each with its pages and assets, images from no image host', async () => {
    const dir = makeTheme(starterSpec());
    const out = path.join(testTempDir('theme-kit-render-all-'), 'site');
    const result = await runInProcess(['render', '--theme', dir, '--out', out, '--language', 'all']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(
      ['da-DK', 'de-DE', 'en-US', 'fi-FI', 'fr-FR', 'it-IT', 'ja-JP', 'nb-NO', 'nl-NL', 'pt-PT', 'sv-SE'].sort(),
    );
    const fr = readFileSync(path.join(out, 'fr-FR', 'products', 'harbor-blend', 'index.html'), 'utf8');
    expect(fr).toContain('<html lang="fr-FR"');
    expect(fr).toMatch(/16,00\s\$US/u);
    expect(fr).not.toContain('data-theme-kit'); // no dev client, no toolbar
    expect(existsSync(path.join(out, 'ja-JP', 'assets', 'theme.css'))).toBe(true);
    expect(result.stdout.split('\n').filter((line) => line.includes('pages and'))).toHaveLength(11);
    // Which locale the generated text used, for each language where some of it is English (all but en-US).
    const notes = result.stdout.split('\n').filter((line) => line.includes('mock text for'));
    expect(notes).toHaveLength(10);
    expect(notes).toContain(
      'theme-kit render: mock text for fi-FI: English throughout (the fake-data locale fi has no words for it)',
    );
    expect(notes).toContain(
      'theme-kit render: mock text for fr-FR: fr; English where fr has no words: store description',
    );

    // Offline: every image, stylesheet and script of every page is the site's own or inline.
    const pages = readdirSync(path.join(out, 'en-US'), { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.html'),
    );
    expect(pages.length).toBeGreaterThan(10);
    for (const file of pages) {
      const html = readFileSync(path.join(out, 'en-US', file), 'utf8');
      const fetched = [...html.matchAll(/<(?:img|link|script|source)\b[^>]*\b(?:src|href|srcset)="([^"]*)"/g)].map(
        (match) => match[1] ?? '',
      );
      for (const url of fetched) expect(url, file).toMatch(/^(?:\/|data:|[a-z-]+\.(?:css|js)$)/);
      expect(html, file).not.toContain('picsum.photos');
    }
  });
});
