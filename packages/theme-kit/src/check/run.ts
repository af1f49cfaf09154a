/**
 * The checks of a theme in memory: `theme-kit check` reads the theme into a {@link ThemeSnapshot} and runs
 * them here; the language server runs them on its buffers. Synchronous, no disk access:
 * - the config files' validation (theme-config's, from their texts);
 * - `page.template` names a file in `templates/` (error);
 * - each configured `regionName` is rendered by an `editable_region` tag (error), and each region tag has
 *   a config entry (warning);
 * - the menus templates use exist, and the configured menus are used (warnings);
 * - every template, layout, snippet, block template and `rawMarkup` parses (error, at its position);
 * - objects, filters and tags outside the template contract (warnings; a filter or tag the renderer does
 *   not have at all is an error, since the page cannot render);
 * - `render` tags name existing snippets (error).
 */
import path from 'node:path';
import { THEME_FILES, validateConfigText } from '@commerce-kit/theme-config';
import type { StaticAnalysis, Template, Variable } from 'liquidjs';
import { closest, didYouMean } from '@commerce-kit/internal/suggest';
import type { ThemeDiagnostic } from '../diagnostics.js';
import { BLOCK_OBJECTS, CONTRACT_FILTERS, CONTRACT_TAGS, LAYOUT_OBJECTS, PAGE_OBJECTS } from '../render/contract.js';
import { positionInJsonString } from '../render/json-position.js';
import { ThemeRenderer } from '../render/renderer.js';
import { BUILTIN_PREFIX } from '../render/theme-fs.js';
import { DEFAULT_TEMPLATE, LIQUID_EXTENSION, liquidPath, namesIn, type ThemeFiles } from '../theme/files.js';
import type { ConfigText } from '../theme/read.js';
import type { ThemeSnapshot } from '../workspace/snapshot.js';
import { configValues, type ConfigString } from './config-values.js';
import { walkTemplates, type TemplateUses, type Use } from './walk.js';

/** Options of {@link checkSnapshot}. */
export interface CheckSnapshotOptions {
  /** Warnings count as errors. */
  readonly strict?: boolean | undefined;
  /**
   * Parses kept from an earlier run on the same theme: files whose text did not change are not parsed
   * again (the language server keeps one per theme). Without it, every file is parsed.
   */
  readonly cache?: ParseCache | undefined;
}

/** The outcome of a check. */
export interface CheckThemeResult {
  /** True when no diagnostic is an error (after `strict`). */
  readonly valid: boolean;
  /** Every diagnostic, sorted by file, line and column. */
  readonly diagnostics: readonly ThemeDiagnostic[];
  /** Number of files checked (config files and Liquid files). */
  readonly files: number;
}

/**
 * One parse per file, kept across runs of {@link checkSnapshot} on one theme: a file is parsed again only
 * when its text changed.
 */
export class ParseCache {
  #renderer: ThemeRenderer | undefined;

