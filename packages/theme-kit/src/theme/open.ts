/**
 * A theme on disk, opened: its Liquid files, its config files loaded and turned into the mock store, and
 * the renderer. `reload()` after a change re-reads what changed; `render(url)` renders a page.
 */
import path from 'node:path';
import { isClock, systemClock, type Clock } from '@commerce-kit/internal/clock';
import { EStoreLanguage, loadConfigDir, ThemeConfigError, type ThemeConfig } from '@commerce-kit/theme-config';
import { buildThemeData, type ThemeData } from '../context/build.js';
import { catalogueKey, configWithCatalogue, type StoreCatalogue } from '../context/catalogue.js';
import type { ThemeDiagnostic } from '../diagnostics.js';
import { ThemeKitConfigurationError, ThemeRenderError } from '../errors.js';
import { DISPLAY_CURRENCY } from '../render/filters.js';
import { ThemeRenderer, type RenderedPage } from '../render/renderer.js';
import { allRoutes } from '../render/routes.js';
import { BUILTIN_PREFIX } from '../render/theme-fs.js';
import type { ThemeFiles } from './files.js';
import type { MockTextLocale } from './mock-locale.js';
import { LIQUID_FOLDERS } from './files.js';
import {
  configLinksOut,
  isLiquidFileName,
  readConfigTexts,
  readLiquidFile,
  readThemeDir,
  type ConfigText,
  type LiquidFileRead,
} from './read.js';

/** Options of {@link openTheme}. */
export interface ThemeOptions {
  /** The theme directory (default: the current directory). */
  readonly theme?: string | undefined;
  /** Directory of the seven `*.stk.config.json` files (default: the theme directory). */
  readonly configDir?: string | undefined;
  /** Seed of the generated parts of the mock store (default 1): another seed, other products and articles. */
  readonly seed?: number | undefined;
  /** Store language to render with, instead of the one `store.stk.config.json` sets (`de-DE`, ...). */
  readonly language?: EStoreLanguage | undefined;
  /** Currency `money` formats with (an ISO 4217 code, `EUR`), instead of the store's `currencyCode`. */
  readonly currency?: string | undefined;
  /**
   * The mock store's "current date" (default publication date of articles): a `Clock` (default: the
   * system clock; the start of its current day is used) or a fixed date.
   */
  readonly clock?: Clock | Date | number | string | undefined;
  /** Config warnings count as errors (as `theme-config validate --strict`). */
  readonly strict?: boolean | undefined;
  /**
   * The store's products, categories and blog articles from a source of your own (a database, an API)
   * instead of the mock generator; the store, page, menus, regions and paginator still come from the config
   * files, and blocks that show a product or category pick from this catalogue. Called when the theme is
   * loaded, when its config files are reloaded, and on the dev server's `refresh()`.
   */
  readonly catalogue?: (() => StoreCatalogue | Promise<StoreCatalogue>) | undefined;
}

/** What {@link Theme.reload} reads again. */
export type ReloadScope = 'all' | 'files' | 'config';

/**
 * What an opened theme did since it was last asked (for the dev server's account of a change): the Liquid
 * files read from disk and the files parsed (theme-relative; built-ins by their `@commerce-kit/theme-kit/`
 * path), whether the config files were loaded and validated, whether the mock store was generated.
 */
export type ThemeWork = {
  readonly read: readonly string[];
  readonly parsed: readonly string[];
  readonly config: boolean;
  readonly mock: boolean;
};

/** An opened theme. */
export interface Theme {
  /** The theme directory, as given (resolved against the current directory). */
  readonly dir: string;
  /** The config directory. */
  readonly configDir: string;
  /** Liquid sources by theme-relative path. */
  readonly files: ThemeFiles;
  /** Asset paths under `assets/`. */
  readonly assets: readonly string[];
  /** Problems of the last load: the config files' diagnostics and unreadable files. */
  readonly diagnostics: readonly ThemeDiagnostic[];
  /** The store the pages render, when the config is valid. */
  readonly data: ThemeData | undefined;
  /** The renderer (its engine serves `theme-kit check`'s analysis). */
  readonly renderer: ThemeRenderer;
  /**
   * Which locale the mock store's generated text follows (`locale`) for the store's language, and which parts
   * of it are English because that locale has no words for them (`english`); undefined without a mock store.
   */
  readonly mockLocale: MockTextLocale | undefined;
  /** Reads the theme again: everything, only the Liquid files, or only the config files. */
  reload(scope?: ReloadScope): Promise<void>;
  /**
   * Renders the page at `url` (`/`, `/blog`, `/blog/<handle>`, `/categories/<handle>`, `/products/<handle>`, `?page=N`).
   * @throws {ThemeRenderError} when the config is invalid or a template fails
   */
  render(url: string): Promise<RenderedPage>;
  /** Every page of the store (for static export). */
  routes(): string[];
  /** The text of a config file as the last load read it (for showing the lines a diagnostic points at). */
  configText(file: string): string | undefined;
}

