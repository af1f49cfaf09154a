// Third-party code in a built package: what its dist/ bundles (esbuild marks each bundled module with its
// path, `// ../../node_modules/<name>/…`) and what it still imports. A bundled package that is not a
// dependency is not installed with ours, so its license travels in our LICENSE; a dependency dist/ never
// imports is a download every user pays for nothing.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const BUNDLED = /node_modules\/((?:@[\w.-]+\/)?[\w.-]+)\//g;
const IMPORTED =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^import\s+)["']((?:@[\w.-]+\/)?[\w.-]+)(?:\/[^"']*)?["'](?=\s*[);,\n]|\s*$)/gm;

/** The JavaScript and declaration files of a dist/ directory, with their text and kind. */
function distScripts(distDir) {
  return readdirSync(distDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(?:c|m)?js$|\.d\.(?:c|m)?ts$/.test(file))
    .map((file) => ({ declarations: /\.d\.(?:c|m)?ts$/.test(file), text: readFileSync(join(distDir, file), 'utf8') }));
}

/**
 * The npm packages whose code a dist/ bundles, and the bare specifiers it imports, by package name (from
 * its code or, for a dependency that provides only types, from its declarations).
 * @param {string} distDir
 * @returns {{ bundled: Set<string>, imported: Set<string> }}
 */
export function thirdPartyCode(distDir) {
  const bundled = new Set();
  const imported = new Set();
  for (const { declarations, text } of distScripts(distDir)) {
    for (const line of declarations ? [] : text.split('\n')) {
      // esbuild's markers: a `// path` comment before each module, or a `__commonJS` key.
      if (!/^\s*(?:\/\/|"[^"]*node_modules)/.test(line)) continue;
      for (const match of line.matchAll(BUNDLED)) bundled.add(/** @type {string} */ (match[1]));
    }
    for (const match of text.matchAll(IMPORTED)) {
      const name = /** @type {string} */ (match[1]);
      if (!name.startsWith('.') && !name.startsWith('node:')) imported.add(name);
    }
  }
  return { bundled, imported };
}

/** Text with every run of whitespace made one space, to find a license file's text inside another file. */
export function normalizeWhitespace(text) {
  return text.replace(/\s+/g, ' ').trim();
}
