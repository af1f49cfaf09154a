// The REST API reference: the complete OpenAPI document (specs/openapi.yaml expanded) rendered by Redocly's build-docs (Redoc) into one
// self-contained HTML file (the Redoc bundle inlined, no CDN), with each `x-unspecified` choice shown
// in its element's description. Used by `npm run docs` and by the sandbox's build (its
// /_sandbox/docs page). Run on its own: `node tools/docs/api-reference.mjs --out FILE`.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import YAML from 'yaml';
import { REPO_ROOT } from './entry-points.mjs';
import { COMPLETE_SPEC_PATH } from '../lib/openapi-document.mjs';

/** The complete OpenAPI document (specs/openapi.yaml with its derived request schemas written out; generated). */
export const SPEC = path.join(REPO_ROOT, COMPLETE_SPEC_PATH);
const REDOCLY = path.join(REPO_ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
const CONFIG = path.join(REPO_ROOT, 'tools', 'docs', 'redocly.yaml');

/** How the page introduces what the platform's documentation leaves open. */
export const UNSPECIFIED_LABEL = 'Not specified by the platform:';

/**
 * A copy of the spec in which every element marked `x-unspecified` has that text appended to its
 * description, as a "Not specified by the platform: …" paragraph (Redoc shows descriptions, not
 * vendor extensions). The marker stays in place.
 * @param {unknown} spec the parsed spec (not changed)
 * @returns {{ spec: any, notes: Array<{ pointer: string, text: string }> }}
 */
export function withUnspecifiedNotes(spec) {
  /** @type {Array<{ pointer: string, text: string }>} */
  const notes = [];
  /** @param {unknown} node @param {string} pointer @returns {unknown} */
  const copy = (node, pointer) => {
    if (Array.isArray(node)) return node.map((item, index) => copy(item, `${pointer}/${index}`));
    if (node === null || typeof node !== 'object') return node;
    /** @type {Record<string, unknown>} */
    const out = {};
    for (const [key, value] of Object.entries(node))
      out[key] = copy(value, `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`);
    const text = out['x-unspecified'];
    if (text !== undefined && typeof text !== 'string')
      throw new Error(`${pointer || '/'}: x-unspecified must be a text, to be shown in the description`);
    if (typeof text === 'string') {
      const note = `**${UNSPECIFIED_LABEL}** ${text.trim()}`;
      const description = typeof out.description === 'string' ? out.description.trimEnd() : '';
      out.description = description === '' ? note : `${description}\n\n${note}`;
      notes.push({ pointer, text: text.trim() });
    }
    return out;
  };
  return { spec: copy(spec, ''), notes };
}

/** Lines of build-docs' output that report progress; anything else it prints is a warning. */
const PROGRESS = [/^Found .+ and using '\w+' options$/, /^Prerendering docs$/, /bundled successfully in: /];

/**
 * What build-docs printed beyond its progress lines: warnings, errors, anything unexpected. Framed
 * notices (the box of a release note or a runtime deprecation) are not about the page and are left out.
 * @param {string} output stdout and stderr together
 * @returns {string[]}
 */
export function redoclyWarnings(output) {
  return output
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^[╔║╚]/.test(line) && !PROGRESS.some((pattern) => pattern.test(line)));
}

/** Redoc's attribution logo, an image on Redocly's CDN that the sidebar loads once the page runs. */
const REMOTE_LOGO = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(-full)?\.svg/g;

/** The same attribution as a data: URL (written into a JavaScript template literal: no backtick, no `${`). */
function localLogo(text, width) {
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' width='${width}' height='16'><text x='0' y='12' font-family='system-ui,sans-serif' font-size='12' font-weight='600' fill='#0044d4'>${text}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg).replace(/%20/g, ' ').replace(/%2C/g, ',').replace(/%3D/g, '=').replace(/%2F/g, '/')}`;
}

/**
 * The policy the page needs and nothing more: its own inline scripts (by hash), the styles Redoc's
 * styled-components inject, the fonts and images it carries as data: URLs and the search index's
 * worker (a blob: URL). No request may leave the page: no connect-src, no remote source of any kind.
 * `frame-ancestors` has no effect in a meta element; a server adds it as a header (the sandbox does).
 * @param {string} html
 */