const LANGUAGES: readonly string[] = Object.values(EStoreLanguage);
const EDITABLE_REGIONS_FILE = 'editable-regions.stk.config.json';

function checkOptions(options: ThemeOptions): void {
  if (options.seed !== undefined && !Number.isSafeInteger(options.seed)) {
    throw new ThemeKitConfigurationError(`\`seed\` must be an integer, got ${String(options.seed)}`);
  }
  if (options.language !== undefined && !LANGUAGES.includes(options.language)) {
    throw new ThemeKitConfigurationError(
      `\`language\` must be one of ${LANGUAGES.join(', ')}, got ${JSON.stringify(options.language)}`,
    );
  }
  if (options.catalogue !== undefined && typeof options.catalogue !== 'function') {
    throw new ThemeKitConfigurationError(
      "`catalogue` must be a function that returns the store's products, categories and articles",
    );
  }
  const clock: unknown = options.clock;
  if (
    clock !== undefined &&
    !isClock(clock) &&
    !(clock instanceof Date) &&
    typeof clock !== 'number' &&
    typeof clock !== 'string'
  ) {
    throw new ThemeKitConfigurationError('`clock` must be a Clock (now() and sleep()) or a date');
  }
}

class OpenedTheme implements Theme {
  readonly dir: string;
  readonly configDir: string;
  readonly renderer: ThemeRenderer;
  files: ThemeFiles = new Map();
  assets: readonly string[] = [];
  data: ThemeData | undefined;
  mockLocale: MockTextLocale | undefined;
  #fileDiagnostics: readonly ThemeDiagnostic[] = [];
  #configDiagnostics: readonly ThemeDiagnostic[] = [];
  /** The part of {@link #configDiagnostics} the mock generator added (replaced when the catalogue changes). */
  #mockDiagnostics: readonly ThemeDiagnostic[] = [];
  #configTexts = new Map<string, ConfigText>();
  /** The config as last loaded, when valid (the catalogue is rebuilt on it). */
  #config: ThemeConfig | undefined;
  /** {@link catalogueKey} of the catalogue the data was built from. */
  #catalogueKey: string | undefined;
  /** What the mock store was last generated from (config, editable regions, catalogue, day): the same inputs, the same store. */
  #mockInputs: string | undefined;
  readonly #options: ThemeOptions;
  #work: { read: string[]; parsed: string[]; config: boolean; mock: boolean } = {
    read: [],
    parsed: [],
    config: false,
    mock: false,
  };

  constructor(options: ThemeOptions) {
    this.#options = options;
    this.dir = options.theme ?? '.';
    this.configDir = options.configDir ?? this.dir;
    this.renderer = new ThemeRenderer({ files: this.files, onParse: (file) => this.#work.parsed.push(file) });
  }

  /** What the theme did since the last call (or since it was opened). */
  takeWork(): ThemeWork {
    const work = this.#work;
    this.#work = { read: [], parsed: [], config: false, mock: false };
    return work;
  }

  get diagnostics(): readonly ThemeDiagnostic[] {
    // A missing theme directory is one problem, not also a missing config directory when they are the same.
    const missingTheme =
      this.#fileDiagnostics.some((d) => d.code === 'theme-dir-not-found') &&
      path.resolve(this.configDir) === path.resolve(this.dir);
    const config = missingTheme
      ? this.#configDiagnostics.filter((d) => d.code !== 'config-dir-not-found')
      : this.#configDiagnostics;
    return [...config, ...this.#fileDiagnostics];
  }

  async reload(scope: ReloadScope = 'all'): Promise<void> {
    if (scope !== 'config') await this.#readFiles();
    if (scope !== 'files') await this.#loadConfig();
  }

  /**
   * After a change to the Liquid files at `changed` (theme-relative POSIX paths): reads those files again,
   * and nothing else (the other files keep their source and their parse). A path that is not one Liquid file
   * of a theme folder (a folder created or removed, the theme directory) reads the whole theme again; a name
   * the theme does not read (an editor's `.swp` or `~` file) is passed over.
   * @param read reads one file (default {@link readLiquidFile}; the dev server passes one that reads each
   *   file once for the theme and all its views)
   * @returns whether anything was read (false: the theme is as it was)
   */
  async reloadFiles(
    changed: readonly string[],
    read: (dir: string, folder: string, name: string) => Promise<LiquidFileRead> = readLiquidFile,
  ): Promise<boolean> {
    const reads: [string, string, string][] = [];
    for (const relative of new Set(changed)) {
      const [folder, name, ...rest] = relative.split('/');
      if (folder === undefined || !(LIQUID_FOLDERS as readonly string[]).includes(folder)) continue;
      if (name === undefined || name === '' || rest.length > 0) return this.#readAll();
      if (isLiquidFileName(name)) reads.push([relative, folder, name]);
    }
    if (reads.length === 0) return false;
    const files = new Map(this.files);
    let diagnostics = this.#fileDiagnostics;
    for (const [relative, folder, name] of reads) {
      const absolute = path.join(this.dir, folder, name);
      diagnostics = diagnostics.filter((d) => d.file !== absolute);
      const result = await read(this.dir, folder, name);
      this.#work.read.push(relative);
      if ('absent' in result && result.absent === 'folder') return this.#readAll();
      if ('text' in result) files.set(relative, result.text);
      else files.delete(relative);
      if ('diagnostic' in result) diagnostics = [...diagnostics, result.diagnostic];
    }
    this.files = files;
    this.#fileDiagnostics = diagnostics;
    this.renderer.update(files);
    return true;
  }

  async #readAll(): Promise<true> {
    await this.#readFiles();
    return true;
  }

  async #readFiles(): Promise<void> {
    const contents = await readThemeDir(this.dir);
    this.files = contents.files;
    this.assets = contents.assets;
    this.#fileDiagnostics = contents.diagnostics;
    this.#work.read.push(...contents.files.keys());
    this.renderer.update(this.files);
  }

  async #loadConfig(): Promise<void> {
    const linksOut = await configLinksOut(this.configDir);
    if (linksOut.length > 0) {
      this.#configTexts = new Map();
      this.#configDiagnostics = linksOut;
      this.#config = undefined;
      this.data = undefined;
      this.mockLocale = undefined;
      return;
    }
    this.#work.config = true;
    const loaded = await loadConfigDir(this.configDir, { strict: this.#options.strict });
    this.#configTexts = await readConfigTexts(this.configDir);
    this.#configDiagnostics = loaded.diagnostics;
    if (!loaded.valid) {
      this.#config = undefined;
      this.data = undefined;
      this.mockLocale = undefined;
      return;
    }
    const { language, currency } = this.#options;
    // Without store.stk.config.json the store is generated; the generator completes a partial store
    // (here: only the language or currency), as it does for any required field a config lacks.
    this.#config =
      language === undefined && currency === undefined
        ? loaded.config
        : {
            ...loaded.config,
            store: {
              ...loaded.config.store,
              ...(language === undefined ? {} : { language }),
              ...(currency === undefined ? {} : { currencyCode: currency }),
            } as NonNullable<ThemeConfig['store']>,
          };
    await this.#build(this.#options.catalogue === undefined ? undefined : await this.#options.catalogue());
  }

  /**
   * Reads the `catalogue` option again and rebuilds the store from it; false (and nothing rebuilt) when it
   * is the same as before or the config is invalid.
   */
  async reloadCatalogue(): Promise<boolean> {
    if (this.#options.catalogue === undefined || this.#config === undefined) return false;
    const catalogue = await this.#options.catalogue();
    if (catalogueKey(catalogue) === this.#catalogueKey) return false;
    await this.#build(catalogue);
    return true;
  }

  /** The store from the loaded config (and the catalogue, when the theme has one). */
  async #build(catalogue: StoreCatalogue | undefined): Promise<void> {
    const regionsFile = this.#configTexts.get(EDITABLE_REGIONS_FILE);
    const inputs = JSON.stringify([
      this.#config,
      regionsFile?.text,
      catalogue === undefined ? undefined : catalogueKey(catalogue),
      this.#day(),
    ]);
    // The same config (a config file saved unchanged, or changed only in its layout): the same store.
    if (inputs === this.#mockInputs && this.data !== undefined) {
      const mock = this.#mockDiagnostics;
      this.#configDiagnostics = [...this.#configDiagnostics.filter((d) => !mock.includes(d)), ...mock];
      return;
    }
    this.#mockInputs = undefined;
    this.#work.mock = true;
    // Loaded when a store is built, not at import: the fake-data generator and its locales are the heaviest
    // part of the kit, and `check` or `--version` never need them.
    const { generateMockData, MockConfigError } = await import('@commerce-kit/theme-config/mock');
    const config = catalogue === undefined ? this.#config! : configWithCatalogue(this.#config!, catalogue);
    this.#catalogueKey = catalogue === undefined ? undefined : catalogueKey(catalogue);
    this.#configDiagnostics = this.#configDiagnostics.filter((d) => !this.#mockDiagnostics.includes(d));
    this.#mockDiagnostics = [];
    try {
      const mock = generateMockData(config, { seed: this.#options.seed ?? 1, clock: this.#options.clock });
      this.mockLocale = mock.mockLocale;
      this.data = buildThemeData(mock, {
        ...(regionsFile === undefined ? {} : { editableRegionsFile: regionsFile }),
        catalogue,
      });
      const { currency } = this.#options;
      // A currency asked for shows every price in it, whatever currency a product names (not enumerable:
      // templates and ?debug=context do not see it).
      if (currency !== undefined)
        Object.defineProperty(this.data.objects.store, DISPLAY_CURRENCY, { value: currency, enumerable: false });
      this.#mockInputs = inputs;
    } catch (error) {
      this.data = undefined;
      this.mockLocale = undefined;
      if (error instanceof MockConfigError) {
        this.#mockDiagnostics = error.diagnostics;
        this.#configDiagnostics = [...this.#configDiagnostics, ...error.diagnostics];
        return;
      }
      if (error instanceof ThemeConfigError) throw new ThemeKitConfigurationError(error.message, { cause: error });
      throw error;
    }
  }

  /** The day the mock store's dates start from, when it follows a clock (a new day, a new store). */
  #day(): number | undefined {
    const clock = this.#options.clock ?? systemClock;
    return isClock(clock) ? Math.floor(clock.now() / 86_400_000) : undefined;
  }

  async render(url: string): Promise<RenderedPage> {
    const errors = this.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length > 0 || !this.data) throw new ThemeRenderError(errors);
    try {
      return await this.renderer.render(url, this.data);
    } catch (error) {
      if (error instanceof ThemeRenderError) throw new ThemeRenderError(error.diagnostics.map((d) => this.#inTheme(d)));
      throw error;
    }
  }

  /** A renderer diagnostic's template path (theme-relative) as a path under the theme directory; config files (a pointer) and built-ins stay. */
  #inTheme(d: ThemeDiagnostic): ThemeDiagnostic {
    if (d.file === undefined || d.pointer !== '' || d.file.startsWith(BUILTIN_PREFIX)) return d;
    return { ...d, file: path.join(this.dir, d.file) };
  }

  routes(): string[] {
    return this.data ? allRoutes(this.data) : [];
  }

  configText(file: string): string | undefined {
    return [...this.#configTexts.values()].find((entry) => entry.file === file)?.text;
  }
}

/**
 * Opens a theme: reads its Liquid files and config files and builds the mock store.
 * @throws {ThemeKitConfigurationError} for a bad option (a `seed` that is not an integer, an unknown `language`)
 * @example
 * ```ts
 * const theme = await openTheme({ theme: './my-theme' });
 * const page = await theme.render('/');
 * ```
 */
export async function openTheme(options: ThemeOptions = {}): Promise<Theme> {
  return openThemeWithCatalogue(options);
}

/** {@link openTheme}, answering with the theme's {@link OpenedTheme.reloadCatalogue} too (for the dev server). */
export async function openThemeWithCatalogue(
  options: ThemeOptions,
): Promise<Theme & Pick<OpenedTheme, 'reloadCatalogue' | 'reloadFiles' | 'takeWork'>> {
  checkOptions(options);
  const theme = new OpenedTheme(options);
  await theme.reload();
  return theme;
}
