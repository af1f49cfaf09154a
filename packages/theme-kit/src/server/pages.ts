/** The HTML the dev server sends around a page: the live-reload client, and a page for a theme that cannot render yet. */
import { escapeHtml } from '@commerce-kit/internal/escape-html';
import { clientScript, scriptSignature, type OverlayDiagnostic, type ToolbarConfig } from './client.js';

export type { ToolbarConfig } from './client.js';

/** Where the live-reload events are served. */
export const EVENTS_PATH = '/__theme-kit/events';

/** `html` with the live-reload client added before `</body>` (or at the end). */
export function withClient(
  html: string,
  page: string,
  diagnostics: readonly OverlayDiagnostic[],
  toolbar?: ToolbarConfig,
): string {
  const script = clientScript({
    events: `${EVENTS_PATH}?page=${encodeURIComponent(page)}`,
    diagnostics,
    scripts: scriptSignature(html),
    ...(toolbar === undefined ? {} : { toolbar }),
  });
  const at = html.toLowerCase().lastIndexOf('</body>');
  return at === -1 ? `${html}${script}` : `${html.slice(0, at)}${script}${html.slice(at)}`;
}

/** The page shown when a URL has never rendered: the overlay over an empty page. */
export function brokenPage(diagnostics: readonly OverlayDiagnostic[]): string {
  const first = diagnostics[0];
  const summary = first
    ? `${first.file ? `${first.file}:${first.line ?? 1}:${first.column ?? 1} ` : ''}${first.message}`
    : 'The theme could not be rendered.';
  return `<!doctype html><html><head><meta charset="utf-8"><title>Theme error</title></head><body><main style="font:16px system-ui,sans-serif;margin:3rem"><h1>The theme could not be rendered</h1><p>${escapeHtml(summary)}</p></main></body></html>`;
}
