// Checks a built static site's internal links: every href and src of every HTML page that points inside
// the site names a file that exists (a directory: its index.html), and every #fragment names an id (or a
// name) on the page it points to. External URLs (http:, mailto:, data:, blob:) are counted, not fetched;
// Redoc's client-side routes (`#/customers`) are counted as routes, and so are fragments of pages whose
// ids a script writes (`clientRendered`: TypeDoc's hierarchy page). Script and style bodies are not read:
// only the markup's own attributes.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#x27': "'" };
/** @param {string} text */
const decode = (text) => text.replace(/&(amp|lt|gt|quot|apos|#39|#x27);/g, (_m, name) => ENTITIES[name] ?? _m);

/** @param {string} dir @returns {string[]} */
function htmlFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * The URLs a page's markup refers to: `src` of every element (scripts included), `href` of the rest;
 * what script and style elements contain is left out.
 * @param {string} html
 */
export function pageUrls(html) {
  const markup = html
    .replace(/(<script\b[^>]*>)[\s\S]*?(<\/script>)/gi, '$1$2')
    .replace(/(<style\b[^>]*>)[\s\S]*?(<\/style>)/gi, '$1$2');
  return [...markup.matchAll(/<[a-z][^>]*?\s(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)].flatMap((tag) => {
    // A tag may hold both (rare); read every attribute of the tag, not only the first.
    const whole = markup.slice(tag.index, markup.indexOf('>', tag.index) + 1);
    return [...whole.matchAll(/\s(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)].map((m) => decode(m[1] ?? m[2] ?? ''));
  });
}

/** @param {string} html @returns {Set<string>} */
export function pageAnchors(html) {
  const markup = html.replace(/(<script\b[^>]*>)[\s\S]*?(<\/script>)/gi, '$1$2');
  return new Set(
    [...markup.matchAll(/\s(?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)].map((m) => decode(m[1] ?? m[2] ?? '')),
  );
}

/**
 * @param {string} root the site's directory
 * @param {{ clientRendered?: readonly string[] }} [options] pages (relative to `root`) whose ids are written by a script
 * @returns {{ pages: number, internal: number, external: number, routes: number, problems: string[] }}
 */
export function checkSiteLinks(root, { clientRendered = [] } = {}) {
  const scripted = new Set(clientRendered.map((page) => path.join(root, page)));
  const files = htmlFiles(root);
  /** @type {Map<string, Set<string>>} */
  const anchors = new Map();
  const anchorsOf = (file) => {
    let set = anchors.get(file);
    if (set === undefined) {
      set = pageAnchors(readFileSync(file, 'utf8'));
      anchors.set(file, set);
    }
    return set;
  };
  const problems = [];
  let internal = 0;
  let external = 0;
  let routes = 0;
  for (const file of files) {
    const page = path.relative(root, file);
    for (const url of new Set(pageUrls(readFileSync(file, 'utf8')))) {
      if (url === '' || url === '#') continue;
      if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) {
        external++;
        continue;
      }
      if (url.startsWith('#/')) {
        routes++;
        continue;
      }
      internal++;
      const hash = url.indexOf('#');
      const fragment = hash < 0 ? '' : url.slice(hash + 1);
      const target = (hash < 0 ? url : url.slice(0, hash)).split('?')[0] ?? '';
      if (target.startsWith('/')) {
        problems.push(`${page}: ${url} is site-absolute (it breaks when the site is not served from a domain's root)`);
        continue;
      }
      let resolved = target === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(target));
      if (!resolved.startsWith(root + path.sep) && resolved !== root) {
        problems.push(`${page}: ${url} points outside the site`);
        continue;
      }
      if (existsSync(resolved) && statSync(resolved).isDirectory()) resolved = path.join(resolved, 'index.html');
      if (!existsSync(resolved)) {
        problems.push(`${page}: ${url} -> ${path.relative(root, resolved)} does not exist`);
        continue;
      }
      if (fragment !== '' && scripted.has(resolved)) routes++;
      else if (
        fragment !== '' &&
        resolved.endsWith('.html') &&
        !anchorsOf(resolved).has(decodeURIComponent(fragment))
      ) {
        problems.push(`${page}: ${url} -> no id "${decodeURIComponent(fragment)}" in ${path.relative(root, resolved)}`);
      }
    }
  }
  return { pages: files.length, internal, external, routes, problems };
}
