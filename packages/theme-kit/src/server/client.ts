/**
 * The script the dev server adds to every page: live updates over Server-Sent Events (a re-rendered page
 * morphed into the live one, stylesheets swapped in place, a reload when a script changed), and the error
 * overlay. It runs in the browser: the function is sent as its source text, so it must not use anything
 * from outside its own body but its arguments; the morphing library (idiomorph, bundled as text) is sent
 * with it, inside the same function scope, so the page gets no global of ours.
 */
import type { ReportDiagnostic } from '@commerce-kit/internal/cli/diagnostic';
import idiomorphSource from 'idiomorph/dist/idiomorph.min.js';

/** A problem as the overlay shows it: a diagnostic as the reports print it, with the lines it points at. */
export interface OverlayDiagnostic extends ReportDiagnostic {
  /** The lines around the position, the line itself marked, a caret under the column. */
  readonly frame?: string;
}

/** What the server tells the page. */
export interface ClientConfig {
  /** Where the events come from. */
  readonly events: string;
  /** Problems to show at once (a page served while the theme is broken). */
  readonly diagnostics: readonly OverlayDiagnostic[];
  /** The signature of the scripts the page runs ({@link scriptSignature}): a morph to other scripts reloads. */
  readonly scripts: string;
  /** The dev toolbar's choices and current values (absent: no toolbar). */
  readonly toolbar?: ToolbarConfig;
}

/** What the dev toolbar offers and shows. */
export interface ToolbarConfig {
  readonly languages: readonly string[];
  readonly currencies: readonly string[];
  readonly language: string;
  readonly currency: string;
  readonly seed: number;
  readonly page: number;
  /** Which locale the mock text used, when some of it is not in the page's language. */
  readonly text?: string;
}

/** The `morph` event: the page rendered again. */
export interface MorphMessage {
  /** The page's new HTML, without the client. */
  readonly html: string;
  /** {@link scriptSignature} of `html`. */
  readonly scripts: string;
}

/** The part of idiomorph the client uses. */
interface Morpher {
  morph(oldNode: Node, newContent: string, config: object): Promise<Node[]> | Node[];
}

const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const RUN_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

/**
 * What decides whether a re-rendered page can be morphed: the scripts the page runs (`src` and inline
 * text of every `<script>` whose type runs; JSON data blocks do not count), in order.
 */
