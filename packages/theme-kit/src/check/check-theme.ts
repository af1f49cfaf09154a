/**
 * `theme-kit check`: the config files' validation plus the checks between config and templates, from a
 * real parse of every Liquid file (LiquidJS's, the renderer's own engine, so check and render agree):
 * - `page.template` names a file in `templates/` (error);
 * - each configured `regionName` is rendered by an `editable_region` tag (error), and each region tag has
 *   a config entry (warning);
 * - the menus templates use exist, and the configured menus are used (warnings);
 * - every template, layout, snippet, block template and `rawMarkup` parses (error, at its position);
 * - objects, filters and tags outside the template contract (warnings; a filter or tag the renderer does
 *   not have at all is an error, since the page cannot render);
 * - `render` tags name existing snippets (error).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { THEME_FILES, validateConfigDir } from '@commerce-kit/theme-config';
import type { Template, Variable } from 'liquidjs';
import { closest, didYouMean } from '@commerce-kit/internal/suggest';
import type { ThemeDiagnostic } from '../diagnostics.js';
import { BLOCK_OBJECTS, CONTRACT_FILTERS, CONTRACT_TAGS, LAYOUT_OBJECTS, PAGE_OBJECTS } from '../render/contract.js';
import { positionInJsonString } from '../render/json-position.js';
import { ThemeRenderer } from '../render/renderer.js';
import { DEFAULT_TEMPLATE, liquidPath, namesIn } from '../theme/files.js';
import { readThemeDir } from '../theme/read.js';
import { configValues, type ConfigString } from './config-values.js';
import { walkTemplates, type TemplateUses, type Use } from './walk.js';

/** Options of {@link checkTheme}. */
export interface CheckThemeOptions {
  /** The theme directory (default: the current directory). */
  readonly theme?: string | undefined;
  /** Directory of the config files (default: the theme directory). */
  readonly configDir?: string | undefined;
  /** Warnings count as errors. */
  readonly strict?: boolean | undefined;
}

/** The outcome of {@link checkTheme}. */
export interface CheckThemeResult {
  /** True when no diagnostic is an error (after `strict`). */
  readonly valid: boolean;
  /** Every diagnostic, sorted by file, line and column. */
  readonly diagnostics: readonly ThemeDiagnostic[];
  /** Number of files checked (config files and Liquid files). */
  readonly files: number;
}

/** The default menus the mock store has when `menus.stk.config.json` is absent. */
const DEFAULT_MENUS = ['main-menu', 'footer-menu'];

type Diagnose = (d: ThemeDiagnostic) => void;

const at = (use: Use, file: string): Pick<ThemeDiagnostic, 'file' | 'line' | 'column' | 'pointer'> => ({ file: use.file ?? file, line: use.line, column: use.column, pointer: '' });

const suggestion = (name: string, candidates: Iterable<string>): { suggestion?: string } => {
  const near = closest(name, candidates);
  return near ? { suggestion: didYouMean(near) } : {};
};

/** Sorts by file, position and pointer; applies `strict`. */
function finish(diagnostics: readonly ThemeDiagnostic[], strict: boolean): ThemeDiagnostic[] {
  const out = diagnostics.map((d) => (strict && d.severity === 'warning' ? { ...d, severity: 'error' as const } : d));
  return out.sort(
    (a, b) => (a.file ?? '').localeCompare(b.file ?? '') || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0) || a.pointer.localeCompare(b.pointer) || a.code.localeCompare(b.code),
  );
}

/** The contract checks of one parsed file's uses. */
function contractChecks(uses: TemplateUses, file: string, snippets: readonly string[], renderer: ThemeRenderer, report: Diagnose): void {
  const engineFilters = Object.keys(renderer.liquid.filters);
  for (const filter of uses.filters) {
    if (CONTRACT_FILTERS.has(filter.name)) continue;
    report({
      severity: 'warning',
      code: 'unknown-filter',
      message: `the filter \`${filter.name}\` is a LiquidJS extension outside the theme kit's template contract: the platform may not have it`,
      ...at(filter, file),
      ...suggestion(filter.name, CONTRACT_FILTERS),
    });
  }
  for (const tag of uses.tags) {
    if (CONTRACT_TAGS.has(tag.name)) continue;
    report({
      severity: 'warning',
      code: 'unknown-tag',
      message: `the tag \`${tag.name}\` is a LiquidJS extension outside the theme kit's template contract${tag.name === 'include' ? ' (use `render`)' : ''}`,
      ...at(tag, file),
      ...suggestion(tag.name, CONTRACT_TAGS),
    });
  }
  for (const snippet of uses.snippets) {
    if (renderer.source(liquidPath('snippets', snippet.name)) !== undefined || renderer.source(`@commerce-kit/theme-kit/snippets/${snippet.name}.liquid`) !== undefined) continue;
    report({
      severity: 'error',
      code: 'missing-snippet',
      message: `no snippet \`${snippet.name}\`: snippets/${snippet.name}.liquid does not exist`,
      ...at(snippet, file),
      ...suggestion(snippet.name, snippets),
    });
  }
  void engineFilters;
}

