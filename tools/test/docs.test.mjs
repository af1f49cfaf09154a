// The reference site `npm run docs` builds (tools/docs): it builds with no warning from Redocly or
// TypeDoc, every internal link and anchor of its HTML resolves, the REST API page shows every
// x-unspecified choice and loads nothing from elsewhere, and each package README names its page.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { testTempDir } from '../testing/temp-dir.mjs';
import {
  redoclyWarnings,
  selfContained,
  SPEC,
  UNSPECIFIED_LABEL,
  withUnspecifiedNotes,
} from '../docs/api-reference.mjs';
import { buildDocs, modulePages } from '../docs/build.mjs';
import { checkSiteLinks, pageUrls } from '../docs/check-links.mjs';
import { entryPoints, publishedPackageDirs, REPO_ROOT } from '../docs/entry-points.mjs';
import { API_PAGE, PACKAGES_DIR } from '../docs/site.mjs';

describe('x-unspecified notes (unit)', () => {
  it('appends each marker to its description, or makes it the description; the input is not changed', () => {
    const spec = {
      info: { description: 'The API.\n', 'x-unspecified': 'The base URL. ' },
      components: { schemas: { 'A/B': { type: 'string', 'x-unspecified': 'Its format.' } } },
    };
    const before = structuredClone(spec);
    const { spec: out, notes } = withUnspecifiedNotes(spec);
    expect(out.info.description).toBe(`The API.\n\n**${UNSPECIFIED_LABEL}** The base URL.`);
    expect(out.components.schemas['A/B'].description).toBe(`**${UNSPECIFIED_LABEL}** Its format.`);
    expect(out.info['x-unspecified']).toBe('The base URL. ');
    expect(notes.map((note) => note.pointer)).toEqual(['/info', '/components/schemas/A~1B']);
    expect(spec).toEqual(before);
    expect(() => withUnspecifiedNotes({ paths: { '/x': { get: { 'x-unspecified': true } } } })).toThrow(
      '/paths/~1x/get: x-unspecified must be a text',
    );
  });

  it("build-docs' output: progress and framed notices pass, anything else is a warning", () => {
    const output = [
      '\x1b[33m    ╔════╗\x1b[0m',
      '    ║  Deprecation warning: Node.js 20 support is ending  ║',
      '    ╚════╝',
      "Found /x/redocly.yaml and using 'openapi' options",
      'Prerendering docs',
      '🎉 bundled successfully in: /x/index.html (2577 KiB) [⏱ 559ms].',
      'Ignoring --asyncapi because this API description uses --openapi options.',
    ].join('\n');
    expect(redoclyWarnings(output)).toEqual([
      'Ignoring --asyncapi because this API description uses --openapi options.',
    ]);
  });

  it("the page is made self-contained, and fails loudly when build-docs' output is not what it expects", () => {
    const page = selfContained(
      '<html><head><meta charset="utf8" /></head><body><div id="redoc"><a href="/customers">C</a><a href="//x.test/">X</a></div><script type="module">img(`https://cdn.redoc.ly/redoc/logo-mini-full.svg`)</script></body></html>',
    );
    expect(page).toContain('href="#/customers"');
    expect(page).toContain('href="//x.test/"');
    expect(page).not.toContain('cdn.redoc.ly');
    expect(page).toMatch(
      /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'sha256-[^']+'/,
    );
    expect(() => selfContained('<html><body><div id="redoc"></div></body></html>')).toThrow(/module script/);
  });
});

