// Theme Check (and Shopify's language server, which runs it) offline: a local copy of the
// Shopify/theme-liquid-docs layout built from the docs bundled in @shopify/theme-check-docs-updater, for its
// SHOPIFY_TLD_ROOT variable. Without it, the docs manager fetches `latest.json` from
// raw.githubusercontent.com at every start and downloads Shopify's docs into its cache when the revision
// changed (falling back to the bundled copy when the fetch fails).
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './paths.mjs';

const require = createRequire(path.join(ROOT, 'package.json'));
export const THEME_CHECK = require.resolve('@shopify/theme-check-node');
const DOCS_UPDATER = createRequire(THEME_CHECK).resolve('@shopify/theme-check-docs-updater/package.json');

/** A local Shopify/theme-liquid-docs root (data/*.json, schemas/manifest_*.json, schemas/<uri>) in `dir`. */
export function offlineDocs(dir) {
  const bundled = path.join(path.dirname(DOCS_UPDATER), 'data');
  mkdirSync(path.join(dir, 'data'), { recursive: true });
  for (const name of ['latest', 'filters', 'objects', 'tags', 'shopify_system_translations'])
    copyFileSync(path.join(bundled, `${name}.json`), path.join(dir, 'data', `${name}.json`));
  for (const manifest of ['manifest_theme', 'manifest_theme_app_extension']) {
    mkdirSync(path.join(dir, 'schemas'), { recursive: true });
    copyFileSync(path.join(bundled, `${manifest}.json`), path.join(dir, 'schemas', `${manifest}.json`));
    for (const { uri } of JSON.parse(readFileSync(path.join(bundled, `${manifest}.json`), 'utf8')).schemas) {
      mkdirSync(path.dirname(path.join(dir, 'schemas', uri)), { recursive: true });
      copyFileSync(path.join(bundled, path.basename(uri)), path.join(dir, 'schemas', uri));
    }
  }
}

/** The environment of an offline Theme Check: the docs root and a cache directory, both under `tmp`. */
export function offlineEnv(tmp) {
  const docsRoot = path.join(tmp, 'theme-liquid-docs');
  offlineDocs(docsRoot);
  return { SHOPIFY_TLD_ROOT: docsRoot, XDG_CACHE_HOME: path.join(tmp, 'cache') };
}
