/**
 * `theme-kit dev`: the theme rendered with the mock store over HTTP, kept live. A change to a template,
 * snippet, block, config file or asset updates every open page: a stylesheet is swapped in place, a
 * template, snippet, block or config change re-renders the open pages and sends each its new HTML, which
 * the page's client morphs into the live DOM (a reload only when the page's scripts changed; the rendered
 * page is kept for that reload, so it is served at once), and any other asset reloads the pages.
 * A broken file never stops the server: the pages keep their last good render under an overlay with the
 * error, and the terminal gets the same.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { isClock, systemClock, type Clock } from '@commerce-kit/internal/clock';
import { confinedFile, urlPathSegments } from '@commerce-kit/internal/local-server/files';
import {
  allowedHostProblem,
  allowedHosts,
  answerClientErrors,
  refuseRequest,
  SERVER_LIMITS,
  type AllowedHosts,
} from '@commerce-kit/internal/local-server/guard';
import type { ThemeDiagnostic } from '../diagnostics.js';
import { ThemeKitConfigurationError, ThemeKitError, ThemeRenderError } from '../errors.js';
import { escapeHtml } from '@commerce-kit/internal/escape-html';
import { resolveRoute } from '../render/routes.js';
import { BUILTIN_BLOCKS } from '../render/builtin-blocks.js';
import { ASSETS_FOLDER, LIQUID_FOLDERS } from '../theme/files.js';
import { openThemeWithCatalogue, type Theme, type ThemeOptions, type ThemeWork } from '../theme/open.js';
import { mockLocaleNote } from '../theme/mock-locale.js';
import { readLiquidFile, type LiquidFileRead } from '../theme/read.js';
import { sendAsset } from './assets.js';
import { scriptSignature, type MorphMessage, type OverlayDiagnostic } from './client.js';
import { codeFrame } from './frame.js';
import { brokenPage, EVENTS_PATH, withClient, type ToolbarConfig } from './pages.js';
import { parseView, CURRENCIES, LANGUAGES, type View } from './view.js';
import { watchTheme, type StopWatching } from './watch.js';

/** What the dev server reports (the CLI prints it). */
export type DevServerEvent =
  | { readonly type: 'ready'; readonly url: string; readonly problems: readonly ThemeDiagnostic[] }
  | {
      readonly type: 'change';
      /** The changed files, relative to the theme directory (none for a new catalogue, see `refresh()`). */
      readonly files: readonly string[];
      /** What the browsers were told: stylesheets swapped, pages reloaded, or errors shown. */
      readonly action: 'css' | 'reload' | 'error';
      /** Pages re-rendered for the open browsers. */
      readonly pages: number;
      /** Milliseconds from the batch of changes to the browsers being told. */
      readonly ms: number;
      /** The theme's problems now (config diagnostics, render errors of the open pages). */
      readonly problems: readonly ThemeDiagnostic[];
      /**
       * What the change cost the server, over the theme and every view open in another language, currency or
       * seed: the Liquid files read again and the files parsed again (a template edit reads and parses that
       * template, not the rest of the theme), whether the config files were loaded again and the mock store
       * generated again (only after a config change that changed them).
       */
      readonly work: ThemeWork;
    }
  | { readonly type: 'render-error'; readonly url: string; readonly problems: readonly ThemeDiagnostic[] }
  | {
      readonly type: 'mock-locale';
      /** The store language of the theme as started or of a view (`?language=de-DE`). */
      readonly language: string;
      /** Which locale the mock store's generated text used, and what of it is English (one line). */
      readonly message: string;
    };

/** Options of {@link startDevServer}. */
export interface DevServerOptions extends ThemeOptions {
  /** Port to listen on (default 9292; 0 picks a free one). */
  readonly port?: number | undefined;
  /** Address to listen on (default `127.0.0.1`, reachable from this machine only). */
  readonly host?: string | undefined;
  /**
   * Host names the server answers besides loopback names and addresses, IP literals and `host` (a leading
   * dot allows a domain and its subdomains, `.example.test`). A request naming any other `Host` is
   * answered 403 (DNS rebinding). The CLI's `--allowed-host NAME`.
   */
  readonly allowedHosts?: readonly string[] | undefined;
  /** Called with what happens: the start, each change, a page that fails. */
  readonly onEvent?: ((event: DevServerEvent) => void) | undefined;
}