  /** The renderer (and its parses) over `files`. */
  renderer(files: ThemeFiles): ThemeRenderer {
    if (this.#renderer === undefined) this.#renderer = new ThemeRenderer({ files });
    else this.#renderer.update(files);
    return this.#renderer;
  }
}

/** Every config file's own diagnostics (theme-config's validation of its text). */
function validateConfigTexts(
  texts: ReadonlyMap<string, ConfigText>,
  configDir: string,
  problems: ConfigDirProblems | undefined,
): ThemeDiagnostic[] {
  const out: ThemeDiagnostic[] = [];
  if (problems) out.push(...problems.diagnostics);
  else if (texts.size === 0)
    out.push({
      severity: 'warning',
      code: 'no-config-files',
      message: `no *.stk.config.json files in \`${configDir}\`; the mock data will use defaults`,
      pointer: '',
      file: configDir,
      line: 1,
      column: 1,
    });
  for (const info of THEME_FILES) {
    const text = texts.get(info.fileName);
    if (text === undefined || problems?.skip.has(text.file)) continue;
    for (const d of validateConfigText(info.kind, text.text, { file: text.file }).diagnostics)
      out.push(d.line === undefined ? { ...d, line: 1, column: 1 } : d);
  }
  return out;
}

/** The default menus the mock store has when `menus.stk.config.json` is absent. */
const DEFAULT_MENUS = ['main-menu', 'footer-menu'];

type Diagnose = (d: ThemeDiagnostic) => void;

/** A position a diagnostic points at. */
type Location = Pick<ThemeDiagnostic, 'file' | 'line' | 'column' | 'pointer'>;

const at = (use: Use, file: string): Location => ({
  file: use.file ?? file,
  line: use.line,
  column: use.column,
  pointer: use.pointer ?? '',
});

const suggestion = (name: string, candidates: Iterable<string>): { suggestion?: string } => {
  const near = closest(name, candidates);
  return near ? { suggestion: didYouMean(near) } : {};
};

/** Sorts by file, position and pointer; applies `strict`. */
function finish(diagnostics: readonly ThemeDiagnostic[], strict: boolean): ThemeDiagnostic[] {
  const out = diagnostics.map((d) => (strict && d.severity === 'warning' ? { ...d, severity: 'error' as const } : d));
  return out.sort(
    (a, b) =>
      (a.file ?? '').localeCompare(b.file ?? '') ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      a.pointer.localeCompare(b.pointer) ||
      a.code.localeCompare(b.code),
  );
}

/** The contract checks of one parsed file's uses. */
function contractChecks(
  uses: TemplateUses,
  file: string,
  snippets: readonly string[],
  renderer: ThemeRenderer,
  report: Diagnose,
): void {
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
    if (
      renderer.source(liquidPath('snippets', snippet.name)) !== undefined ||
      renderer.source(`${BUILTIN_PREFIX}snippets/${snippet.name}.liquid`) !== undefined
    )
      continue;
    report({
      severity: 'error',
      code: 'missing-snippet',
      message: `no snippet \`${snippet.name}\`: snippets/${snippet.name}.liquid does not exist`,
      ...at(snippet, file),
      ...suggestion(snippet.name, snippets),
    });
  }
}

/** What the object checks of every file share. */
interface ObjectCheckState {
  readonly renderer: ThemeRenderer;
  readonly report: Diagnose;
  /** The menus used (by name, where first), and whether any may be (`menus[name]`, a snippet not analysed). */
  readonly menus: { used: Map<string, Use>; dynamic: boolean };
  /** The names some `render` of a snippet defines in it (snippet name -> names): parameters are optional. */
  readonly snippetScopes: ReadonlyMap<string, ReadonlySet<string>>;
  /** Diagnostics already reported (a snippet rendered by several templates is analysed with each). */
  readonly seen: Set<string>;
  /**
   * Set when a file did not parse: what it uses is unknown, so "configured but unused" (regions, menus)
   * is not reported on top of the error that says why.
   */
  incomplete: boolean;
}

/**
 * Objects (variables) the analysis found that are outside the contract, and the menus used. `place` says
 * where a variable of the analysis stands (a snippet the file renders, or the file itself).
 */
function objectChecks(
  templates: Template[],
  known: ReadonlySet<string>,
  place: (variable: Variable) => Location,
  state: ObjectCheckState,
): void {
  let analysis: StaticAnalysis;
  try {
    analysis = state.renderer.liquid.analyzeSync(templates, { partials: true });
  } catch {
    // A snippet it renders is missing or does not parse (reported as such): the menus it uses are unknown.
    state.menus.dynamic = true;
    try {
      analysis = state.renderer.liquid.analyzeSync(templates, { partials: false });
    } catch {
      return;
    }
  }
  for (const [name, variables] of Object.entries(analysis.globals)) {
    if (known.has(name)) continue;
    for (const variable of variables) {
      const file = variable.location.file;
      // The built-in block templates and snippets are the package's, not the theme's to fix.
      if (file?.startsWith(BUILTIN_PREFIX)) continue;
      // A snippet parameter one `render` passes and another does not is optional, not unknown.
      const snippet = file?.startsWith('snippets/')
        ? file.slice('snippets/'.length, -LIQUID_EXTENSION.length)
        : undefined;
      if (snippet !== undefined && state.snippetScopes.get(snippet)?.has(name)) continue;
      const where = place(variable);
      const key = `${where.file}:${where.line}:${where.column}:${where.pointer}:${name}`;
      if (state.seen.has(key)) continue;
      state.seen.add(key);
      state.report({
        severity: 'warning',
        code: 'unknown-object',
        message: `\`${name}\` is none of the objects templates see, and nothing assigns it`,
        ...where,
        ...suggestion(name, known),
      });
    }
  }
  for (const variable of [...(analysis.variables.menus ?? []), ...(analysis.globals.menus ?? [])])
    menuUse(variable, place, state.menus);
}

