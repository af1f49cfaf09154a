// The dev server over real HTTP on loopback: pages, assets, errors, and the live-reload stream.
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { startDevServer, ThemeKitError, type DevServer, type DevServerEvent } from '../src/index.js';
import { openEvents } from './support/events.js';
import { makeTheme, starterSpec as starter, writeFiles } from './support/theme.js';

const dir = testTempDir('theme-kit-test-');
let server: DevServer;
const events: DevServerEvent[] = [];
let wakeOnEvent: (() => void) | undefined;

/** Resolves with the next `change` the server reports after this call. */
function nextChange(): Promise<Extract<DevServerEvent, { type: 'change' }>> {
  const from = events.length;
  return new Promise((resolve) => {
    const check = (): void => {
      const found = events.slice(from).find((e) => e.type === 'change');
      if (found) resolve(found as Extract<DevServerEvent, { type: 'change' }>);
      else wakeOnEvent = check;
    };
    check();
  });
}

beforeAll(async () => {
  makeTheme(starter(), dir);
  server = await startDevServer({
    theme: dir,
    port: 0,
    clock: '2024-06-01T00:00:00Z',
    onEvent: (event) => {
      events.push(event);
      wakeOnEvent?.();
    },
  });
});

afterAll(async () => {
  await server.close();
});

describe('pages', () => {
  it('announces itself ready with no problems for the starter theme', () => {
    expect(events[0]).toEqual({ type: 'ready', url: server.url, problems: [] });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('serves every route with the live-reload client, and 404s what does not exist', async () => {
    for (const route of [
      '/',
      '/blog',
      '/blog/camp-kitchen-basics',
      '/categories/coffee',
      '/products/harbor-blend',
      '/?page=3',
    ]) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await response.text();
      expect(html).toContain('<script data-theme-kit>');
      expect(html.indexOf('<script data-theme-kit>')).toBeLessThan(html.lastIndexOf('</body>'));
    }
    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).toContain('Northwind Supply Co.');
    expect(home).toContain('data-stk-region="home"');
    for (const route of ['/nope', '/products/nope', '/?page=4', '/?page=x']) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status, route).toBe(404);
      expect(await response.text()).toContain('Page not found');
    }
  });

  it('answers HEAD like GET without a body, and other methods with 405 and Allow', async () => {
    const head = await fetch(`${server.url}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(1000);
    expect(await head.text()).toBe('');
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const response = await fetch(`${server.url}/`, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
    }
  });

  it('serves assets with their content type and nothing outside assets/', async () => {
    const css = await fetch(`${server.url}/assets/theme.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).toContain('--accent');
    const wav = await fetch(`${server.url}/assets/chime.wav`);
    expect(wav.headers.get('content-type')).toBe('audio/wav');
    expect((await wav.arrayBuffer()).byteLength).toBe(8044);
    for (const bad of [
      '/assets/%2e%2e/store.stk.config.json',
      '/assets/..%2fstore.stk.config.json',
      '/assets/nope.css',
      '/assets/',
      '/assets/%E0%A4%A',
    ]) {
      expect((await fetch(`${server.url}${bad}`)).status, bad).toBe(404);
    }
  });

  it('?debug=context shows the objects the template saw, as JSON', async () => {
    const response = await fetch(`${server.url}/products/harbor-blend?debug=context`);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = (await response.json()) as {
      template: string;
      context: { product: { title: string; url: string }; store: { storeName: string } };
    };
    expect(body.template).toBe('product');
    expect(body.context.product).toMatchObject({ title: 'Harbor Blend', url: '/products/harbor-blend', price: 16 });
    expect(body.context.store.storeName).toBe('Northwind Supply Co.');
    expect((await fetch(`${server.url}/nope?debug=context`)).status).toBe(404);
  });
});