/** A running dev server. */
export interface DevServer {
  /** Base URL, e.g. `http://127.0.0.1:9292`. */
  readonly url: string;
  /** The theme being served. */
  readonly theme: Theme;
  /**
   * Reads the `catalogue` option again (call it when the store's data changed): when the catalogue differs
   * from the last one, the open pages are re-rendered and reload, as after a file change. Calls made before
   * an earlier one has started share it; a page requested after the call is rendered from the new catalogue.
   */
  refresh(): Promise<void>;
  /** Stops watching, ends the browsers' event streams and closes the server. */
  close(): Promise<void>;
}

const LAST_GOOD_LIMIT = 200;
/** Views (language, currency, seed) kept open beside the theme as started; the oldest is dropped after. */
const VIEW_LIMIT = 12;
const DEBUG_PARAM = 'debug';

/** Whether a request target asks for `?debug=...`, however the name is spelled (`%64ebug`). */
function asksDebug(target: string): boolean {
  const query = target.indexOf('?');
  return query >= 0 && new URLSearchParams(target.slice(query + 1)).has(DEBUG_PARAM);
}

interface EventClient {
  readonly response: ServerResponse;
  readonly page: string;
}

type ServedTheme = Awaited<ReturnType<typeof openThemeWithCatalogue>>;

class DevServerImpl implements DevServer {
  url = '';
  readonly theme: ServedTheme;
  readonly #server: Server;
  readonly #clock: Clock;
  readonly #onEvent: (event: DevServerEvent) => void;
  #allowed: AllowedHosts = [];
  readonly #extraHosts: readonly string[];
  readonly #id = randomUUID();
  readonly #clients = new Set<EventClient>();
  /** The last HTML each URL rendered without error: what a page shows under the overlay. */
  readonly #lastGood = new Map<string, string>();
  /** Pages rendered after the last change, served once to the reload they announce. */
  readonly #fresh = new Map<string, { readonly status: number; readonly html: string }>();
  #idle: Promise<void> = Promise.resolve();
  /** A refresh queued and not yet started: later calls share it. */
  #queuedRefresh: Promise<void> | undefined;
  #stopWatching: StopWatching | undefined;
  readonly #options: ThemeOptions;
  /** The theme opened again for another language, currency or seed (`?language=fr-FR`), by view key. */
  readonly #views = new Map<string, Promise<ServedTheme>>();