function menuUse(
  variable: Variable,
  place: (variable: Variable) => Location,
  menus: { used: Map<string, Use>; dynamic: boolean },
): void {
  const name = variable.segments[1];
  if (name === undefined) {
    if (variable.segments.length === 1) menus.dynamic = true; // `for m in menus`, or passed on whole
    return;
  }
  if (typeof name !== 'string') {
    menus.dynamic = true; // menus[some_variable]
    return;
  }
  if (menus.used.has(name)) return;
  const where = place(variable);
  menus.used.set(name, {
    name,
    file: where.file,
    line: where.line ?? 1,
    column: where.column ?? 1,
    pointer: where.pointer,
  });
}

/**
 * Checks a theme in memory: its config files (as `theme-config validate`) and how its templates meet them.
 * Synchronous and without disk access; pass the same {@link ParseCache} on every run over one theme to
 * parse only the files that changed.
 * @example
 * ```ts
 * const cache = new ParseCache();
 * const { diagnostics } = checkSnapshot(snapshot, { cache });
 * ```
 */
export function checkSnapshot(snapshot: ThemeSnapshot, options: CheckSnapshotOptions = {}): CheckThemeResult {
  return checkThemeSnapshot(snapshot, options);
}

/** Config diagnostics found while reading the config directory (see {@link checkThemeSnapshot}). */
export interface ConfigDirProblems {
  /** Diagnostics about the directory and its files as files (unknown names, unreadable, not UTF-8, ...). */
  readonly diagnostics: readonly ThemeDiagnostic[];
  /** Paths of config files already reported as unreadable as text: their texts are not validated. */
  readonly skip: ReadonlySet<string>;
}

/**
 * {@link checkSnapshot}, with the problems `checkTheme` found listing the config directory (which a
 * snapshot cannot know: files with unknown names, bytes that are not UTF-8) in place of the snapshot's own.
 * @internal
 */
