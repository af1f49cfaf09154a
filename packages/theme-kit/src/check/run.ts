/**
 * The checks of a theme in memory: `theme-kit check` reads the theme into a {@link ThemeSnapshot} and runs
 * them here; the language server runs them on its buffers. Synchronous, no disk access: the config files'
 * validation (theme-config's, from their texts, told which menus the templates use), then every check of
 * `ALL_CHECKS` over one parse per Liquid source.
 */
import { THEME_FILES, validateConfigText } from '@commerce-kit/theme-config';
import type { ThemeDiagnostic } from '../diagnostics.js';
import { ThemeRenderer } from '../render/renderer.js';
import type { ThemeFiles } from '../theme/files.js';
import type { ConfigText } from '../theme/read.js';
import type { ThemeSnapshot } from '../workspace/snapshot.js';
import { ALL_CHECKS } from './checks/index.js';
import { DEFAULT_MENUS } from './checks/unknown-menu.js';
import type { CheckContext } from './context.js';
import { type ContextCache, createContext } from './create-context.js';
import type { ParsedLiquid } from './parse.js';
import { Positions } from './positions.js';

/** Options of {@link checkSnapshot}. */
export interface CheckSnapshotOptions {
  /** Warnings count as errors. */
  readonly strict?: boolean | undefined;
  /**
   * Parses kept from earlier runs on the same theme: a file is parsed again only when its text changed
   * (the language server keeps one per theme). Without it, every file is parsed.
   */
  readonly cache?: ParseCache | undefined;
  /**
   * @internal Only the checks with these codes, and not the config files' validation (the language
   * server's first diagnostics of the documents just opened, see `src/language-server/first-check.ts`).
   */
  readonly only?: ReadonlySet<string> | undefined;
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
 * One parse per Liquid source, kept across runs of {@link checkSnapshot} on one theme (keyed by path and
 * content): a source is parsed again only when its text changed, and a page's object analysis only when
 * it or a snippet changed.
 */
export class ParseCache {
  #renderer: ThemeRenderer | undefined;
  readonly #cache: ContextCache;
  /** Each config file's own diagnostics, by file name, with the text and menu names they are for. */
  readonly #config = new Map<string, { text: string; menus: string; diagnostics: readonly ThemeDiagnostic[] }>();
  #snippets: ThemeFiles = new Map();
  #version = 0;

  constructor() {
    this.#cache = {
      parses: new Map<string, ParsedLiquid>(),
      fragments: new Map(),
      analyses: new Map(),
      snippetsVersion: (files) => this.#snippetsVersion(files),
    };
  }

  /** @internal The renderer (the engine and its snippet parses) over `files`. */
  renderer(files: ThemeFiles): ThemeRenderer {
    if (this.#renderer === undefined) this.#renderer = new ThemeRenderer({ files });
    else this.#renderer.update(files);
    return this.#renderer;
  }

  /** @internal What the checks' context keeps across runs. */
  get context(): ContextCache {
    return this.#cache;
  }

  /** @internal theme-config's diagnostics of one config text (validated again only when it or the menus changed). */
  configDiagnostics(name: string, text: string, menus: readonly string[], validate: () => readonly ThemeDiagnostic[]) {
    const key = menus.join('\n');
    const cached = this.#config.get(name);
    if (cached?.text === text && cached.menus === key) return cached.diagnostics;
    const diagnostics = validate();
    this.#config.set(name, { text, menus: key, diagnostics });
    return diagnostics;
  }

  #snippetsVersion(files: ThemeFiles): number {
    const snippets = new Map([...files].filter(([file]) => file.startsWith('snippets/')));
    const same =
      snippets.size === this.#snippets.size && [...snippets].every(([file, text]) => this.#snippets.get(file) === text);
    if (!same) {
      this.#snippets = snippets;
      this.#version += 1;
    }
    return this.#version;
  }
}