export function scriptSignature(html: string): string {
  const parts: string[] = [];
  for (const match of html.matchAll(SCRIPT_ELEMENT)) {
    const attributes = match[1] ?? '';
    if (/\sdata-theme-kit\b/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase() ?? '';
    if (!RUN_TYPES.has(type)) continue;
    const src = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
    parts.push(src ? `src:${src[1] ?? src[2] ?? src[3]}` : `inline:${type}:${match[2] ?? ''}`);
  }
  return parts.join('\n');
}

/** The live-reload client (browser code). */
export function liveReloadClient(config: ClientConfig, Idiomorph: Morpher): void {
  const OVERLAY_ID = 'theme-kit-overlay';
  let serverId: string | undefined;
  const scripts = config.scripts;
  const say = (message: string): void => console.info(`[theme-kit] ${message}`);
  const REASON_KEY = 'theme-kit:reload-reason';
  /** Reloads the page, saying why now and again in the new page (a console is cleared by the reload). */
  function reload(reason: string): void {
    say(`${reason}: reloading the page`);
    try {
      sessionStorage.setItem(REASON_KEY, reason);
    } catch {
      // storage disabled: said once
    }
    location.reload();
  }
  try {
    const reason = sessionStorage.getItem(REASON_KEY);
    if (reason !== null) {
      sessionStorage.removeItem(REASON_KEY);
      say(`reloaded: ${reason}`);
    }
  } catch {
    // storage disabled
  }

  function hideOverlay(): void {
    document.getElementById(OVERLAY_ID)?.remove();
  }

  function showOverlay(diagnostics: readonly OverlayDiagnostic[]): void {
    hideOverlay();
    if (diagnostics.length === 0) return;
    const host = document.createElement('div');
    host.id = OVERLAY_ID;
    host.setAttribute('role', 'alertdialog');
    host.setAttribute('aria-label', 'Theme error');
    host.style.cssText = 'position:fixed;inset:0;z-index:2147483647;';
    const root = host.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = [
      '.backdrop{position:fixed;inset:0;background:rgba(20,20,24,.55);overflow:auto;font:14px/1.5 ui-sans-serif,system-ui,sans-serif}',
      '.panel{max-width:960px;margin:48px auto;background:#fff;color:#1d1d1f;border-top:6px solid #d92d20;border-radius:8px;box-shadow:0 20px 60px rgba(0,0,0,.35);padding:20px 24px}',
      'h1{font-size:18px;margin:0 0 4px}p.hint{margin:0 0 16px;color:#555}',
      '.item{border-top:1px solid #eee;padding:12px 0}.where{font:13px ui-monospace,SFMono-Regular,Menlo,monospace;color:#444}',
      '.error .sev{color:#d92d20}.warning .sev{color:#b54708}.sev{font-weight:600;text-transform:uppercase;font-size:12px;margin-right:8px}',
      '.msg{margin:4px 0;font-size:15px}.suggestion{color:#175cd3}',
      'pre{background:#f6f6f7;border-radius:6px;padding:10px 12px;overflow:auto;font:12.5px/1.45 ui-monospace,SFMono-Regular,Menlo,monospace;margin:8px 0 0}',
      'button{float:right;border:0;background:none;font-size:22px;line-height:1;cursor:pointer;color:#666}',
    ].join('\n');
    const backdrop = document.createElement('div');
    backdrop.className = 'backdrop';
    const panel = document.createElement('div');
    panel.className = 'panel';
    const close = document.createElement('button');
    close.type = 'button';
    close.setAttribute('aria-label', 'Close');
    close.textContent = '×';
    close.addEventListener('click', hideOverlay);
    const title = document.createElement('h1');
    const errors = diagnostics.filter((d) => d.severity === 'error').length;
    title.textContent =
      errors > 0 ? `The theme has ${errors} error${errors === 1 ? '' : 's'}` : 'The theme has warnings';
    const hint = document.createElement('p');
    hint.className = 'hint';
    hint.textContent = 'Showing the last page that rendered. Fix the file and save: this page updates by itself.';
    panel.append(close, title, hint);
    for (const d of diagnostics) {
      const item = document.createElement('div');
      item.className = `item ${d.severity}`;
      const where = document.createElement('div');
      where.className = 'where';
      const sev = document.createElement('span');
      sev.className = 'sev';
      sev.textContent = d.severity;
      where.append(sev, `${d.file ?? ''}${d.file ? `:${d.line ?? 1}:${d.column ?? 1}` : ''} ${d.code}`);
      const msg = document.createElement('div');
      msg.className = 'msg';
      msg.textContent = d.message;
      item.append(where, msg);
      if (d.suggestion) {
        const suggestion = document.createElement('div');
        suggestion.className = 'suggestion';
        suggestion.textContent = d.suggestion;
        item.append(suggestion);
      }
      if (d.frame) {
        const pre = document.createElement('pre');
        pre.textContent = d.frame;
        item.append(pre);
      }
      panel.append(item);
    }
    backdrop.append(panel);
    root.append(style, backdrop);
    document.documentElement.append(host);
  }

  /** Swaps every stylesheet loaded from `href` for a fresh copy, removing the old one once the new one applies. */
  function swapStylesheet(href: string): boolean {
    let swapped = false;
    for (const link of Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet"]'))) {
      const url = new URL(link.href, location.href);
      if (url.origin !== location.origin || url.pathname !== href) continue;
      const next = link.cloneNode() as HTMLLinkElement;
      url.searchParams.set('theme-kit', String(Date.now()));
      next.href = url.href;
      next.addEventListener('load', () => link.remove(), { once: true });
      next.addEventListener('error', () => link.remove(), { once: true });
      link.after(next);
      swapped = true;
    }
    return swapped;
  }

  /**
   * What the visitor did that the new render keeps: typed values, ticked boxes, chosen options (unless the
   * template changed that field's own default), open `<details>` and dialogs. Element → attributes the
   * morph leaves alone.
   */
  let kept = new WeakMap<Element, ReadonlySet<string>>();
  function keepLiveState(live: Node, next: Node): void {
    const keep: string[] = [];
    if (live instanceof HTMLInputElement && next instanceof HTMLInputElement && live.type === next.type) {
      if (live.defaultValue === next.defaultValue) keep.push('value');
      if (live.defaultChecked === next.defaultChecked) keep.push('checked');
    } else if (live instanceof HTMLTextAreaElement && next instanceof HTMLTextAreaElement) {
      if (live.defaultValue === next.defaultValue) keep.push('value');
    } else if (live instanceof HTMLOptionElement && next instanceof HTMLOptionElement) {
      if (live.defaultSelected === next.defaultSelected) keep.push('selected');
    } else if (live instanceof HTMLDetailsElement || live instanceof HTMLDialogElement) {
      keep.push('open');
    }
    if (keep.length > 0) kept.set(live as Element, new Set(keep));
  }

  /** Ours (this script, the overlay, the toolbar): never removed by a morph. (`<html data-theme-kit>` is the page's.) */
  const isOurs = (node: Node): boolean =>
    node instanceof Element &&
    node !== document.documentElement &&
    (node.hasAttribute('data-theme-kit') || node.id === OVERLAY_ID);

  /** Morphs the page into `message.html`; false when it cannot (a script changed: reload instead). */
  async function morph(message: MorphMessage): Promise<void> {
    if (message.scripts !== scripts) {
      reload('a script the page runs changed');
      return;
    }
    const started = performance.now();
    // Stylesheets this client swapped carry a cache-busting query: the new render names them as the live page
    // does. idiomorph takes a whole document as text (a parsed one it cannot morph `<html>` into).
    let html = message.html;
    const swapped = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet"]')).filter((link) =>
      new URL(link.href, location.href).searchParams.has('theme-kit'),
    );
    if (swapped.length > 0 || !/<\/html>/i.test(html)) {
      const next = new DOMParser().parseFromString(html, 'text/html');
      for (const link of swapped) {
        const live = new URL(link.href, location.href);
        for (const candidate of Array.from(next.querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet"]'))) {
          const url = new URL(candidate.getAttribute('href') ?? '', location.href);
          if (url.origin === live.origin && url.pathname === live.pathname) candidate.setAttribute('href', live.href);
        }
      }
      html = `<!DOCTYPE html>${next.documentElement.outerHTML}`;
    }
    await Idiomorph.morph(document.documentElement, html, {
      morphStyle: 'outerHTML',
      restoreFocus: true,
      head: { style: 'merge', block: true, shouldRemove: (element: Element) => !isOurs(element) },
      callbacks: {
        beforeNodeRemoved: (node: Node) => !isOurs(node),
        beforeNodeMorphed: (live: Node, nextNode: Node) => {
          if (isOurs(live)) return false;
          keepLiveState(live, nextNode);
          return true;
        },
        beforeAttributeUpdated: (name: string, element: Element) =>
          kept.get(element)?.has(name) !== true && !(element === document.documentElement && name === 'data-theme-kit'),
      },
    });
    kept = new WeakMap();
    hideOverlay();
    performance.clearMarks('theme-kit:morphed');
    performance.mark('theme-kit:morphed', { detail: { ms: performance.now() - started } });
    document.documentElement.setAttribute('data-theme-kit', 'live');
  }

  /** Events are handled one at a time, in order; of several re-renders waiting, only the last is applied. */
  let queue: Promise<void> = Promise.resolve();
  let latestMorph = 0;
  function enqueue(task: () => void | Promise<void>): void {
    queue = queue
      .then(task)
      .catch((error: unknown) =>
        reload(`could not morph the page (${error instanceof Error ? error.message : String(error)})`),
      );
  }

  /**
   * The toolbar: language, currency, paginator page and mock seed, each a query parameter of the page's
   * URL (a link reproduces the view). The backquote key (outside a field) hides and shows it.
   */
  function showToolbar(toolbar: ToolbarConfig): void {
    const HIDDEN_KEY = 'theme-kit:toolbar-hidden';
    const host = document.createElement('div');
    host.id = 'theme-kit-toolbar';
    host.setAttribute('data-theme-kit', 'toolbar');
    host.style.cssText = 'position:fixed;right:12px;bottom:12px;z-index:2147483646;';
    const root = host.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent =
      'form{display:flex;gap:8px;align-items:center;font:12px/1.2 ui-sans-serif,system-ui,sans-serif;background:#1d1d1f;color:#f5f5f7;padding:6px 10px;border-radius:8px;box-shadow:0 6px 20px rgba(0,0,0,.3)}' +
      'select,input{font:inherit;background:#2c2c2e;color:inherit;border:1px solid #48484a;border-radius:4px;padding:2px 4px}input{width:4em}' +
      'span{opacity:.7}.mock-locale{max-width:22em;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}';
    const form = document.createElement('form');
    form.setAttribute('aria-label', 'theme-kit view');
    const navigate = (name: string, value: string): void => {
      const url = new URL(location.href);
      url.searchParams.set(name, value);
      location.assign(url.href);
    };
    const field = (label: string, name: string, control: HTMLSelectElement | HTMLInputElement): void => {
      const wrap = document.createElement('label');
      const text = document.createElement('span');
      text.textContent = label;
      control.name = name;
      control.addEventListener('change', () => navigate(name, control.value));
      wrap.append(text, ' ', control);
      form.append(wrap);
    };
    const select = (options: readonly string[], value: string): HTMLSelectElement => {
      const element = document.createElement('select');
      for (const option of options.includes(value) ? options : [value, ...options]) {
        const item = document.createElement('option');
        item.value = option;
        item.textContent = option;
        item.selected = option === value;
        element.append(item);
      }
      return element;
    };
    const number = (value: number): HTMLInputElement => {
      const element = document.createElement('input');
      element.type = 'number';
      element.min = '0';
      element.value = String(value);
      return element;
    };
    field('language', 'language', select(toolbar.languages, toolbar.language));
    field('currency', 'currency', select(toolbar.currencies, toolbar.currency));
    field('page', 'page', number(toolbar.page));
    field('seed', 'seed', number(toolbar.seed));
    if (toolbar.text !== undefined) {
      const note = document.createElement('span');
      note.className = 'mock-locale';
      note.title = toolbar.text;
      note.textContent = toolbar.text.replace(/^mock text for [^:]*: /, 'text: ');
      form.append(note);
    }
    form.addEventListener('submit', (event) => event.preventDefault());
    root.append(style, form);
    const hidden = (): boolean => {
      try {
        return sessionStorage.getItem(HIDDEN_KEY) === '1';
      } catch {
        return false;
      }
    };
    host.hidden = hidden();
    document.addEventListener('keydown', (event) => {
      const target = event.target as HTMLElement | null;
      if (event.key !== '`' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      host.hidden = !host.hidden;
      try {
        sessionStorage.setItem(HIDDEN_KEY, host.hidden ? '1' : '0');
      } catch {
        // storage disabled: hidden for this page only
      }
    });
    document.body.append(host);
  }

  if (config.toolbar) {
    const toolbar = config.toolbar;
    if (document.readyState === 'loading')
      document.addEventListener('DOMContentLoaded', () => showToolbar(toolbar), { once: true });
    else showToolbar(toolbar);
  }

  if (config.diagnostics.length > 0) {
    if (document.readyState === 'loading')
      document.addEventListener('DOMContentLoaded', () => showOverlay(config.diagnostics), { once: true });
    else showOverlay(config.diagnostics);
  }
  const source = new EventSource(config.events);
  source.addEventListener('hello', (event) => {
    const id = (JSON.parse((event as MessageEvent<string>).data) as { id: string }).id;
    // A different server than the one that served the page (it restarted): the page may be stale.
    if (serverId !== undefined && serverId !== id) location.reload();
    serverId = id;
    // Marks the page as live (tools and tests can wait for it before editing files).
    document.documentElement.setAttribute('data-theme-kit', 'live');
  });
  source.addEventListener('reload', (event) => {
    const { reason } = JSON.parse((event as MessageEvent<string>).data) as { reason?: string };
    enqueue(() => reload(reason ?? 'the page changed'));
  });
  source.addEventListener('morph', (event) => {
    performance.clearMarks('theme-kit:morph');
    performance.mark('theme-kit:morph'); // when the page was told (benchmarks read it)
    const message = JSON.parse((event as MessageEvent<string>).data) as MorphMessage;
    const id = ++latestMorph;
    enqueue(() => (id === latestMorph ? morph(message) : undefined));
  });
  source.addEventListener('css', (event) => {
    performance.clearMarks('theme-kit:css');
    performance.mark('theme-kit:css');
    const { href } = JSON.parse((event as MessageEvent<string>).data) as { href: string };
    enqueue(() => {
      if (!swapStylesheet(href)) location.reload();
    });
  });
  source.addEventListener('error-report', (event) => {
    const { diagnostics } = JSON.parse((event as MessageEvent<string>).data) as { diagnostics: OverlayDiagnostic[] };
    enqueue(() => showOverlay(diagnostics));
  });
}

/** The `<script>` element that runs the client with `config` (JSON made safe inside a script element). */
export function clientScript(config: ClientConfig): string {
  const json = JSON.stringify(config)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  // idiomorph's build declares `var Idiomorph`: inside this function it stays out of the page's globals.
  return `<script data-theme-kit>(function(){${idiomorphSource}\n;(${liveReloadClient.toString()})(${json},Idiomorph);})();</script>`;
}