describe('views: language, currency, seed in the URL', () => {
  it('renders a page in another language and currency, money through Intl, with no restart', async () => {
    const fr = await (await fetch(`${server.url}/products/harbor-blend?language=fr-FR&currency=EUR`)).text();
    expect(fr).toContain('<html lang="fr-FR"');
    expect(fr).toMatch(/16,00\s€/u);
    const ja = await (await fetch(`${server.url}/products/harbor-blend?language=ja-JP&currency=JPY`)).text();
    expect(ja).toMatch(/[¥￥]16(?!\.)/u);
    const plain = await (await fetch(`${server.url}/products/harbor-blend`)).text();
    expect(plain).toContain('$16.00');
  });

  it('the toolbar gets the 11 languages and the current view; a bad parameter is a 400 naming it', async () => {
    const html = await (await fetch(`${server.url}/?language=de-DE&seed=3&page=2`)).text();
    const toolbarJson = /"toolbar":(\{[^}]*\})/.exec(html)?.[1] ?? '{}';
    const config = {
      toolbar: JSON.parse(toolbarJson) as { languages: string[]; language: string; seed: number; page: number },
    };
    expect(config.toolbar).toMatchObject({ language: 'de-DE', seed: 3, page: 2 });
    expect(config.toolbar?.languages).toHaveLength(11);
    // The mock text's locale, where some of it is English: in the toolbar, and told once (the CLI prints it).
    const note =
      'mock text for de-DE: de; English where de has no words: store description, categories, product names, product descriptions';
    expect(config.toolbar).toMatchObject({ text: note });
    expect(events).toContainEqual({ type: 'mock-locale', language: 'de-DE', message: note });
    expect(events.filter((e) => e.type === 'mock-locale' && e.language === 'en-US')).toEqual([]);
    for (const [query, name] of [
      ['language=xx-XX', '?language'],
      ['currency=euro', '?currency'],
      ['seed=-1', '?seed'],
    ] as const) {
      const response = await fetch(`${server.url}/?${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.text()).toContain(name);
    }
  });
});

describe('live reload', () => {
  it('a template change re-renders and sends the open pages their new HTML to morph; a reload gets the new page', async () => {
    const stream = await openEvents(`${server.url}/__theme-kit/events?page=%2F`);
    await stream.next('hello');
    const changed = nextChange();
    writeFiles(dir, {
      'templates/index.liquid': `${starter()['templates/index.liquid'] as string}\n<p id="edit">first edit</p>`,
    });
    const morph = (await stream.next('morph')).data as { html: string; scripts: string };
    expect(morph.html).toContain('<p id="edit">first edit</p>');
    expect(morph.html).not.toContain('data-theme-kit'); // the page alone: the client stays as it is
    expect(typeof morph.scripts).toBe('string');
    expect(await changed).toMatchObject({
      type: 'change',
      files: ['templates/index.liquid'],
      action: 'reload',
      pages: 1,
      problems: [],
    });
    expect(await (await fetch(`${server.url}/`)).text()).toContain('first edit');
    stream.close();
  });

  it('a change reads and parses again only what changed: a template, a snippet, a config file (the mock store only when the config changed)', async () => {
    const stream = await openEvents(`${server.url}/__theme-kit/events?page=%2F`);
    await stream.next('hello');
    const edit = async (files: Record<string, string>, marker: string) => {
      const changed = nextChange();
      writeFiles(dir, files);
      for (;;) if (((await stream.next('morph')).data as { html: string }).html.includes(marker)) break;
      return (await changed).work;
    };
    const template = `${starter()['templates/index.liquid'] as string}\n<p id="edit">work edit</p>`;
    const afterTemplate = await edit({ 'templates/index.liquid': template }, 'work edit');
    // Every view open in another language reads the file too; none reads another, and only the page shown parses.
    expect(new Set(afterTemplate.read)).toEqual(new Set(['templates/index.liquid']));
    expect(afterTemplate.parsed).toEqual(['templates/index.liquid']);
    expect(afterTemplate).toMatchObject({ config: false, mock: false });

    const header = `${starter()['snippets/header.liquid'] as string}\n<p id="header-edit">header edit</p>`;
    const afterSnippet = await edit({ 'snippets/header.liquid': header }, 'header edit');
    expect(new Set(afterSnippet.read)).toEqual(new Set(['snippets/header.liquid']));
    expect(afterSnippet.parsed).toEqual(['snippets/header.liquid']);
    expect(afterSnippet).toMatchObject({ config: false, mock: false });

    // The same config laid out anew: validated again, the same mock store; a real change generates it again.
    const pagination = path.join(dir, 'pagination.stk.config.json');
    const relaidChanged = nextChange();
    writeFileSync(pagination, `${JSON.stringify(JSON.parse(readFileSync(pagination, 'utf8')), null, 4)}\n`);
    expect((await relaidChanged).work).toMatchObject({ read: [], parsed: [], config: true, mock: false });
    const configChanged = nextChange();
    writeFiles(dir, { 'pagination.stk.config.json': { numPages: 4, currentPage: 1 } });
    expect((await configChanged).work).toMatchObject({ read: [], parsed: [], config: true, mock: true });
    stream.close();
  });

  it('a broken template: the open pages get the error (file:line:col, code frame), a reload gets the last good page under it with 500', async () => {
    const stream = await openEvents(`${server.url}/__theme-kit/events?page=%2F`);
    await stream.next('hello');
    writeFiles(dir, { 'templates/index.liquid': '<p id="edit">first edit</p>\n{% for x in %}\n' });
    const report = (await stream.next('error-report')).data as { diagnostics: Array<Record<string, unknown>> };
    expect(report.diagnostics[0]).toMatchObject({
      severity: 'error',
      code: 'liquid-syntax',
      file: path.join(dir, 'templates/index.liquid'),
      line: 2,
      column: 1,
    });
    expect(report.diagnostics[0]?.['frame']).toContain('> 2 | {% for x in %}');
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain('first edit'); // the last good render, under the overlay
    expect(html).toContain('"code":"liquid-syntax"');
    // Fixed again: reload, and the page renders.
    writeFiles(dir, { 'templates/index.liquid': '<p id="edit">fixed</p>' });
    await stream.next('morph');
    const fixed = await fetch(`${server.url}/`);
    expect(fixed.status).toBe(200);
    expect(await fixed.text()).toContain('fixed');
    stream.close();
  });

  it('a stylesheet change swaps the stylesheet in place, without a reload', async () => {
    const stream = await openEvents(`${server.url}/__theme-kit/events?page=%2F`);
    await stream.next('hello');
    writeFiles(dir, { 'assets/theme.css': 'body { color: rgb(1, 2, 3); }\n' });
    expect((await stream.next('css')).data).toEqual({ href: '/assets/theme.css' });
    expect(stream.all().filter((e) => e.type === 'reload')).toEqual([]);
    stream.close();
  });

  it('a broken config file shows its diagnostics; the server keeps serving', async () => {
    const stream = await openEvents(`${server.url}/__theme-kit/events?page=%2F`);
    await stream.next('hello');
    writeFiles(dir, { 'pagination.stk.config.json': '{ "numPages": 3, "currentPage": }' });
    const report = (await stream.next('error-report')).data as { diagnostics: Array<Record<string, unknown>> };
    expect(report.diagnostics[0]).toMatchObject({
      code: 'invalid-json',
      file: path.join(dir, 'pagination.stk.config.json'),
      line: 1,
    });
    expect((await fetch(`${server.url}/assets/theme.css`)).status).toBe(200);
    writeFiles(dir, { 'pagination.stk.config.json': { numPages: 2, currentPage: 1 } });
    await stream.next('morph');
    expect((await fetch(`${server.url}/?page=2`)).status).toBe(200);
    stream.close();
  });

  it('sees a file saved by renaming a copy over it (an atomic save) every time, and files in new subfolders', async () => {
    const stream = await openEvents(`${server.url}/__theme-kit/events?page=%2F`);
    await stream.next('hello');
    const index = path.join(dir, 'templates', 'index.liquid');
    const save = (text: string): void => {
      writeFileSync(`${index}.tmp`, text);
      renameSync(`${index}.tmp`, index);
    };
    for (const edit of ['first atomic save', 'second atomic save', 'third atomic save']) {
      save(`<p id="edit">${edit}</p>`);
      expect(((await stream.next('morph')).data as { html: string }).html).toContain(edit);
      expect(await (await fetch(`${server.url}/`)).text()).toContain(edit);
    }
    // A folder made after the start: its files are watched from the moment the folder is seen.
    mkdirSync(path.join(dir, 'assets', 'later', 'deeper'), { recursive: true });
    await stream.next('reload');
    writeFiles(dir, { 'assets/later/deeper/extra.css': 'p { color: red; }\n' });
    expect((await stream.next('css')).data).toEqual({ href: '/assets/later/deeper/extra.css' });
    stream.close();
  });

  it('200 edits in a row, saved in place, renamed over, or at the same mtime: every one reaches the page', async () => {
    const stream = await openEvents(`${server.url}/__theme-kit/events?page=%2F`);
    await stream.next('hello');
    const index = path.join(dir, 'templates', 'index.liquid');
    const { mtime } = statSync(index);
    for (let edit = 0; edit < 200; edit++) {
      const text = `<p id="edit">edit ${String(edit).padStart(3, '0')}</p>`; // the same size every time
      if (edit % 3 === 0) writeFileSync(index, text);
      else if (edit % 3 === 1) {
        writeFileSync(`${index}.tmp`, text);
        renameSync(`${index}.tmp`, index); // an editor's atomic save
      } else {
        writeFileSync(index, text);
        utimesSync(index, mtime, mtime); // same size, same mtime as a save before it
      }
      // An edit may arrive in more than one batch (the file emptied, then written): wait for its content.
      for (;;) {
        const { html } = (await stream.next('morph')).data as { html: string };
        if (html.includes(text)) break;
      }
    }
    stream.close();
  }, 120_000);

  it('survives a folder removed and created again', async () => {
    const stream = await openEvents(`${server.url}/__theme-kit/events?page=%2F`);
    await stream.next('hello');
    rmSync(path.join(dir, 'snippets'), { recursive: true });
    await stream.next('error-report'); // the layout renders snippets that are gone
    writeFiles(dir, Object.fromEntries(Object.entries(starter()).filter(([file]) => file.startsWith('snippets/'))));
    await stream.next('morph');
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    stream.close();
  });
});

describe('start-up', () => {
  it('a port in use is an error naming it; a missing theme directory is an error', async () => {
    const port = Number(new URL(server.url).port);
    await expect(startDevServer({ theme: dir, port })).rejects.toThrow(
      new RegExp(`port ${port} on 127.0.0.1 is in use`),
    );
    const missing = await startDevServer({ theme: path.join(dir, 'nope'), port: 0 }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ThemeKitError);
    expect((missing as Error).message).toContain('does not exist');
  });
});