/** Config diagnostics found while reading the config directory (see {@link checkThemeSnapshot}). */
export interface ConfigDirProblems {
  /** Diagnostics about the directory and its files as files (unknown names, unreadable, not UTF-8, ...). */
  readonly diagnostics: readonly ThemeDiagnostic[];
  /** Paths of config files already reported as not readable as text: their texts are not validated. */
  readonly skip: ReadonlySet<string>;
}

/** Every config file's own diagnostics (theme-config's validation of its text). */
function validateConfigTexts(
  texts: ReadonlyMap<string, ConfigText>,
  configDir: string,
  problems: ConfigDirProblems | undefined,
  menuNames: ReadonlySet<string>,
  cache: ParseCache,
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
    const menus = info.kind === 'menus' ? [...menuNames].sort() : [];
    const diagnostics = cache.configDiagnostics(`${info.fileName}\n${text.file}`, text.text, menus, () =>
      validateConfigText(
        info.kind,
        text.text,
        info.kind === 'menus' ? { file: text.file, menuNames } : { file: text.file },
      ).diagnostics.map((d) => (d.line === undefined ? { ...d, line: 1, column: 1 } : d)),
    );
    out.push(...diagnostics);
  }
  return out;
}

/** The menu names the templates make real: every one they use (all configured ones when they choose at run time). */
function templateMenuNames(context: CheckContext): Set<string> {
  const menus = context.menus();
  const names = new Set<string>([...DEFAULT_MENUS, ...menus.used.keys()]);
  if (menus.dynamic || context.incomplete) for (const m of context.values.menuNames) names.add(m.value);
  return names;
}

/** Code-unit order (deterministic on every machine; a locale's collator is slower to start and to run). */
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Sorts by file, position and pointer; applies `strict`. */
function finish(diagnostics: readonly ThemeDiagnostic[], strict: boolean): ThemeDiagnostic[] {
  const out = diagnostics.map((d) => (strict && d.severity === 'warning' ? { ...d, severity: 'error' as const } : d));
  return out.sort(
    (a, b) =>
      compare(a.file ?? '', b.file ?? '') ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      compare(a.pointer, b.pointer) ||
      compare(a.code, b.code),
  );
}

/**
 * Checks a theme in memory: its config files (as `theme-config validate`) and how its templates meet them.
 * Synchronous and without disk access; pass the same {@link ParseCache} on every run over one theme to
 * parse only what changed.
 * @example
 * ```ts
 * const cache = new ParseCache();
 * const { diagnostics } = checkSnapshot(snapshot, { cache });
 * ```
 */
export function checkSnapshot(snapshot: ThemeSnapshot, options: CheckSnapshotOptions = {}): CheckThemeResult {
  return checkThemeSnapshot(snapshot, options);
}

/**
 * {@link checkSnapshot}, with the problems `checkTheme` found listing the config directory (which a
 * snapshot cannot know: files with unknown names, bytes that are not UTF-8) in place of the snapshot's
 * own guess, and diagnostics of reading the theme (`extra`).
 * @internal
 */
export function checkThemeSnapshot(
  snapshot: ThemeSnapshot,
  options: CheckSnapshotOptions,
  configDir?: ConfigDirProblems,
  extra: readonly ThemeDiagnostic[] = [],
): CheckThemeResult {
  const diagnostics: ThemeDiagnostic[] = [...extra];
  const cache = options.cache ?? new ParseCache();
  const renderer = cache.renderer(snapshot.files);
  const positions = new Positions();
  positions.run(() => {
    const context = createContext(snapshot, renderer, positions, cache.context, (d) => diagnostics.push(d));
    const only = options.only;
    for (const check of ALL_CHECKS) if (only === undefined || only.has(check.code)) check.run(context);
    if (only === undefined)
      diagnostics.push(
        ...validateConfigTexts(snapshot.configTexts, snapshot.configDir, configDir, templateMenuNames(context), cache),
      );
  });
  const finished = finish(diagnostics, options.strict === true);
  return {
    valid: !finished.some((d) => d.severity === 'error'),
    diagnostics: finished,
    files: snapshot.configTexts.size + snapshot.files.size,
  };
}
