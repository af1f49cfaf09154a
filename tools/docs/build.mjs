// `npm run docs`: the reference site, in docs-site/ (or --out DIR):
//   index.html          links to both references and to each package's page
//   api/index.html      the REST API reference (Redoc, from specs/openapi.yaml; tools/docs/api-reference.mjs)
//   packages/           the packages' API from their TSDoc (TypeDoc; tools/docs/typedoc.config.mjs)
// Any warning from Redocly or TypeDoc fails the build (exit 1), after everything is printed.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { renderApiReference, UNSPECIFIED_LABEL } from './api-reference.mjs';
import { entryPoints, REPO_ROOT } from './entry-points.mjs';
import { API_PAGE, PACKAGES_DIR, SITE_DIR } from './site.mjs';

const TYPEDOC = path.join(REPO_ROOT, 'node_modules', 'typedoc', 'bin', 'typedoc');
const TYPEDOC_CONFIG = path.join(REPO_ROOT, 'tools', 'docs', 'typedoc.config.mjs');

/**
 * Runs TypeDoc with the repository's config into `out`.
 * @param {string} out
 * @returns {Promise<{ status: number | null, output: string, warnings: string[] }>}
 */
export function runTypedoc(out) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TYPEDOC, '--options', TYPEDOC_CONFIG, '--out', out, '--pretty', 'false'], {
      cwd: REPO_ROOT,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (status) => {
      const text = output.replace(/\x1b\[[0-9;]*m/g, '');
      // treatWarningsAsErrors turns each warning into an error; both are reported.
      const warnings = text
        .split('\n')
        .filter((line) => /\[(warning|error)\]/.test(line) || /\b(warning|error) TS\d+/.test(line));
      if (status !== 0 && warnings.length === 0) warnings.push(`typedoc exited with ${status}`);
      resolve({ status, output: text, warnings });
    });
  });
}

/**
 * Each module page TypeDoc wrote, by import specifier (read from the pages' titles).
 * @param {string} packagesDir TypeDoc's output directory
 * @returns {Map<string, string>} specifier -> path relative to `packagesDir`
 */
export function modulePages(packagesDir) {
  const pages = new Map();
  const dir = path.join(packagesDir, 'modules');
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.html'))) {
    const title = /<title>([^<|]+?)\s*(?:\||<\/title>)/.exec(readFileSync(path.join(dir, file), 'utf8'))?.[1];
    if (title !== undefined) pages.set(title.trim(), `modules/${file}`);
  }
  return pages;
}

/** @param {string} text */
const escapeHtml = (text) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/**
 * The site's index page: both references, and every package with its entries.
 * @param {Map<string, string>} pages module pages by specifier (relative to the packages directory)
 */
export function indexPage(pages) {
  const byPackage = new Map();
  for (const entry of entryPoints())
    byPackage.set(entry.packageName, [...(byPackage.get(entry.packageName) ?? []), entry.specifier]);
  const link = (specifier) => {
    const page = pages.get(specifier);
    if (page === undefined) throw new Error(`TypeDoc wrote no page for ${specifier}`);
    return `<a href="${escapeHtml(`${PACKAGES_DIR}/${page}`)}"><code>${escapeHtml(specifier)}</code></a>`;
  };
  const rows = [...byPackage]
    .map(
      ([name, specifiers]) =>
        `<li>${link(name)}${
          specifiers.length > 1
            ? ` — also ${specifiers
                .filter((s) => s !== name)
                .map(link)
                .join(', ')}`
            : ''
        }</li>`,
    )
    .join('\n      ');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>commerce-kit reference</title>
  <style>
    body { font: 16px/1.5 system-ui, sans-serif; max-width: 46rem; margin: 3rem auto; padding: 0 1rem; color: #1f2933; }
    h1 { font-size: 1.6rem; } h2 { font-size: 1.2rem; margin-top: 2rem; }
    a { color: #0b5cad; } code { font-size: .95em; } li { margin: .3rem 0; } .note { color: #52606d; }
  </style>
</head>
<body>
  <h1>commerce-kit reference</h1>
  <h2><a href="${API_PAGE}">REST API reference</a></h2>
  <p>Every operation, schema and webhook of the commerce platform's REST API, from the OpenAPI description
  the SDK is generated from. Where the platform's documentation leaves something open, the element says so
  in a paragraph that starts “${escapeHtml(UNSPECIFIED_LABEL)}”, with the choice commerce-kit made.</p>
  <h2><a href="${PACKAGES_DIR}/index.html">Packages</a></h2>
  <p>Every export of every entry point of the published packages, from their TSDoc:</p>
  <ul>
      ${rows}
  </ul>
  <p class="note">Built by <code>npm run docs</code> in the commerce-kit repository.</p>
</body>
</html>
`;
}

/**
 * Builds the whole site into `out` (emptied first).
 * @param {{ out?: string }} [options]
 * @returns {Promise<{ out: string, warnings: string[], seconds: { api: number, packages: number, total: number } }>}
 */
export async function buildDocs({ out = SITE_DIR } = {}) {
  const started = performance.now();
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const timed = async (promise) => {
    const begin = performance.now();
    const value = await promise;
    return { value, seconds: (performance.now() - begin) / 1000 };
  };
  const [api, packages] = await Promise.all([
    timed(renderApiReference({ out: path.join(out, API_PAGE) })),
    timed(runTypedoc(path.join(out, PACKAGES_DIR))),
  ]);
  const warnings = [
    ...api.value.warnings.map((line) => `redocly: ${line}`),
    ...packages.value.warnings.map((line) => `typedoc: ${line.trim()}`),
  ];
  if (packages.value.status === 0)
    writeFileSync(path.join(out, 'index.html'), indexPage(modulePages(path.join(out, PACKAGES_DIR))));
  return {
    out,
    warnings,
    seconds: { api: api.seconds, packages: packages.seconds, total: (performance.now() - started) / 1000 },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const { out, warnings, seconds } = await buildDocs(values.out === undefined ? {} : { out: path.resolve(values.out) });
  for (const warning of warnings) console.error(warning);
  if (warnings.length > 0) {
    console.error(`docs: ${warnings.length} warning(s) from Redocly or TypeDoc; the site is not complete`);
    process.exit(1);
  }
  const where = path.relative(process.cwd(), out) || '.';
  console.log(
    `docs: ${where}/index.html (REST API ${seconds.api.toFixed(1)} s, packages ${seconds.packages.toFixed(1)} s, ${seconds.total.toFixed(1)} s in all)`,
  );
}