/** Objects (variables) the analysis found that are outside the contract, and the menus used. */
function objectChecks(
  templates: Template[],
  file: string,
  known: ReadonlySet<string>,
  renderer: ThemeRenderer,
  report: Diagnose,
  menus: { used: Map<string, Use>; dynamic: boolean },
  locate: (line: number, column: number) => { file: string; line: number; column: number; pointer: string } = (line, column) => ({ file, line, column, pointer: '' }),
): void {
  let analysis;
  try {
    analysis = renderer.liquid.analyzeSync(templates, { partials: true });
  } catch {
    try {
      analysis = renderer.liquid.analyzeSync(templates, { partials: false });
    } catch {
      return;
    }
  }
  const seen = new Set<string>();
  for (const [name, variables] of Object.entries(analysis.globals)) {
    if (known.has(name)) continue;
    for (const variable of variables) {
      const where = variable.location.file && variable.location.file !== file && !variable.location.file.includes('#') ? { file: variable.location.file, line: variable.location.row, column: variable.location.col, pointer: '' } : locate(variable.location.row, variable.location.col);
      const key = `${where.file}:${where.line}:${where.column}:${name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      report({ severity: 'warning', code: 'unknown-object', message: `\`${name}\` is none of the objects templates see, and nothing assigns it`, ...where, ...suggestion(name, known) });
    }
  }
  for (const variable of analysis.variables.menus ?? []) menuUse(variable, file, menus);
  for (const variable of analysis.globals.menus ?? []) menuUse(variable, file, menus);
}

function menuUse(variable: Variable, file: string, menus: { used: Map<string, Use>; dynamic: boolean }): void {
  const name = variable.segments[1];
  if (name === undefined) {
    if (variable.segments.length === 1) menus.dynamic = true; // `for m in menus`, or passed on whole
    return;
  }
  if (typeof name !== 'string') {
    menus.dynamic = true; // menus[some_variable]
    return;
  }
  if (!menus.used.has(name)) menus.used.set(name, { name, file: variable.location.file ?? file, line: variable.location.row, column: variable.location.col });
}

/**
 * Checks a theme: its config files (as `theme-config validate`) and how its templates meet them.
 * @example
 * ```ts
 * const { valid, diagnostics } = await checkTheme({ theme: './my-theme' });
 * ```
 */
