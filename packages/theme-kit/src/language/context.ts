/** The language context: one theme snapshot and everything the features derive from it, computed lazily and cached. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Clock } from '@commerce-kit/internal/clock';
import { generateMockData } from '@commerce-kit/theme-config/mock';
import { THEME_FILES } from '@commerce-kit/theme-config';
import { type Node as JsonNode, parse as parseJsonc, parseTree } from 'jsonc-parser';
import type { Position, Range } from 'vscode-languageserver';
import { contextFor, createThemeData, type ThemeData } from '../context/build.js';
import type { RouteKind, ThemeContext } from '../generated/context.js';
import { LIQUID_EXTENSION } from '../theme/files.js';
import type { ThemeSnapshot } from '../workspace/snapshot.js';
import {
  commonPrefix,
  lex,
  lineStarts,
  pathsOf,
  rescanStatements,
  scanStatements,
  type Statement,
  stringContent,
} from './liquid-document.js';
import { type FileRole, type JsonSchema, rootObjects } from './schema.js';
import type { ScopeCheckpoint } from './scope.js';

/** Options of {@link LanguageContext}. */
export interface LanguageContextOptions {
  /** Seed of the mock store whose values hovers show (default 1, as `theme-kit dev`). */
  readonly seed?: number | undefined;
  /** The mock store's "current date" (default: the system clock's day), as `generateMockData` takes it. */
  readonly clock?: Clock | Date | number | string | undefined;
  /**
   * Directory of the built-in block templates (`<type>.liquid`) that definitions of a block type jump to when
   * the theme has no `blocks/<type>.liquid`; default: the package's own `dist/blocks/` (absent: no jump).
   */
  readonly builtinBlocksDir?: string | undefined;
  /**
   * Called with an error a feature ran into (a bug: the request then answers with nothing instead of
   * failing); the language server logs it.
   */
  readonly onError?: ((error: unknown) => void) | undefined;
}

/** A name used in a Liquid file: a snippet, region, layout, asset or menu, with the offsets of the name. */
export interface NameUse {
  readonly kind: 'snippet' | 'region' | 'layout' | 'asset' | 'menu';
  readonly name: string;
  /** Offsets of the name (inside the quotes). */
  readonly begin: number;
  readonly end: number;
}

/** One Liquid document, read once per text. */
export interface LiquidDoc {
  readonly kind: 'liquid';
  /** Theme-relative POSIX path. */
  readonly rel: string;
  readonly text: string;
  readonly statements: readonly Statement[];
  readonly lines: readonly number[];
  readonly uses: readonly NameUse[];
  readonly role: FileRole;
  /** Where the scope walk may resume (filled by requests; kept across an edit for the statements before it). */
  readonly scopes: ScopeCheckpoint[];
}

/** One config file, parsed once per text (comments and trailing commas tolerated). */
export interface ConfigDoc {
  readonly kind: 'config';
  /** File name (`page.stk.config.json`). */
  readonly fileName: string;
  /** Its path, as the snapshot gives it. */
  readonly file: string;
  readonly text: string;
  readonly tree: JsonNode | undefined;
  readonly lines: readonly number[];
}

export const REGIONS_FILE = 'editable-regions.stk.config.json';
export const MENUS_FILE = 'menus.stk.config.json';
export const PAGE_FILE = 'page.stk.config.json';

/** The role of a Liquid file from its folder. */
function roleOf(rel: string): FileRole {
  const [folder, name] = rel.split('/');
  if (folder === 'blocks' && name !== undefined && name.endsWith(LIQUID_EXTENSION))
    return { folder: 'blocks', type: name.slice(0, -LIQUID_EXTENSION.length) };
  if (folder === 'templates' || folder === 'snippets' || folder === 'layout') return { folder };
  return { folder: 'other' };
}

/** The names a document's statements use. */
const NAMING_TAGS = new Set(['render', 'include', 'editable_region', 'layout']);

