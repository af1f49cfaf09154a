/**
 * Builds the {@link CheckContext} of one run: each Liquid source parsed once (through `run.ts`'s
 * `ParseCache`), what the sources use, the config values, and the static analysis of the objects (lazy,
 * cached across runs).
 */
import path from 'node:path';
import { findNodeAtLocation, type Node } from 'jsonc-parser';
import type { StaticAnalysis, Template } from 'liquidjs';
import type { ThemeDiagnostic } from '../diagnostics.js';
import { BLOCK_OBJECTS, LAYOUT_OBJECTS, PAGE_OBJECTS } from '../render/contract.js';
import { characterOffsets, pathOf } from '../render/json-position.js';
import type { ThemeRenderer } from '../render/renderer.js';
import { namesIn, type ThemeFiles } from '../theme/files.js';
import type { ThemeSnapshot } from '../workspace/snapshot.js';
import { configValues, type ConfigValues } from './config-values.js';
import type { CheckContext, LiquidSource, Location, MenuUses, ObjectAnalysis } from './context.js';
import { parseLiquid, type ParsedLiquid } from './parse.js';
import { placeVariable } from './place.js';
import type { Positions } from './positions.js';
import type { TemplateUses, Use } from './walk.js';

/** What the context keeps across runs (held by the `ParseCache`). */
export interface ContextCache {
  readonly parses: Map<string, ParsedLiquid>;
  /** The syntax errors of single tags, by their text (see `recoverSyntaxErrors`). */
  readonly fragments: Map<string, readonly ThemeDiagnostic[]>;
  readonly analyses: Map<
    string,
    { parsed: ParsedLiquid; snippets: SnippetDependencies; analysis: Omit<ObjectAnalysis, 'source'> }
  >;
  /** A number that changes whenever a snippet changes (the analyses follow snippets). */
  snippetsVersion(files: ThemeFiles): number;
  /** The config values of the last run, and the texts they were read from. */
  config?: {
    readonly texts: ReadonlyMap<string, string>;
    readonly values: ConfigValues;
    readonly regions: Node | undefined;
  };
}

/**
 * What a page's analysis depends on beyond the page: the parses of the snippets it renders (transitively,
 * by literal name; `undefined` for a missing one), or, when it has `include` tags (which the analysis also
 * follows and the walk does not list), every snippet (the cache's snippets version).
 */
type SnippetDependencies = number | ReadonlyArray<readonly [string, ParsedLiquid | undefined]>;

function sameDependencies(a: SnippetDependencies, b: SnippetDependencies): boolean {
  if (typeof a === 'number' || typeof b === 'number') return a === b;
  return a.length === b.length && a.every(([name, parsed], i) => b[i]?.[0] === name && b[i]?.[1] === parsed);
}

function dependencies(
  uses: TemplateUses | undefined,
  snippets: ReadonlyMap<string, ParsedLiquid>,
  version: () => number,
): SnippetDependencies {
  const out: Array<readonly [string, ParsedLiquid | undefined]> = [];
  const seen = new Set<string>();
  const pending = (uses?.snippets ?? []).map((u) => u.name);
  if (uses?.tags.some((t) => t.name === 'include')) return version();
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (seen.has(name)) continue;
    seen.add(name);
    const parsed = snippets.get(name);
    out.push([name, parsed]);
    if (parsed?.uses?.tags.some((t) => t.name === 'include')) return version();
    for (const use of parsed?.uses?.snippets ?? []) pending.push(use.name);
  }
  return out.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The config values of `texts` (read again only when a text changed). */
function configOf(
  cache: ContextCache,
  texts: ThemeSnapshot['configTexts'],
): { values: ConfigValues; regions: Node | undefined } {
  const last = cache.config;
  if (
    last &&
    last.texts.size === texts.size &&
    [...texts].every(([name, config]) => last.texts.get(name) === config.text)
  )
    return last;
  const values = configValues(texts);
  const regions = values.rawMarkups.length > 0 ? values.regionsTree : undefined;
  cache.config = { texts: new Map([...texts].map(([name, config]) => [name, config.text])), values, regions };
  return cache.config;
}

