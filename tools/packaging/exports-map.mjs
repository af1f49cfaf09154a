// Reads a package's `exports` map the way Node does and turns it into concrete
// specifiers a consumer can load: one per subpath, wildcard patterns expanded from the
// files that are really in the tarball.
import { extname } from 'node:path';

/** Node's condition sets for `import` and `require` (no user conditions). */
const CONDITIONS = {
  import: ['import', 'node', 'module-sync', 'default'],
  require: ['require', 'node', 'module-sync', 'default'],
};

/**
 * @typedef {'module' | 'json' | 'asset'} ExportKind
 * @typedef {object} ExportEntry
 * @property {string} packageName
 * @property {string} subpath       key in the exports map, e.g. `.`, `./oauth`, `./schemas/*.json`
 * @property {string} specifier     concrete specifier, e.g. `@commerce-kit/theme-config/schemas/theme.json`
 * @property {ExportKind} kind      how a consumer loads it: JS module, JSON, or a file it only resolves
 * @property {string | null} importFile  tarball path the `import` conditions select (null: not importable)
 * @property {string | null} requireFile tarball path the `require` conditions select (null: not requirable)
 */

/**
 * Lists one loadable entry per subpath of `manifest.exports`.
 * @param {Record<string, any>} manifest
 * @param {readonly string[]} tarballFiles paths inside the tarball (no leading `./`)
 * @returns {{ entries: ExportEntry[], problems: string[] }}
 */
export function exportEntries(manifest, tarballFiles) {
  /** @type {ExportEntry[]} */ const entries = [];
  /** @type {string[]} */ const problems = [];
  const map = normalizeExports(manifest.exports);
  if (!map) return { entries, problems: [`${manifest.name}: package.json has no \`exports\` map`] };

  for (const [subpath, value] of Object.entries(map)) {
    const importTarget = resolveConditions(value, CONDITIONS.import);
    const requireTarget = resolveConditions(value, CONDITIONS.require);
    if (importTarget === null && requireTarget === null) continue; // an exclusion (`null`) or types-only entry

    const substitutions = subpath.includes('*')
      ? expandPattern(/** @type {string} */ (importTarget ?? requireTarget), tarballFiles)
      : [''];
    if (substitutions.length === 0) {
      problems.push(
        `${manifest.name}: export "${subpath}" -> "${importTarget ?? requireTarget}" matches no file in the tarball`,
      );
      continue;
    }
    // One file per pattern is enough to prove the pattern resolves end to end.
    const [substitution = ''] = substitutions;
    const importFile = importTarget && fill(importTarget, substitution).slice(2);
    const requireFile = requireTarget && fill(requireTarget, substitution).slice(2);
    for (const file of [importFile, requireFile]) {
      if (file && !tarballFiles.includes(file))
        problems.push(`${manifest.name}: export "${subpath}" points at ${file}, which is not in the tarball`);
    }
    entries.push({
      packageName: manifest.name,
      subpath,
      specifier: manifest.name + fill(subpath, substitution).slice(1),
      kind: kindOf(/** @type {string} */ (importFile ?? requireFile)),
      importFile,
      requireFile,
    });
  }
  return { entries, problems };
}

/**
 * Checks the dual-format shape every JS subpath must have: `import` and `require`
 * conditions, each listing `types` first, ESM `.js` + `.d.ts` and CJS `.cjs` + `.d.cts`.
 * @param {Record<string, any>} manifest
 * @returns {string[]} problems (empty when every JS subpath is dual)
 */
export function dualFormatProblems(manifest) {
  /** @type {string[]} */ const problems = [];
  const map = normalizeExports(manifest.exports) ?? {};
  for (const [subpath, value] of Object.entries(map)) {
    const runtime = resolveConditions(value, CONDITIONS.import) ?? resolveConditions(value, CONDITIONS.require);
    if (runtime === null || kindOf(runtime) !== 'module') continue;
    const where = `${manifest.name}: export "${subpath}"`;
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      problems.push(`${where} is a bare string; it needs \`import\` and \`require\` conditions with \`types\``);
      continue;
    }
    for (const [condition, jsExt, dtsExt] of /** @type {const} */ ([
      ['import', '.js', '.d.ts'],
      ['require', '.cjs', '.d.cts'],
    ])) {
      const branch = value[condition];
      if (!branch || typeof branch !== 'object') {
        problems.push(`${where} has no \`${condition}\` condition object`);
        continue;
      }
      const keys = Object.keys(branch);
      if (keys[0] !== 'types')
        problems.push(`${where}: \`${condition}.types\` must be the first condition (found ${keys.join(', ')})`);
      if (typeof branch.types !== 'string' || !branch.types.endsWith(dtsExt))
        problems.push(`${where}: \`${condition}.types\` must be a ${dtsExt} file`);
      if (typeof branch.default !== 'string' || !branch.default.endsWith(jsExt))
        problems.push(`${where}: \`${condition}.default\` must be a ${jsExt} file`);
    }
  }
  return problems;
}

/**
 * The exports map as an object keyed by subpath (sugar forms expanded), or null when absent.
 * @param {unknown} exportsField
 * @returns {Record<string, any> | null}
 */
function normalizeExports(exportsField) {
  if (exportsField === undefined || exportsField === null) return null;
  if (typeof exportsField === 'string' || Array.isArray(exportsField)) return { '.': exportsField };
  const keys = Object.keys(exportsField);
  if (keys.length > 0 && !keys[0]?.startsWith('.')) return { '.': exportsField }; // conditions-only sugar
  return /** @type {Record<string, any>} */ (exportsField);
}

/**
 * Picks the target Node would pick for the given condition set (first matching key wins,
 * nested objects recurse, arrays take the first valid string).
 * @param {unknown} value
 * @param {readonly string[]} conditions
 * @returns {string | null}
 */
function resolveConditions(value, conditions) {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = resolveConditions(item, conditions);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, branch] of Object.entries(value)) {
      if (!conditions.includes(key)) continue;
      const found = resolveConditions(branch, conditions);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * The values `*` takes in `pattern` over the tarball files, sorted.
 * @param {string} pattern e.g. `./dist/schemas/*.json`
 * @param {readonly string[]} files
 */
function expandPattern(pattern, files) {
  const [before = '', after = ''] = pattern.slice(2).split('*');
  return files
    .filter((file) => file.length > before.length + after.length && file.startsWith(before) && file.endsWith(after))
    .map((file) => file.slice(before.length, file.length - after.length))
    .sort();
}

/** @param {string} pattern @param {string} substitution */
function fill(pattern, substitution) {
  return pattern.replace('*', substitution);
}

/** @param {string} file @returns {ExportKind} */
function kindOf(file) {
  const ext = extname(file);
  if (ext === '.js' || ext === '.mjs' || ext === '.cjs') return 'module';
  if (ext === '.json') return 'json';
  return 'asset';
}
