/**
 * The platform's REST API reference at `/_sandbox/docs` (not part of the platform's API): the Redoc page
 * rendered from the spec when the package was built, `api-reference.html` beside the package's code in
 * `dist/`. It holds Redoc and the spec, so nothing is fetched, and its own Content-Security-Policy (a
 * meta element: inline scripts by hash, styles, data: fonts and images, the search worker; no request
 * anywhere) is sent as the header too, with `frame-ancestors 'none'`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Hono } from 'hono';

/** Where the sandbox serves the API reference. */
export const DOCS_PATH = '/_sandbox/docs';

/** The page's file name, beside the built code. */
const PAGE_FILE = 'api-reference.html';

interface DocsPage {
  readonly html: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** The directory of this module's built file: `import.meta.url` in the ESM build, `__dirname` in the CommonJS one. */
function moduleDirectory(): string | undefined {
  const url: unknown = import.meta.url;
  if (typeof url === 'string') return path.dirname(fileURLToPath(url));
  return typeof __dirname === 'string' ? __dirname : undefined;
}

/** The page and its headers, or undefined when this copy of the sandbox has no page (run from its sources). */
function loadPage(): DocsPage | undefined {
  const dir = moduleDirectory();
  let html: string;
  try {
    if (dir === undefined) return undefined;
    html = readFileSync(path.join(dir, PAGE_FILE), 'utf8');
  } catch {
    return undefined;
  }
  const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
  // Without its policy the page is not the one the build writes: refuse to run its scripts at all.
  const csp = `${policy ?? "default-src 'none'"}; frame-ancestors 'none'`;
  return {
    html,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': csp,
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-cache',
    },
  };
}

export function registerDocsRoutes(app: Hono): void {
  // Read on the first request (about 2.6 MB), then kept.
  let page: DocsPage | undefined;
  app.get(DOCS_PATH, (c) => {
    page ??= loadPage();
    if (page === undefined) {
      const message = `the API reference is not in this copy of the sandbox (${PAGE_FILE} is written by the package's build)`;
      return c.json({ type: 'not_found_error', errors: { path: [message] } }, 404);
    }
    return c.body(page.html, 200, { ...page.headers });
  });
}