  constructor(
    theme: ServedTheme,
    clock: Clock,
    onEvent: (event: DevServerEvent) => void,
    extraHosts: readonly string[],
    options: ThemeOptions,
  ) {
    this.theme = theme;
    this.#options = options;
    this.#clock = clock;
    this.#onEvent = onEvent;
    this.#extraHosts = extraHosts;
    this.#server = createServer({ ...SERVER_LIMITS }, (request, response) => {
      // Another Host (DNS rebinding), a malformed target, `?debug=context` asked by another site: refused here.
      if (
        refuseRequest(request, response, {
          allowed: this.#allowed,
          flag: '--allowed-host',
          sameOriginOnly: (r) => r.method !== 'GET' || asksDebug(r.url ?? '/'),
        })
      )
        return;
      this.#handle(request, response).catch((error: unknown) => this.#fail(response, error));
    });
    answerClientErrors(this.#server);
  }

  async listen(port: number, host: string): Promise<void> {
    this.#allowed = allowedHosts(host, this.#extraHosts);
    await new Promise<void>((resolve, reject) => {
      const onError = (error: NodeJS.ErrnoException): void => {
        reject(
          new ThemeKitError(
            error.code === 'EADDRINUSE'
              ? `port ${port} on ${host} is in use: pass another port (0 picks a free one)`
              : `cannot listen on ${host}:${port} (${error.code ?? error.message})`,
            { cause: error },
          ),
        );
      };
      this.#server.once('error', onError);
      this.#server.listen(port, host, () => {
        this.#server.off('error', onError);
        resolve();
      });
    });
    const address = this.#server.address() as AddressInfo;
    const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    this.url = `http://${shownHost}:${address.port}`;
    this.#stopWatching = watchTheme({
      dir: this.theme.dir,
      configDir: this.theme.configDir,
      clock: this.#clock,
      onChange: (files) => {
        void this.#queue(() => this.#changed(files)).catch(() => undefined);
      },
      onError: () => undefined,
    });
    // Render the home page once: it warms the parse cache (a fast first byte) and reports problems at once.
    const home = await this.#render('/');
    this.#onEvent({
      type: 'ready',
      url: this.url,
      problems: home.ok ? this.#withFrames(this.theme.diagnostics) : home.problems,
    });
    this.#tellMockLocale(this.theme);
  }

  /** Says which locale a theme's mock text used, when some of it is not in the store's language. */
  #tellMockLocale(theme: Theme): void {
    const message = mockLocaleNote(theme.mockLocale);
    if (message !== undefined && theme.mockLocale !== undefined)
      this.#onEvent({ type: 'mock-locale', language: theme.mockLocale.language, message });
  }

  /** Runs `task` after everything queued before it; page requests wait for the queue. */
  #queue(task: () => Promise<void>): Promise<void> {
    const run = this.#idle.then(task);
    this.#idle = run.catch(() => undefined);
    return run;
  }

  refresh(): Promise<void> {
    this.#queuedRefresh ??= this.#queue(async () => {
      this.#queuedRefresh = undefined;
      const started = this.#clock.now();
      await this.#takeWork(); // what came before the refresh is not its cost
      let changed = await this.theme.reloadCatalogue();
      for (const view of this.#views.values()) if (await (await view).reloadCatalogue()) changed = true;
      if (changed) await this.#reloadPages([], started);
    });
    return this.#queuedRefresh;
  }

  async close(): Promise<void> {
    this.#stopWatching?.();
    for (const client of this.#clients) client.response.end();
    this.#clients.clear();
    await new Promise<void>((resolve) => {
      this.#server.close(() => resolve());
      this.#server.closeAllConnections();
    });
    await this.#idle;
  }

  /** Diagnostics with a code frame from the file they point into, for the overlay and the terminal. */
  #withFrames(diagnostics: readonly ThemeDiagnostic[]): OverlayDiagnostic[] & ThemeDiagnostic[] {
    return diagnostics.map((d) => {
      const source = this.#sourceOf(d);
      const frame = source !== undefined && d.line !== undefined ? codeFrame(source, d.line, d.column ?? 1) : '';
      return frame ? { ...d, frame } : { ...d };
    });
  }

  #sourceOf(d: ThemeDiagnostic): string | undefined {
    if (d.file === undefined) return undefined;
    const builtin = BUILTIN_BLOCKS.get(d.file);
    if (builtin !== undefined) return builtin;
    const relative = path.relative(this.theme.dir, d.file).split(path.sep).join('/');
    const liquid = this.theme.files.get(relative);
    if (liquid !== undefined) return liquid;
    return this.theme.configText(d.file);
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      response.end(`${method} is not allowed: the dev server answers GET and HEAD\n`);
      return;
    }
    const head = method === 'HEAD';
    const url = new URL(request.url ?? '/', 'http://theme.invalid');
    if (url.pathname === EVENTS_PATH) {
      this.#events(url, response);
      return;
    }
    if (url.pathname.startsWith(`/${ASSETS_FOLDER}/`)) {
      // Only a regular file whose real path is inside assets/, never a dotfile; the 404 names no other path.
      const segments = urlPathSegments(url.pathname.slice(ASSETS_FOLDER.length + 2));
      const file = segments && (await confinedFile(path.join(this.theme.dir, ASSETS_FOLDER), segments));
      if (file && (await sendAsset(file, response, head))) return;
      this.#text(
        response,
        404,
        "no such asset (files in the theme's assets/ folder are served at /assets/...)\n",
        head,
      );
      return;
    }
    await this.#idle;
    const debug = url.searchParams.get(DEBUG_PARAM);
    url.searchParams.delete(DEBUG_PARAM);
    const page = `${url.pathname}${url.search}`;
    if (debug === 'context') {
      this.#context(page, response, head);
      return;
    }
    const fresh = this.#fresh.get(page);
    if (fresh) {
      this.#fresh.delete(page);
      this.#html(response, fresh.status, withClient(fresh.html, page, [], await this.#toolbar(page)), head);
      return;
    }
    const rendered = await this.#render(page);
    if (rendered.ok) {
      this.#html(response, rendered.status, withClient(rendered.html, page, [], await this.#toolbar(page)), head);
      return;
    }
    this.#onEvent({ type: 'render-error', url: page, problems: rendered.problems });
    this.#html(
      response,
      500,
      withClient(
        this.#lastGood.get(page) ?? brokenPage(rendered.problems),
        page,
        rendered.problems,
        await this.#toolbar(page),
      ),
      head,
    );
  }

  /** The theme for `view`: the one started, or one opened again with the view's language, currency or seed. */
  #themeFor(view: View): Promise<ServedTheme> {
    if (view.key === '') return Promise.resolve(this.theme);
    let opened = this.#views.get(view.key);
    if (!opened) {
      opened = openThemeWithCatalogue({
        ...this.#options,
        ...(view.language === undefined ? {} : { language: view.language }),
        ...(view.currency === undefined ? {} : { currency: view.currency }),
        ...(view.seed === undefined ? {} : { seed: view.seed }),
      });
      this.#views.set(view.key, opened);
      opened.then(
        (theme) => this.#tellMockLocale(theme),
        () => undefined, // the page that asked for the view reports the failure
      );
      if (this.#views.size > VIEW_LIMIT) this.#views.delete(this.#views.keys().next().value as string);
    }
    return opened;
  }

  /** What the toolbar shows for `page`. */
  async #toolbar(page: string): Promise<ToolbarConfig | undefined> {
    const view = parseView(page);
    if ('problem' in view) return undefined;
    const theme = await this.#themeFor(view);
    const store = (theme.data?.objects as { store?: { language?: string; currencyCode?: string } } | undefined)?.store;
    return {
      languages: LANGUAGES,
      currencies: CURRENCIES,
      language: store?.language ?? view.language ?? 'en-US',
      currency: store?.currencyCode ?? view.currency ?? 'USD',
      seed: view.seed ?? this.#options.seed ?? 1,
      ...(mockLocaleNote(theme.mockLocale) === undefined ? {} : { text: mockLocaleNote(theme.mockLocale)! }),
      page: Number(new URL(page, 'http://theme.invalid').searchParams.get('page') ?? '1') || 1,
    };
  }

  async #render(
    page: string,
  ): Promise<
    { ok: true; status: number; html: string } | { ok: false; problems: ThemeDiagnostic[] & OverlayDiagnostic[] }
  > {
    try {
      const view = parseView(page);
      if ('problem' in view) {
        return {
          ok: true,
          status: 400,
          html: `<!doctype html><html><head><meta charset="utf-8"><title>Bad view</title></head><body><h1>Bad view</h1><p>${escapeHtml(view.problem)}</p></body></html>`,
        };
      }
      const theme = await this.#themeFor(view);
      const result = await theme.render(view.path);
      if (result.status === 200) {
        this.#lastGood.delete(page);
        this.#lastGood.set(page, result.html);
        if (this.#lastGood.size > LAST_GOOD_LIMIT) this.#lastGood.delete(this.#lastGood.keys().next().value as string);
      }
      return { ok: true, status: result.status, html: result.html };
    } catch (error) {
      if (!(error instanceof ThemeRenderError)) throw error;
      return {
        ok: false,
        problems: this.#withFrames(error.diagnostics.length > 0 ? error.diagnostics : this.theme.diagnostics),
      };
    }
  }

  /** `?debug=context`: the objects the template of this URL sees, as JSON. */
  #context(page: string, response: ServerResponse, head: boolean): void {
    const data = this.theme.data;
    if (!data) {
      this.#json(
        response,
        500,
        { error: 'the config is invalid, so there is no mock store', diagnostics: this.theme.diagnostics },
        head,
      );
      return;
    }
    const resolved = resolveRoute(page, data);
    if (!resolved.found) {
      this.#json(response, 404, { error: resolved.reason }, head);
      return;
    }
    this.#json(response, 200, { template: resolved.template, context: resolved.context }, head);
  }

  #events(url: URL, response: ServerResponse): void {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    response.write(`retry: 500\nevent: hello\ndata: ${JSON.stringify({ id: this.#id })}\n\n`);
    const client: EventClient = { response, page: url.searchParams.get('page') ?? '/' };
    this.#clients.add(client);
    response.on('close', () => this.#clients.delete(client));
  }

  #send(client: EventClient, event: string, data: unknown): void {
    client.response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** One batch of changed files: reload what changed, re-render the open pages, tell the browsers. */
  async #changed(absolute: readonly string[]): Promise<void> {
    const started = this.#clock.now();
    const files = absolute.map((file) => path.relative(this.theme.dir, file).split(path.sep).join('/'));
    let config = false;
    let liquid = false;
    const stylesheets: string[] = [];
    let otherAssets = false;
    absolute.forEach((file, index) => {
      const relative = files[index] ?? '';
      const [top] = relative.split('/');
      if (path.basename(file).endsWith('.stk.config.json')) config = true;
      else if ((LIQUID_FOLDERS as readonly string[]).includes(top ?? '')) liquid = true;
      else if (top === ASSETS_FOLDER) {
        if (relative.toLowerCase().endsWith('.css')) stylesheets.push(`/${relative}`);
        else otherAssets = true;
      }
    });
    if (!config && !liquid) {
      if (stylesheets.length === 0 && !otherAssets) return;
      const reason = `${files.find((f) => !f.toLowerCase().endsWith('.css')) ?? 'an asset'} changed`;
      for (const client of this.#clients) {
        if (otherAssets) this.#send(client, 'reload', { reason });
        else for (const href of stylesheets) this.#send(client, 'css', { href: encodeURI(href) });
      }
      this.#onEvent({
        type: 'change',
        files,
        action: otherAssets ? 'reload' : 'css',
        pages: 0,
        ms: this.#clock.now() - started,
        problems: this.#withFrames(this.theme.diagnostics),
        work: await this.#takeWork(),
      });
      return;
    }
    await this.#takeWork(); // what came before the change (pages requested since) is not its cost
    // Only what changed is read again: the changed Liquid files (the others keep their source and parse), the
    // config files when one of them changed (the mock store is generated again only when the config did).
    let read = false;
    // Each changed file is read from disk once, for the theme and every view of it.
    const reads = new Map<string, Promise<LiquidFileRead>>();
    const readOnce = (dir: string, folder: string, name: string): Promise<LiquidFileRead> => {
      const key = `${folder}/${name}`;
      const known = reads.get(key);
      if (known) return known;
      const result = readLiquidFile(dir, folder, name);
      reads.set(key, result);
      return result;
    };
    for (const theme of [this.theme, ...(await Promise.all(this.#views.values()))]) {
      if (liquid && (await theme.reloadFiles(files, readOnce))) read = true;
      if (config) await theme.reload('config');
    }
    // Only files the theme does not read (an editor's swap file, a copy before its rename): nothing to show.
    if (!read && !config) return;
    await this.#reloadPages(files, started);
  }

  /** What the theme and its views did since last asked, together. */
  async #takeWork(): Promise<ThemeWork> {
    const all = [this.theme.takeWork()];
    for (const view of this.#views.values()) all.push((await view).takeWork());
    return {
      read: all.flatMap((w) => w.read),
      parsed: all.flatMap((w) => w.parsed),
      config: all.some((w) => w.config),
      mock: all.some((w) => w.mock),
    };
  }

  /** After the theme or its data changed: re-render the open pages, then tell their browsers (reload, or the errors). */
  async #reloadPages(files: readonly string[], started: number): Promise<void> {
    this.#fresh.clear();
    const pages = new Set([...this.#clients].map((c) => c.page));
    if (pages.size === 0) pages.add('/'); // nobody watching: still render the home page, so the terminal reports problems
    const problems = new Map<string, ThemeDiagnostic>();
    for (const d of this.#withFrames(this.theme.diagnostics)) problems.set(JSON.stringify(d), d);
    const failed = new Map<string, OverlayDiagnostic[]>();
    for (const page of pages) {
      const rendered = await this.#render(page);
      if (rendered.ok) this.#fresh.set(page, { status: rendered.status, html: rendered.html });
      else {
        failed.set(page, rendered.problems);
        for (const d of rendered.problems) problems.set(JSON.stringify(d), d);
      }
    }
    const messages = new Map<string, MorphMessage>();
    for (const client of this.#clients) {
      const errors = failed.get(client.page);
      if (errors) {
        this.#send(client, 'error-report', { diagnostics: errors });
        continue;
      }
      // The page rendered again: the client morphs the live page into it (or reloads when its scripts changed).
      let message = messages.get(client.page);
      const fresh = this.#fresh.get(client.page);
      if (!message && fresh) {
        message = { html: fresh.html, scripts: scriptSignature(fresh.html) };
        messages.set(client.page, message);
      }
      if (message) this.#send(client, 'morph', message);
      else this.#send(client, 'reload', {});
    }
    this.#onEvent({
      type: 'change',
      files,
      action: failed.size > 0 ? 'error' : 'reload',
      pages: pages.size,
      ms: this.#clock.now() - started,
      problems: [...problems.values()],
      work: await this.#takeWork(),
    });
  }

  #html(response: ServerResponse, status: number, html: string, head: boolean): void {
    const body = Buffer.from(html, 'utf8');
    response.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': body.length,
      'cache-control': 'no-store',
    });
    response.end(head ? undefined : body);
  }

  #json(response: ServerResponse, status: number, value: unknown, head: boolean): void {
    const body = Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');
    response.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
      'cache-control': 'no-store',
    });
    response.end(head ? undefined : body);
  }

  #text(response: ServerResponse, status: number, text: string, head: boolean): void {
    response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    response.end(head ? undefined : text);
  }

  /** Anything unexpected: a 500 with the message, never a crash of the server. */
  #fail(response: ServerResponse, error: unknown): void {
    if (response.headersSent) {
      response.destroy();
      return;
    }
    this.#text(
      response,
      500,
      `theme-kit dev: unexpected failure: ${error instanceof Error ? error.message : String(error)}\n`,
      false,
    );
  }
}

