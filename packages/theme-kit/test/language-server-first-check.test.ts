// The first diagnostics of an opened document, before the whole theme's first check
// (src/language-server/first-check.ts): on a theme with problems of every kind, what the first check of
// each Liquid file finds is exactly the whole theme's diagnostics of that file for the codes it publishes
// (never one more, never one less); and the server publishes them at once when the document opens, while
// the whole theme's check still waits on a ManualClock, then the rest when the clock moves.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { type Diagnostic, DidOpenTextDocumentNotification } from 'vscode-languageserver-protocol/node.js';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../tools/testing/wait-for.mjs';
import { checkSnapshot } from '../src/check/run.js';
import { toPublished } from '../src/language-server/diagnostics.js';
import { checkOpenedFirst, firstCodes } from '../src/language-server/first-check.js';
import { ManualClock } from '../src/testing/index.js';
import { snapshot } from './support/language.js';
import { type InProcessServer, startInProcessServer, uri } from './support/language-server.js';
import { makeTheme, starterSpec } from './support/theme.js';

/** The starter theme with problems of every kind, in the files the first check reads and in others. */
function troubledTheme(): Record<string, string | Uint8Array> {
  const spec = starterSpec();
  const index = String(spec['templates/index.liquid']);
  return {
    ...spec,
    // File-local: an unknown object, a tag outside the contract. Cross-file: a missing
    // snippet, an unconfigured region, a menu not configured (also used first by another template).
    'templates/index.liquid': `${index}
{{ custmer.name }}
{% include 'card-x' %}
{% render 'nope' %}
{% render 'card-x', title: store.storeName %}
{% editable_region 'not-configured' %}
{{ menus['secret-menu'].links.size }}
`,
    'templates/broken.liquid': '<h1>{{ store.storeName | upcasee }}</h1>\n',
    'templates/about.liquid':
      "{{ menus['secret-menu'].title }}\n{% editable_region 'not-configured' %}\n{{ mystery_about }}\n",
    // A snippet the index renders: its unknown object depends on every render of it.
    'snippets/card-x.liquid': "{{ title }} {{ subtitle }} {{ mystery }}\n{% render 'card-y' %}\n",
    'snippets/card-y.liquid': '{{ deep_mystery | upcase }} {% liquid\n  echo store.storeName | downcasee\n%}\n',
    // A snippet nobody renders, with a syntax error: never part of the index's first diagnostics.
    'snippets/orphan.liquid': '{% iff x %}{% endif %}\n',
    'blocks/banner.liquid': '<div>{{ block.settings.title }} {{ unknown_in_block }} {{ block | json }}</div>\n',
  };
}

