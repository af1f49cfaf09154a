/**
 * The script the dev server adds to every page: live reload over Server-Sent Events, stylesheets swapped
 * in place, and the error overlay. It runs in the browser: the function is sent as its source text, so it
 * must not use anything from outside its own body.
 */
import type { ReportDiagnostic } from '@commerce-kit/internal/cli/diagnostic';

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
}

/** The live-reload client (browser code). */
export function liveReloadClient(config: ClientConfig): void {
  const OVERLAY_ID = 'theme-kit-overlay';
  let serverId: string | undefined;

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
  source.addEventListener('reload', () => location.reload());
  source.addEventListener('css', (event) => {
    const { href } = JSON.parse((event as MessageEvent<string>).data) as { href: string };
    if (!swapStylesheet(href)) location.reload();
  });
  source.addEventListener('error-report', (event) => {
    showOverlay((JSON.parse((event as MessageEvent<string>).data) as { diagnostics: OverlayDiagnostic[] }).diagnostics);
  });
}

/** The `<script>` element that runs the client with `config` (JSON made safe inside a script element). */
export function clientScript(config: ClientConfig): string {
  const json = JSON.stringify(config)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script data-theme-kit>(${liveReloadClient.toString()})(${json});</script>`;
}