function usesOf(text: string, statements: readonly Statement[]): NameUse[] {
  const uses: NameUse[] = [];
  for (const statement of statements) {
    if (statement.name === 'liquid' || statement.name === '#' || statement.name === 'raw') continue;
    if (!NAMING_TAGS.has(statement.name)) {
      // only a statement that names an asset or a menu is read further
      const args = text.slice(statement.argsBegin, statement.argsEnd);
      if (!args.includes('asset_url') && !args.includes('menus')) continue;
    }
    const lexemes = lex(text, statement.argsBegin, statement.argsEnd);
    const first = lexemes[0];
    const kind =
      statement.name === 'render' || statement.name === 'include'
        ? 'snippet'
        : statement.name === 'editable_region'
          ? 'region'
          : statement.name === 'layout'
            ? 'layout'
            : undefined;
    if (kind && first?.type === 'string' && first.closed) {
      const content = stringContent(first);
      uses.push({ kind, name: content.value, begin: content.begin, end: content.end });
    }
    lexemes.forEach((lexeme, i) => {
      if (
        lexeme.type === 'string' &&
        lexeme.closed &&
        lexemes[i + 1]?.text === '|' &&
        lexemes[i + 2]?.text === 'asset_url'
      ) {
        const content = stringContent(lexeme);
        uses.push({ kind: 'asset', name: content.value, begin: content.begin, end: content.end });
      }
    });
    for (const expr of pathsOf(lexemes)) {
      const step = expr.steps[1];
      if (expr.steps[0]!.name !== 'menus' || !step || step.kind === 'dynamic') continue;
      if (step.kind === 'key' && step.lexeme?.type === 'string') {
        if (!step.lexeme.closed) continue;
        const content = stringContent(step.lexeme);
        uses.push({ kind: 'menu', name: content.value, begin: content.begin, end: content.end });
      } else if (step.kind === 'name') uses.push({ kind: 'menu', name: step.name, begin: step.begin, end: step.end });
    }
  }
  return uses;
}

/** The uses of a rescanned document: the previous ones of the statements kept, the new statements' read. */
function reuseUses(previous: LiquidDoc, text: string, statements: readonly Statement[], kept: number): NameUse[] {
  const boundary = kept > 0 ? statements[kept - 1]!.end : 0;
  return [...previous.uses.filter((use) => use.end <= boundary), ...usesOf(text, statements.slice(kept))];
}

/** Offset -> LSP position in a document with these line starts. */
export function positionAt(lines: readonly number[], offset: number): Position {
  let lo = 0;
  let hi = lines.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lines[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo, character: offset - lines[lo]! };
}

/** LSP position -> offset (clamped to the document). */
export function offsetAt(lines: readonly number[], textLength: number, position: Position): number {
  if (position.line < 0) return 0;
  if (position.line >= lines.length) return textLength;
  const start = lines[position.line]!;
  const next = position.line + 1 < lines.length ? lines[position.line + 1]! : textLength;
  return Math.min(start + Math.max(0, position.character), next, textLength);
}

/** The range of offsets `begin..end` in a document. */
export const rangeOf = (lines: readonly number[], begin: number, end: number): Range => ({
  start: positionAt(lines, begin),
  end: positionAt(lines, end),
});

/** The store's data for hover values: built once per version of the config texts. */
interface HoverData {
  readonly key: string;
  readonly data: ThemeData | undefined;
}

/** A theme-wide index of the names the Liquid files use, rebuilt lazily from the per-file uses. */
export interface ThemeIndex {
  /** Every use, with its document. */
  readonly uses: ReadonlyArray<{ readonly doc: LiquidDoc; readonly use: NameUse }>;
}