describe('first check of opened documents', () => {
  it("finds exactly the whole theme's diagnostics of each opened file, for the codes it publishes", () => {
    const theme = snapshot(Object.entries(troubledTheme()));
    const whole = checkSnapshot(theme).diagnostics;
    const found = new Set<string>();
    for (const relative of theme.files.keys()) {
      const file = path.join(theme.root, relative);
      const first = checkOpenedFirst(theme, [relative]);
      expect(first?.files).toEqual([file]);
      const expected = whole.filter((d) => d.file === file && firstCodes(relative).has(d.code));
      expect(first?.diagnostics, relative).toEqual(expected);
      for (const d of first?.diagnostics ?? []) found.add(`${relative} ${d.code}`);
    }
    // The theme has file-local problems in each kind of file, and cross-file ones the first check leaves out.
    expect([...found].sort()).toEqual(
      expect.arrayContaining([
        'blocks/banner.liquid unknown-object',
        'snippets/orphan.liquid liquid-syntax',
        'templates/about.liquid unknown-object',
        'templates/broken.liquid unknown-filter',
        'snippets/card-y.liquid unknown-filter',
        'templates/index.liquid unknown-object',
        'templates/index.liquid unknown-tag',
      ]),
    );
    const index = path.join(theme.root, 'templates/index.liquid');
    const deferred = whole.filter((d) => d.file === index && !firstCodes('templates/index.liquid').has(d.code));
    expect(new Set(deferred.map((d) => d.code))).toEqual(new Set(['missing-snippet', 'unconfigured-region']));
    // A menu is reported where it is first used, in another template: why the first check leaves menus out.
    expect(whole.find((d) => d.code === 'unknown-menu')?.file).toBe(path.join(theme.root, 'templates/about.liquid'));
  });

  it('leaves out what is not a Liquid file of the theme, and a file long enough for the worker', () => {
    const theme = snapshot(Object.entries(troubledTheme()));
    expect(checkOpenedFirst(theme, [])).toBeUndefined();
    expect(checkOpenedFirst(theme, ['templates/gone.liquid'])).toBeUndefined();
    const long = snapshot([...Object.entries(troubledTheme()), ['templates/long.liquid', 'x'.repeat(100_000)]]);
    expect(checkOpenedFirst(long, ['templates/long.liquid'])).toBeUndefined();
    // Several opened files: each gets its own, none when it has none.
    const both = checkOpenedFirst(theme, ['templates/index.liquid', 'layout/theme.liquid']);
    expect(both?.files).toEqual([
      path.join(theme.root, 'templates/index.liquid'),
      path.join(theme.root, 'layout/theme.liquid'),
    ]);
  });
});

describe('theme-kit language server: an opened document before the whole theme is checked', () => {
  const DEBOUNCE_MS = 80;
  const clock = new ManualClock('2024-06-01T00:00:00Z');
  let dir = '';

  let lsp: InProcessServer | undefined;

  afterAll(() => {
    lsp?.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("publishes its own diagnostics at once, the whole theme's after the wait, and never one the theme does not have", async () => {
    const spec = troubledTheme();
    dir = makeTheme(spec);
    lsp = await startInProcessServer(dir, { clock, debounceMs: DEBOUNCE_MS, checkWorker: false });
    const { client, published } = lsp;
    const file = path.join(dir, 'templates/index.liquid');
    await client.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri: uri(file), languageId: 'liquid', version: 1, text: readFileSync(file, 'utf8') },
    });

    // What the whole theme's check publishes for the file (theme-kit check's diagnostics, as LSP).
    const whole = snapshot(Object.entries(spec));
    const expected = (
      toPublished(whole, checkSnapshot(whole).diagnostics, new Map()).get(
        path.join(whole.root, 'templates/index.liquid'),
      ) ?? []
    ).map((p) => p.diagnostic);
    const key = (d: Diagnostic): string => JSON.stringify(d);
    const expectedKeys = new Set(expected.map(key));

    await waitFor(() => published.length > 0, { message: 'the first diagnostics of the opened template' });
    // The whole theme's check is still waiting on the clock: nothing else has been checked or published.
    expect(clock.pending).toBeGreaterThan(0);
    expect(published.map((p) => p.uri)).toEqual([uri(file)]);
    const first = published[0]?.diagnostics ?? [];
    expect(new Set(first.map((d) => d.code))).toEqual(new Set(['unknown-object', 'unknown-tag']));
    for (const d of first) expect(expectedKeys.has(key(d)), key(d)).toBe(true);

    await clock.advance(DEBOUNCE_MS);
    // The whole theme's check finds more in the template (the cross-file problems): a second publication.
    await waitFor(() => published.filter((p) => p.uri === uri(file)).length === 2, {
      message: "the whole theme's diagnostics of the template",
    });
    const last = published.filter((p) => p.uri === uri(file)).at(-1);
    expect(last?.diagnostics).toEqual(expected);
    // The other files' come with the whole theme's check only: the orphan snippet's syntax error among them.
    const orphan = published.find((p) => p.uri === uri(path.join(dir, 'snippets/orphan.liquid')));
    expect(orphan?.diagnostics.map((d) => d.code)).toContain('liquid-syntax');
  });
});