function parsedOf(
  cache: ContextCache,
  renderer: ThemeRenderer,
  key: string,
  file: string,
  text: string,
  positions: Positions,
): ParsedLiquid {
  const cached = cache.parses.get(key);
  if (cached?.text === text) return cached;
  const parsed = parseLiquid(renderer, file, text, positions, cache.fragments);
  cache.parses.set(key, parsed);
  return parsed;
}

/** Builds the context of one run: parses what changed since the cache's last run. */
export function createContext(
  snapshot: ThemeSnapshot,
  renderer: ThemeRenderer,
  positions: Positions,
  cache: ContextCache,
  report: (d: ThemeDiagnostic) => void,
): CheckContext {
  const files = snapshot.files;
  const texts = snapshot.configTexts;
  const { values, regions: tree } = configOf(cache, texts);
  const inTheme = (relative: string): string => path.join(snapshot.root, relative);
  const sources: LiquidSource[] = [];
  const live = new Set<string>();
  for (const relative of [...files.keys()].sort()) {
    const file = inTheme(relative);
    live.add(relative);
    const parsed = parsedOf(cache, renderer, relative, relative, files.get(relative) ?? '', positions);
    sources.push({
      relative,
      file,
      pointer: '',
      parsed,
      editable: true,
      locate: (line, column) => ({ file, line, column, pointer: '' }),
      locateSpan: (span) => ({ file, pointer: '', ...span }),
    });
  }
  const regions = texts.get('editable-regions.stk.config.json');
  for (const raw of values.rawMarkups) {
    const key = `rawMarkup:${raw.pointer}`;
    live.add(key);
    const parsed = parsedOf(cache, renderer, key, key, raw.value, positions);
    const node = tree && regions ? findNodeAtLocation(tree, pathOf(raw.pointer)) : undefined;
    let offsets: number[] | undefined;
    const locate = (line: number, column: number): Location => {
      if (!regions || node?.type !== 'string')
        return { file: raw.file, line: raw.line, column: raw.column, pointer: raw.pointer };
      offsets ??= characterOffsets(regions.text, node.offset);
      const index = Math.min(positions.offset(raw.value, line, column), raw.value.length);
      const offset = offsets[Math.min(index, offsets.length - 1)] ?? node.offset;
      return { file: raw.file, pointer: raw.pointer, ...positions.at(regions.text, offset) };
    };
    sources.push({
      relative: undefined,
      file: raw.file,
      pointer: raw.pointer,
      parsed,
      editable: false,
      locate,
      locateSpan: (span) => locate(span.line, span.column),
    });
  }
  for (const key of cache.parses.keys()) if (!live.has(key)) cache.parses.delete(key);

  let incomplete = false;
  let dynamicRegions = false;
  const snippetScopes = new Map<string, Set<string>>();
  for (const source of sources) {
    const uses: TemplateUses | undefined = source.parsed.uses;
    if (!uses) {
      incomplete = true;
      continue;
    }
    if (uses.dynamicRegions.length > 0) dynamicRegions = true;
    for (const [snippet, names] of uses.snippetScopes) {
      const all = snippetScopes.get(snippet) ?? new Set<string>();
      for (const name of names) all.add(name);
      snippetScopes.set(snippet, all);
    }
  }

  let analyses: ObjectAnalysis[] | undefined;
  let menus: MenuUses | undefined;
  const pageObjects: ReadonlySet<string> = new Set<string>(PAGE_OBJECTS);
  const context: CheckContext = {
    snapshot,
    renderer,
    positions,
    values,
    sources,
    snippets: namesIn(files, 'snippets'),
    templateNames: namesIn(files, 'templates'),
    incomplete,
    dynamicRegions,
    snippetScopes,
    inTheme,
    report,
    textOf(file) {
      const relative = path.relative(snapshot.root, file).split(path.sep).join('/');
      const liquid = files.get(relative);
      if (liquid !== undefined && inTheme(relative) === file) return liquid;
      for (const config of texts.values()) if (config.file === file) return config.text;
      return undefined;
    },
    objectAnalyses() {
      analyses ??= analyse(context, cache, pageObjects);
      return analyses;
    },
    menus() {
      menus ??= menuUses(context);
      return menus;
    },
  };
  return context;
}