export function contentSecurityPolicy(html) {
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
  return [
    `default-src 'none'`,
    `script-src ${scripts.join(' ')}`,
    `style-src 'unsafe-inline'`,
    'img-src data:',
    'font-src data:',
    'worker-src blob:',
    `base-uri 'none'`,
    `form-action 'none'`,
  ].join('; ');
}

/**
 * Makes build-docs' page work on its own, from a file or any path of a server, without the network:
 *  - Redoc runs with hash routing (`#/customers`) but its prerendered links are site-absolute (`/customers`,
 *    a 404 on a file server, another route on the sandbox): they become the `#/…` links Redoc then renders;
 *  - the attribution logo (a remote image) is drawn from a data: URL instead;
 *  - a Content-Security-Policy meta element holds the page to its own content (see contentSecurityPolicy).
 * Each step checks that it found what it changes, so a Redoc upgrade that moves it fails the build.
 * @param {string} html build-docs' output
 */
export function selfContained(html) {
  const start = html.indexOf('<div id="redoc">');
  const end = html.indexOf('<script type="module">', start);
  if (start < 0 || end < 0)
    throw new Error('build-docs wrote no prerendered <div id="redoc"> followed by its module script');
  const prerendered = html.slice(start, end);
  const links = prerendered.match(/\shref="\/(?!\/)/g)?.length ?? 0;
  if (links === 0) throw new Error('the prerendered page has no site-absolute links to turn into #/ routes');
  let page = html.slice(0, start) + prerendered.replace(/(\shref=")\/(?!\/)/g, '$1#/') + html.slice(end);
  const logos = page.match(REMOTE_LOGO)?.length ?? 0;
  if (logos === 0)
    throw new Error(
      `Redoc's remote attribution logo (${REMOTE_LOGO.source}) is no longer where it was: check the page for remote requests`,
    );
  page = page.replace(REMOTE_LOGO, (_url, full) => (full ? localLogo('Redocly', 52) : localLogo('R', 10)));
  const head = /<meta charset="[^"]*"\s*\/?>/.exec(page);
  if (!head) throw new Error('build-docs wrote no <meta charset> to put the Content-Security-Policy after');
  const at = head.index + head[0].length;
  return `${page.slice(0, at)}\n  <meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(page)}">${page.slice(at)}`;
}

/**
 * Renders the API reference into `out` (one HTML file).
 * @param {{ out: string }} options
 * @returns {Promise<{ file: string, warnings: string[], notes: Array<{ pointer: string, text: string }> }>}
 */
export async function renderApiReference({ out }) {
  const { spec, notes } = withUnspecifiedNotes(YAML.parse(readFileSync(SPEC, 'utf8')));
  const work = mkdtempSync(path.join(tmpdir(), 'commerce-kit-api-reference-'));
  try {
    const input = path.join(work, 'openapi.json');
    writeFileSync(input, `${JSON.stringify(spec, null, 2)}\n`);
    mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    const args = [
      REDOCLY,
      'build-docs',
      input,
      '--output',
      path.resolve(out),
      '--inlineBundle',
      '--config',
      CONFIG,
      '--lint-config',
      'error',
    ];
    const env = {
      ...process.env,
      REDOCLY_TELEMETRY: 'off',
      REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
      NO_COLOR: '1',
      FORCE_COLOR: '0',
    };
    const { status, output } = await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, args, { cwd: work, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (chunk) => (text += chunk));
      child.stderr.on('data', (chunk) => (text += chunk));
      child.on('error', reject);
      child.on('close', (code) => resolve({ status: code, output: text }));
    });
    if (status !== 0) throw new Error(`redocly build-docs failed (exit ${status}):\n${output}`);
    writeFileSync(path.resolve(out), selfContained(readFileSync(path.resolve(out), 'utf8')));
    return { file: path.resolve(out), warnings: redoclyWarnings(output), notes };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  if (values.out === undefined) {
    console.error('usage: node tools/docs/api-reference.mjs --out FILE');
    process.exit(2);
  }
  const { file, warnings } = await renderApiReference({ out: values.out });
  for (const warning of warnings) console.error(`redocly: ${warning}`);
  if (warnings.length > 0) process.exit(1);
  console.log(`API reference written to ${path.relative(process.cwd(), file)}`);
}