export async function checkTheme(options: CheckThemeOptions = {}): Promise<CheckThemeResult> {
  const dir = options.theme ?? '.';
  const configDir = options.configDir ?? dir;
  const diagnostics: ThemeDiagnostic[] = [];
  const report: Diagnose = (d) => diagnostics.push(d);
  const contents = await readThemeDir(dir);
  diagnostics.push(...contents.diagnostics);
  if (contents.diagnostics.some((d) => d.code === 'theme-dir-not-found')) return { valid: false, diagnostics: finish(diagnostics, options.strict === true), files: 0 };

  const config = await validateConfigDir(configDir);
  diagnostics.push(...config.diagnostics);
  const texts = new Map<string, { file: string; text: string }>();
  for (const { fileName } of THEME_FILES) {
    const file = path.join(configDir, fileName);
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text !== undefined) texts.set(fileName, { file, text: text.replace(/^\uFEFF/, '') });
  }
  const values = configValues(texts);
  const files = contents.files;
  const renderer = new ThemeRenderer({ files });
  const snippets = namesIn(files, 'snippets');
  const templateNames = namesIn(files, 'templates');
  const inTheme = (relative: string): string => path.join(dir, relative);

  const regionTags: Use[] = [];
  let dynamicRegions = false;
  const menus = { used: new Map<string, Use>(), dynamic: false };
  const pageObjects = new Set<string>(PAGE_OBJECTS);

  for (const relative of [...files.keys()].sort()) {
    const file = inTheme(relative);
    let templates: Template[];
    try {
      templates = renderer.parse(relative);
    } catch (error) {
      for (const d of renderer.diagnose(error)) report({ ...d, file: d.file === relative || d.file === undefined ? file : d.file });
      continue;
    }
    const uses = walkTemplates(templates);
    const withFile = (list: Use[]): Use[] => list.map((u) => ({ ...u, file: u.file === relative || u.file === undefined ? file : u.file }));
    contractChecks({ ...uses, filters: withFile(uses.filters), tags: withFile(uses.tags), snippets: withFile(uses.snippets) }, file, snippets, renderer, report);
    regionTags.push(...withFile(uses.regions));
    if (uses.dynamicRegions.length > 0) dynamicRegions = true;
    const folder = relative.slice(0, relative.indexOf('/'));
    if (folder === 'snippets') continue; // analysed through the templates that render them, with what they pass
    const known = new Set<string>([...pageObjects, ...(folder === 'layout' ? LAYOUT_OBJECTS : []), ...(folder === 'blocks' ? BLOCK_OBJECTS : [])]);
    const before = diagnostics.length;
    objectChecks(templates, relative, known, renderer, report, menus);
    for (let i = before; i < diagnostics.length; i += 1) {
      const d = diagnostics[i];
      if (d && (d.file === relative || d.file?.startsWith('snippets/'))) diagnostics[i] = { ...d, file: inTheme(d.file) };
    }
  }

  // rawMarkup: Liquid inside a JSON string; positions point into the config file.
  for (const raw of values.rawMarkups) {
    const region = { name: raw.pointer, rawMarkup: raw.value, origin: { file: raw.file, text: texts.get('editable-regions.stk.config.json')?.text ?? '', pointer: raw.pointer }, blocks: [] };
    let templates: Template[];
    try {
      templates = renderer.parseRawMarkup(region);
    } catch (error) {
      diagnostics.push(...renderer.diagnose(error));
      continue;
    }
    const locate = (line: number, column: number) => ({ file: raw.file, pointer: raw.pointer, ...(positionInJsonString(region.origin.text, raw.pointer, raw.value, { line, column }) ?? { line: raw.line, column: raw.column }) });
    const uses = walkTemplates(templates);
    const mapped = (list: Use[]): Use[] => list.map((u) => ({ ...u, ...locate(u.line, u.column) }));
    contractChecks({ ...uses, filters: mapped(uses.filters), tags: mapped(uses.tags), snippets: mapped(uses.snippets) }, raw.file, snippets, renderer, report);
    regionTags.push(...mapped(uses.regions));
    objectChecks(templates, raw.file, pageObjects, renderer, report, menus, locate);
  }

  // page.template names a file in templates/.
  const template = values.template?.value || DEFAULT_TEMPLATE;
  if (!files.has(liquidPath('templates', template))) {
    const where = values.template ? { file: values.template.file, line: values.template.line, column: values.template.column, pointer: '/template' } : { file: inTheme('templates'), line: 1, column: 1, pointer: '' };
    report({
      severity: 'error',
      code: 'missing-template',
      message: values.template
        ? `page.template is \`${template}\`, but templates/${template}.liquid does not exist`
        : `the page renders templates/${DEFAULT_TEMPLATE}.liquid (page.stk.config.json sets no template), which does not exist`,
      ...where,
      ...suggestion(template, templateNames),
    });
  }

  // Regions, both ways.
  const tagNames = new Set(regionTags.map((u) => u.name));
  const configured = new Set(values.regionNames.map((r) => r.value));
  if (!dynamicRegions) {
    for (const region of values.regionNames) {
      if (tagNames.has(region.value)) continue;
      report({
        severity: 'error',
        code: 'unknown-region',
        message: `the region \`${region.value}\` is configured, but no template or snippet has {% editable_region '${region.value}' %}, so its content is never shown`,
        file: region.file,
        line: region.line,
        column: region.column,
        pointer: region.pointer,
        ...suggestion(region.value, tagNames),
      });
    }
  }
  for (const tag of regionTags) {
    if (configured.has(tag.name)) continue;
    report({
      severity: 'warning',
      code: 'unconfigured-region',
      message: `the editable region \`${tag.name}\` has no entry in editable-regions.stk.config.json, so it renders empty`,
      ...at(tag, tag.file ?? ''),
      ...suggestion(tag.name, configured),
    });
  }

  // Menus, both ways.
  const menuNames: readonly ConfigString[] = values.menuNames;
  const available = new Set(values.hasMenus ? menuNames.map((m) => m.value) : DEFAULT_MENUS);
  for (const [name, use] of menus.used) {
    if (available.has(name)) continue;
    report({
      severity: 'warning',
      code: 'unknown-menu',
      message: `the menu \`${name}\` is used, but ${values.hasMenus ? 'menus.stk.config.json does not configure it' : `the default menus are only ${DEFAULT_MENUS.join(' and ')}`}, so it renders empty`,
      ...at(use, use.file ?? ''),
      ...suggestion(name, available),
    });
  }
  if (values.hasMenus && !menus.dynamic) {
    for (const menu of menuNames) {
      if (menus.used.has(menu.value)) continue;
      report({
        severity: 'warning',
        code: 'unused-menu',
        message: `the menu \`${menu.value}\` is configured, but no template uses it (menus['${menu.value}'])`,
        file: menu.file,
        line: menu.line,
        column: menu.column,
        pointer: menu.pointer,
        ...suggestion(menu.value, menus.used.keys()),
      });
    }
  }

  const finished = finish(diagnostics, options.strict === true);
  return { valid: !finished.some((d) => d.severity === 'error'), diagnostics: finished, files: texts.size + files.size };
}