/**
 * Starts the dev server for a theme.
 * @throws {ThemeKitConfigurationError} for a bad option
 * @throws {ThemeKitError} when the theme directory does not exist or the port is in use
 * @example
 * ```ts
 * const server = await startDevServer({ theme: './my-theme', port: 0 });
 * console.log(server.url);
 * await server.close();
 * ```
 */
export async function startDevServer(options: DevServerOptions = {}): Promise<DevServer> {
  const theme = await openThemeWithCatalogue(options);
  const missing = theme.diagnostics.find((d) => d.code === 'theme-dir-not-found');
  if (missing) throw new ThemeKitError(missing.message);
  const clock = isClock(options.clock) ? options.clock : systemClock;
  const extraHosts = options.allowedHosts ?? [];
  if (!Array.isArray(extraHosts)) throw new ThemeKitConfigurationError('`allowedHosts` must be an array of host names');
  for (const entry of extraHosts) {
    const problem = allowedHostProblem(entry);
    if (problem !== undefined) throw new ThemeKitConfigurationError(`\`allowedHosts\` entry ${problem}`);
  }
  const server = new DevServerImpl(theme, clock, options.onEvent ?? (() => undefined), extraHosts, options);
  await server.listen(options.port ?? 9292, options.host ?? '127.0.0.1');
  return server;
}