/** The object analysis of every page, layout, block template and `rawMarkup` (snippets through them). */
function analyse(context: CheckContext, cache: ContextCache, pageObjects: ReadonlySet<string>): ObjectAnalysis[] {
  let version: number | undefined;
  const snippetsVersion = (): number => {
    version ??= cache.snippetsVersion(context.snapshot.files);
    return version;
  };
  const snippets = new Map<string, ParsedLiquid>();
  for (const source of context.sources)
    if (source.relative?.startsWith('snippets/'))
      snippets.set(source.relative.slice('snippets/'.length, -'.liquid'.length), source.parsed);
  const out: ObjectAnalysis[] = [];
  const live = new Set<string>();
  for (const source of context.sources) {
    const templates = source.parsed.templates;
    const folder = source.relative?.slice(0, source.relative.indexOf('/'));
    if (!templates || folder === 'snippets') continue; // snippets: through the files that render them
    const key = source.relative ?? `rawMarkup:${source.pointer}`;
    live.add(key);
    const cached = cache.analyses.get(key);
    const deps = dependencies(source.parsed.uses, snippets, snippetsVersion);
    if (cached && cached.parsed === source.parsed && sameDependencies(cached.snippets, deps)) {
      out.push({ source, ...cached.analysis });
      continue;
    }
    const known =
      folder === 'layout'
        ? new Set<string>([...pageObjects, ...LAYOUT_OBJECTS])
        : folder === 'blocks'
          ? new Set<string>([...pageObjects, ...BLOCK_OBJECTS])
          : pageObjects;
    const analysis = analyseTemplates(context.renderer, templates, known);
    cache.analyses.set(key, { parsed: source.parsed, snippets: deps, analysis });
    out.push({ source, ...analysis });
  }
  for (const key of cache.analyses.keys()) if (!live.has(key)) cache.analyses.delete(key);
  return out;
}

function analyseTemplates(
  renderer: ThemeRenderer,
  templates: Template[],
  known: ReadonlySet<string>,
): Omit<ObjectAnalysis, 'source'> {
  let analysis: StaticAnalysis;
  let partial = false;
  try {
    analysis = renderer.liquid.analyzeSync(templates, { partials: true });
  } catch {
    // A snippet it renders is missing or does not parse (reported as such): what it uses is unknown.
    partial = true;
    try {
      analysis = renderer.liquid.analyzeSync(templates, { partials: false });
    } catch {
      return { known, globals: undefined, menus: [], partial };
    }
  }
  return {
    known,
    globals: Object.entries(analysis.globals),
    menus: [...(analysis.variables.menus ?? []), ...(analysis.globals.menus ?? [])],
    partial,
  };
}

function menuUses(context: CheckContext): MenuUses {
  const used = new Map<string, Use>();
  let dynamic = false;
  for (const { source, menus, partial, globals } of context.objectAnalyses()) {
    if (partial || globals === undefined) dynamic = true;
    for (const variable of menus) {
      const name = variable.segments[1];
      if (name === undefined) {
        if (variable.segments.length === 1) dynamic = true; // `for m in menus`, or passed on whole
        continue;
      }
      if (typeof name !== 'string') {
        dynamic = true; // menus[some_variable]
        continue;
      }
      if (used.has(name)) continue;
      const where = placeVariable(context, source, variable);
      used.set(name, { name, file: where.file, line: where.line, column: where.column, pointer: where.pointer });
    }
  }
  return { used, dynamic };
}