describe('npm run docs', () => {
  const out = testTempDir('commerce-kit-docs-');
  /** @type {Awaited<ReturnType<typeof buildDocs>>} */ let built;

  beforeAll(async () => {
    built = await buildDocs({ out });
    const { api, packages, total } = built.seconds;
    console.info(
      `docs built in ${total.toFixed(1)} s (REST API ${api.toFixed(1)} s, packages ${packages.toFixed(1)} s)`,
    );
  }, 180_000);

  it('builds with no warning from Redocly or TypeDoc', () => {
    expect(built.warnings).toEqual([]);
  });

  it('every internal href and src of every page names a file, and every #fragment an id on it', () => {
    // TypeDoc's hierarchy page writes its ids from a script.
    const report = checkSiteLinks(out, { clientRendered: [`${PACKAGES_DIR}/hierarchy.html`] });
    expect(report.problems).toEqual([]);
    expect(report.pages).toBeGreaterThan(100);
    expect(report.internal).toBeGreaterThan(1000);
  });

  it('the index links to both references and to every entry point of every published package', () => {
    const urls = pageUrls(readFileSync(path.join(out, 'index.html'), 'utf8'));
    expect(urls).toContain(API_PAGE);
    expect(urls).toContain(`${PACKAGES_DIR}/index.html`);
    const pages = modulePages(path.join(out, PACKAGES_DIR));
    const entries = entryPoints();
    expect(entries.length).toBeGreaterThanOrEqual(publishedPackageDirs().length);
    for (const entry of entries)
      expect(urls, entry.specifier).toContain(`${PACKAGES_DIR}/${pages.get(entry.specifier)}`);
    // One module page per entry point, and none for anything else.
    expect([...pages.keys()].sort()).toEqual(entries.map((entry) => entry.specifier).sort());
  });

  it('each package README names its reference page, once, as a path of the site', () => {
    const pages = modulePages(path.join(out, PACKAGES_DIR));
    for (const dir of publishedPackageDirs()) {
      const { name } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
      const readme = readFileSync(path.join(dir, 'README.md'), 'utf8');
      const lines = readme.split('\n').filter((line) => line.startsWith('**Reference:**'));
      expect(lines, `${name}: one "**Reference:**" line`).toHaveLength(1);
      expect(lines[0], name).toContain(`\`${PACKAGES_DIR}/${pages.get(name)}\``);
      expect(lines[0], name).toContain(`\`${API_PAGE}\``);
    }
  });

  describe('the REST API page', () => {
    /** @type {string} */ let html;
    beforeAll(() => {
      html = readFileSync(path.join(out, API_PAGE), 'utf8');
    });

    it("has the API's title and its operations, prerendered", () => {
      const spec = YAML.parse(readFileSync(SPEC, 'utf8'));
      expect(html).toContain(`<title>${spec.info.title}</title>`);
      const prerendered = html.slice(html.indexOf('<div id="redoc">'), html.indexOf('<script type="module">'));
      for (const tag of spec.tags) expect(prerendered, tag.name).toContain(`>${tag.name}<`);
    });

    it('shows every x-unspecified choice in its description', () => {
      const spec = YAML.parse(readFileSync(SPEC, 'utf8'));
      const { notes } = withUnspecifiedNotes(spec);
      expect(notes.length).toBeGreaterThan(10);
      const definition = /const __redoc_definition = (.*);\n/.exec(html)?.[1];
      expect(definition, 'the spec embedded in the page').toBeDefined();
      const embedded = JSON.parse(/** @type {string} */ (definition));
      const at = (pointer) =>
        pointer
          .split('/')
          .slice(1)
          .reduce((node, key) => node?.[key.replaceAll('~1', '/').replaceAll('~0', '~')], embedded);
      for (const { pointer, text } of notes)
        expect(at(pointer)?.description, pointer).toContain(`**${UNSPECIFIED_LABEL}** ${text}`);
      expect(html).toContain(`<strong>${UNSPECIFIED_LABEL}</strong>`);
    });

    it('loads nothing from elsewhere: no remote script, stylesheet or image, no CDN, and a policy that forbids it', () => {
      const loads = [
        ...html
          .replace(/(<script\b[^>]*>)[\s\S]*?<\/script>/gi, '$1')
          .matchAll(/<(script|link|img|iframe|source)\b[^>]*?\s(?:src|href)="([^"]*)"/gi),
      ].map((m) => m[2]);
      expect(loads.filter((url) => /^(https?:)?\/\//.test(url ?? ''))).toEqual([]);
      expect(html).not.toMatch(/cdn\.redoc(ly)?\.(ly|com)\/redoc/);
      const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1] ?? '';
      expect(csp).toMatch(/^default-src 'none'; script-src 'sha256-/);
      expect(csp).not.toMatch(/https?:|\*|'unsafe-eval'|connect-src/);
    });
  });
});

describe('entry points', () => {
  it("are every JavaScript subpath of each published package's exports map, traced to its source", () => {
    const entries = entryPoints();
    for (const entry of entries)
      expect(readFileSync(path.join(REPO_ROOT, entry.source), 'utf8').length, entry.source).toBeGreaterThan(0);
    const specifiers = entries.map((entry) => entry.specifier);
    expect(specifiers).toContain('@commerce-kit/api-client/oauth');
    expect(specifiers).toContain('@commerce-kit/theme-config/cli');
    expect(specifiers.filter((s) => s.includes('*') || s.endsWith('package.json'))).toEqual([]);
  });
});