export function checkThemeSnapshot(
  snapshot: ThemeSnapshot,
  options: CheckSnapshotOptions,
  configDir?: ConfigDirProblems,
  extra: readonly ThemeDiagnostic[] = [],
): CheckThemeResult {
  const dir = snapshot.root;
  const diagnostics: ThemeDiagnostic[] = [...extra];
  const report: Diagnose = (d) => diagnostics.push(d);
  const texts = snapshot.configTexts;
  diagnostics.push(...validateConfigTexts(texts, snapshot.configDir, configDir));
  const values = configValues(texts);
  const files = snapshot.files;
  const cache = options.cache ?? new ParseCache();
  const renderer = cache.renderer(files);
  const snippets = namesIn(files, 'snippets');
  const templateNames = namesIn(files, 'templates');
  const inTheme = (relative: string): string => path.join(dir, relative);

  const regionTags: Use[] = [];
  let dynamicRegions = false;
  const snippetScopes = new Map<string, Set<string>>();
  const state: ObjectCheckState = {
    renderer,
    report,
    menus: { used: new Map(), dynamic: false },
    snippetScopes,
    seen: new Set(),
    incomplete: false,
  };
  const pageObjects = new Set<string>(PAGE_OBJECTS);
  /** Where a variable of the analysis stands: a theme file it names, or (`locate`) the source analysed. */
  const placer =
    (locate: (line: number, column: number) => Location) =>
    (variable: Variable): Location => {
      const { file, row, col } = variable.location;
      if (file?.startsWith(BUILTIN_PREFIX)) return { file, line: row, column: col, pointer: '' };
      if (file !== undefined && files.has(file)) return { file: inTheme(file), line: row, column: col, pointer: '' };
      return locate(row, col);
    };
  // Parsed first, all of them, so that every file's object checks know every snippet's parameters.
  const analyses: Array<{
    templates: Template[];
    known: ReadonlySet<string>;
    place: (variable: Variable) => Location;
  }> = [];
  const collect = (uses: TemplateUses): void => {
    if (uses.dynamicRegions.length > 0) dynamicRegions = true;
    for (const [snippet, names] of uses.snippetScopes)
      snippetScopes.set(snippet, new Set([...(snippetScopes.get(snippet) ?? []), ...names]));
  };

  for (const relative of [...files.keys()].sort()) {
    const file = inTheme(relative);
    let templates: Template[];
    try {
      templates = renderer.parse(relative);
    } catch (error) {
      for (const d of renderer.diagnose(error))
        report({ ...d, file: d.file === relative || d.file === undefined ? file : d.file });
      state.incomplete = true;
      continue;
    }
    const uses = walkTemplates(templates);
    const withFile = (list: Use[]): Use[] =>
      list.map((u) => ({ ...u, file: u.file === relative || u.file === undefined ? file : u.file }));
    contractChecks(
      { ...uses, filters: withFile(uses.filters), tags: withFile(uses.tags), snippets: withFile(uses.snippets) },
      file,
      snippets,
      renderer,
      report,
    );
    regionTags.push(...withFile(uses.regions));
    collect(uses);
    const folder = relative.slice(0, relative.indexOf('/'));
    if (folder === 'snippets') continue; // analysed through the files that render them, with what they pass
    const known = new Set<string>([
      ...pageObjects,
      ...(folder === 'layout' ? LAYOUT_OBJECTS : []),
      ...(folder === 'blocks' ? BLOCK_OBJECTS : []),
    ]);
    analyses.push({ templates, known, place: placer((line, column) => ({ file, line, column, pointer: '' })) });
  }

  // rawMarkup: Liquid inside a JSON string; positions point into the config file.
  for (const raw of values.rawMarkups) {
    const region = {
      name: raw.pointer,
      rawMarkup: raw.value,
      origin: { file: raw.file, text: texts.get('editable-regions.stk.config.json')?.text ?? '', pointer: raw.pointer },
      blocks: [],
    };
    let templates: Template[];
    try {
      templates = renderer.parseRawMarkup(region);
    } catch (error) {
      diagnostics.push(...renderer.diagnose(error));
      state.incomplete = true;
      continue;
    }
    const locate = (line: number, column: number): Location => ({
      file: raw.file,
      pointer: raw.pointer,
      ...(positionInJsonString(region.origin.text, raw.pointer, raw.value, { line, column }) ?? {
        line: raw.line,
        column: raw.column,
      }),
    });
    const uses = walkTemplates(templates);
    const mapped = (list: Use[]): Use[] => list.map((u) => ({ ...u, ...locate(u.line, u.column) }));
    contractChecks(
      { ...uses, filters: mapped(uses.filters), tags: mapped(uses.tags), snippets: mapped(uses.snippets) },
      raw.file,
      snippets,
      renderer,
      report,
    );
    regionTags.push(...mapped(uses.regions));
    collect(uses);
    analyses.push({ templates, known: pageObjects, place: placer(locate) });
  }

  for (const { templates, known, place } of analyses) objectChecks(templates, known, place, state);
  const { menus } = state;

  // page.template names a file in templates/.
  const template = values.template?.value || DEFAULT_TEMPLATE;
  if (!files.has(liquidPath('templates', template))) {
    const where = values.template
      ? { file: values.template.file, line: values.template.line, column: values.template.column, pointer: '/template' }
      : { file: inTheme('templates'), line: 1, column: 1, pointer: '' };
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
  if (!dynamicRegions && !state.incomplete) {
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
  // theme-config can only compare menu names with the two it knows; here the templates say which menus
  // exist ("matches a template menu identifier"), so a name they use is no longer a guess.
  const usedByTemplates = new Set(
    menuNames.filter((m) => menus.used.has(m.value) || menus.dynamic).map((m) => m.pointer),
  );
  for (let i = diagnostics.length - 1; i >= 0; i -= 1) {
    const d = diagnostics[i];
    if (
      d?.code === 'unknown-menu-name' &&
      d.file === texts.get('menus.stk.config.json')?.file &&
      usedByTemplates.has(d.pointer)
    )
      diagnostics.splice(i, 1);
  }
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
  if (values.hasMenus && !menus.dynamic && !state.incomplete) {
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
  return {
    valid: !finished.some((d) => d.severity === 'error'),
    diagnostics: finished,
    files: texts.size + files.size,
  };
}