/** One theme for the editor features; see `src/language/index.ts` for its caching. */
export class LanguageContext {
  #snapshot: ThemeSnapshot;
  readonly options: LanguageContextOptions;
  readonly #liquid = new Map<string, LiquidDoc>();
  readonly #configs = new Map<string, ConfigDoc>();
  #index: ThemeIndex | undefined;
  #hoverData: HoverData | undefined;
  readonly #values = new Map<string, ThemeContext>();
  readonly #params = new Map<string, { readonly text: string; readonly params: readonly string[] }>();
  #builtinBlocksDir: string | null | undefined;
  readonly #uris = new Map<string, string>();

  constructor(snapshot: ThemeSnapshot, options: LanguageContextOptions = {}) {
    this.#snapshot = snapshot;
    this.options = options;
  }

  /** The snapshot the answers are about. */
  get snapshot(): ThemeSnapshot {
    return this.#snapshot;
  }

  /**
   * Moves the context to a new snapshot of the same theme (see `src/language/index.ts`): unchanged documents
   * keep their read, a changed one is read again from its first changed character on, the theme-wide index
   * is gathered again when next needed, the mock store is rebuilt only when a config text changed.
   */
  update(snapshot: ThemeSnapshot): void {
    if (snapshot.root !== this.#snapshot.root) this.#uris.clear();
    this.#snapshot = snapshot;
    this.#index = undefined;
    // a changed document's previous scan stays: its next scan starts where the text changed
    for (const rel of this.#liquid.keys()) if (!snapshot.files.has(rel)) this.#liquid.delete(rel);
    for (const [name, doc] of this.#configs)
      if (snapshot.configTexts.get(name)?.text !== doc.text) this.#configs.delete(name);
  }

  /** Absolute path of a theme-relative file. */
  absolute(rel: string): string {
    return path.resolve(this.#snapshot.root, ...rel.split('/'));
  }

  /** `file://` URL of a theme-relative file. */
  uri(rel: string): string {
    let uri = this.#uris.get(rel);
    if (uri === undefined) {
      uri = pathToFileURL(this.absolute(rel)).href;
      this.#uris.set(rel, uri);
    }
    return uri;
  }

  /** `file://` URL of a config file. */
  configUri(fileName: string): string {
    const entry = this.#snapshot.configTexts.get(fileName);
    return pathToFileURL(path.resolve(entry?.file ?? path.join(this.#snapshot.configDir, fileName))).href;
  }

  /** The Liquid document at theme-relative `rel`, read once per text. */
  liquid(rel: string): LiquidDoc | undefined {
    const text = this.#snapshot.files.get(rel);
    if (text === undefined) return undefined;
    const cached = this.#liquid.get(rel);
    if (cached && cached.text === text) return cached;
    const statements = cached ? rescanStatements(cached.text, cached.statements, text) : scanStatements(text);
    let kept = 0;
    if (cached) while (kept < statements.length && statements[kept] === cached.statements[kept]) kept++;
    const doc: LiquidDoc = {
      kind: 'liquid',
      rel,
      text,
      statements,
      lines: cached ? lineStarts(text, cached.lines, commonPrefix(cached.text, text)) : lineStarts(text),
      uses: cached ? reuseUses(cached, text, statements, kept) : usesOf(text, statements),
      role: roleOf(rel),
      scopes: cached ? cached.scopes.filter((checkpoint) => checkpoint.index <= kept) : [],
    };
    this.#liquid.set(rel, doc);
    return doc;
  }

  /** A config file by name, parsed once per text. */
  config(fileName: string): ConfigDoc | undefined {
    const entry = this.#snapshot.configTexts.get(fileName);
    if (!entry) return undefined;
    const cached = this.#configs.get(fileName);
    if (cached && cached.text === entry.text) return cached;
    let tree: JsonNode | undefined;
    try {
      tree = parseTree(entry.text, [], { allowTrailingComma: true, disallowComments: false });
    } catch {
      tree = undefined;
    }
    const doc: ConfigDoc = {
      kind: 'config',
      fileName,
      file: entry.file,
      text: entry.text,
      tree,
      lines: lineStarts(entry.text),
    };
    this.#configs.set(fileName, doc);
    return doc;
  }

  /** The document an absolute path names: a Liquid file of the theme or one of its config files. */
  document(file: string): LiquidDoc | ConfigDoc | undefined {
    const absolute = path.resolve(file);
    const rel = path.relative(path.resolve(this.#snapshot.root), absolute).split(path.sep).join('/');
    if (!rel.startsWith('..') && !path.isAbsolute(rel) && this.#snapshot.files.has(rel)) return this.liquid(rel);
    const fileName = path.basename(absolute);
    const entry = this.#snapshot.configTexts.get(fileName);
    if (
      entry &&
      (path.resolve(entry.file) === absolute || path.resolve(this.#snapshot.configDir, fileName) === absolute)
    )
      return this.config(fileName);
    return undefined;
  }

  /** Every Liquid document of the theme, in path order. */
  liquidDocs(): LiquidDoc[] {
    return [...this.#snapshot.files.keys()]
      .sort()
      .map((rel) => this.liquid(rel))
      .filter((doc): doc is LiquidDoc => doc !== undefined);
  }

  /** The theme-wide index (every file's uses), rebuilt after an update only when a request needs it. */
  index(): ThemeIndex {
    if (!this.#index) {
      const uses: Array<{ doc: LiquidDoc; use: NameUse }> = [];
      for (const doc of this.liquidDocs()) for (const use of doc.uses) uses.push({ doc, use });
      this.#index = { uses };
    }
    return this.#index;
  }

  /** Names of the files of a Liquid folder (`snippets` -> `['card', ...]`), sorted. */
  names(folder: 'templates' | 'snippets' | 'layout' | 'blocks'): string[] {
    const prefix = `${folder}/`;
    const out: string[] = [];
    for (const rel of this.#snapshot.files.keys())
      if (rel.startsWith(prefix) && rel.endsWith(LIQUID_EXTENSION) && !rel.slice(prefix.length).includes('/'))
        out.push(rel.slice(prefix.length, -LIQUID_EXTENSION.length));
    return out.sort();
  }

  /**
   * The parameters of a snippet: the variables it reads that it does not define and that are not the
   * contract's objects (`{% render 'card', product: p, compact: true %}`), in order of first use.
   */
  snippetParams(name: string): readonly string[] {
    const rel = `snippets/${name}${LIQUID_EXTENSION}`;
    const doc = this.liquid(rel);
    if (!doc) return [];
    const cached = this.#params.get(rel);
    if (cached && cached.text === doc.text) return cached.params;
    const roots = rootObjects(doc.role);
    const defined = new Set<string>(['forloop', 'tablerowloop']);
    const used: string[] = [];
    for (const statement of doc.statements) {
      if (statement.name === 'liquid' || statement.name === '#' || statement.name === 'raw') continue;
      const lexemes = lex(doc.text, statement.argsBegin, statement.argsEnd);
      let from = 0;
      if (['assign', 'capture', 'for', 'tablerow', 'increment', 'decrement'].includes(statement.name)) {
        const variable = lexemes[0];
        if (variable?.type === 'ident') defined.add(variable.text);
        from = 1;
      }
      if (statement.name === 'render' || statement.name === 'include' || statement.name === 'layout')
        from = lexemes.length;
      for (const expr of pathsOf(lexemes.slice(from))) {
        const root = expr.steps[0]!.name;
        if (!defined.has(root) && !roots.has(root) && !used.includes(root)) used.push(root);
      }
    }
    const params = used.filter((name) => !defined.has(name));
    this.#params.set(rel, { text: doc.text, params });
    return params;
  }

  /** The mock store's data (built once per version of the config texts), or undefined when the config cannot make one. */
  themeData(): ThemeData | undefined {
    const texts = THEME_FILES.map(({ fileName }) => this.#snapshot.configTexts.get(fileName)?.text ?? '\u0000');
    const key = texts.join('\u0001');
    if (this.#hoverData?.key === key) return this.#hoverData.data;
    let data: ThemeData | undefined;
    try {
      const config: Record<string, unknown> = {};
      for (const info of THEME_FILES) {
        const text = this.#snapshot.configTexts.get(info.fileName)?.text;
        if (text === undefined) continue;
        const value: unknown = parseJsonc(text, [], { allowTrailingComma: true });
        if (value !== undefined) config[info.key] = value;
      }
      const mock = generateMockData(config, {
        seed: this.options.seed ?? 1,
        ...(this.options.clock === undefined ? {} : { clock: this.options.clock }),
      });
      const regions = this.#snapshot.configTexts.get(REGIONS_FILE);
      data = createThemeData(mock, regions ? { editableRegionsFile: regions } : {});
    } catch {
      data = undefined;
    }
    this.#hoverData = { key, data };
    this.#values.clear();
    return data;
  }

  /** The objects a Liquid file sees in the mock store (the first article, category and product as `article`, ...). */
  values(doc: LiquidDoc): Record<string, unknown> | undefined {
    const data = this.themeData();
    if (!data) return undefined;
    const template =
      doc.role.folder === 'templates' ? doc.rel.slice('templates/'.length, -LIQUID_EXTENSION.length) : 'index';
    const key = `${template}\u0000${doc.role.folder === 'blocks' ? doc.role.type : ''}`;
    let context = this.#values.get(key);
    if (!context) {
      const article = data.articles.values().next().value;
      const category = data.categories.values().next().value;
      const product = data.products.values().next().value;
      context = contextFor(data, {
        route: doc.role.folder === 'templates' ? routeOf(template) : 'page',
        template,
        path: '/',
        page: 1,
        ...(article ? { article } : {}),
        ...(category ? { category } : {}),
        ...(product ? { product } : {}),
      });
      if (doc.role.folder === 'blocks') {
        const type = doc.role.type;
        const find = (
          blocks: readonly { type: string; columns: readonly { blocks: readonly unknown[] }[] }[],
        ): unknown => {
          for (const block of blocks) {
            if (block.type === type) return block;
            for (const column of block.columns) {
              const found = find(column.blocks as typeof blocks);
              if (found) return found;
            }
          }
          return undefined;
        };
        for (const region of data.regions.values()) {
          const block = find(region.blocks);
          if (block) {
            context = { ...context, block } as ThemeContext;
            break;
          }
        }
      }
      this.#values.set(key, context);
    }
    return context as unknown as Record<string, unknown>;
  }

  /** The contract objects a document sees. */
  roots(doc: LiquidDoc): ReadonlyMap<string, JsonSchema> {
    return rootObjects(doc.role);
  }

  /** Path of the built-in template of a block type, when the package ships it. */
  builtinBlock(type: string): string | undefined {
    if (this.#builtinBlocksDir === undefined)
      this.#builtinBlocksDir = this.options.builtinBlocksDir ?? findBuiltinBlocksDir();
    if (this.#builtinBlocksDir === null) return undefined;
    const file = path.join(this.#builtinBlocksDir, `${type}${LIQUID_EXTENSION}`);
    return existsSync(file) ? file : undefined;
  }
}

/** The route a template is rendered for (a page's own template is a `page`). */
function routeOf(template: string): RouteKind {
  return template === 'blog' || template === 'article' || template === 'category' || template === 'product'
    ? template
    : 'page';
}

/** `dist/blocks/` next to the built module (or `src/blocks/` when running from source), or null. */
function findBuiltinBlocksDir(): string | null {
  const candidates: string[] = [];
  try {
    const here = path.dirname(fileURLToPath(import.meta.url));
    candidates.push(path.join(here, 'blocks'), path.join(here, '..', 'blocks'));
  } catch {
    // the CommonJS build has no import.meta.url
  }
  if (typeof __dirname === 'string')
    candidates.push(path.join(__dirname, 'blocks'), path.join(__dirname, '..', 'blocks'));
  return candidates.find((dir) => existsSync(path.join(dir, 'text.liquid'))) ?? null;
}
