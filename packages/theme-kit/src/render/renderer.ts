/**
 * The renderer: (theme files, store data, URL) -> HTML. Pure (no Node built-ins), so the dev server,
 * `theme-kit render` and the sandbox's storefront all render the same way. Each file is parsed once and
 * kept until its source changes; rendering a page is then LiquidJS's cost.
 *
 * Pages render with LiquidJS's synchronous renderer: every source is in memory and every filter and tag of
 * the kit is synchronous, and its asynchronous one resolves a promise per tag and output (on the starter's
 * home page, 4x the time and most of it the garbage collector's).
 */
import { Context, Liquid, type LiquidOptions, type Template } from 'liquidjs';
import type { RegionData, ThemeData } from '../context/build.js';
import type { ThemeDiagnostic } from '../diagnostics.js';
import { ThemeRenderError } from '../errors.js';
import type { RouteKind, ThemeContext } from '../generated/context.js';
import { DEFAULT_LAYOUT, liquidPath, type ThemeFiles } from '../theme/files.js';
import { BUILTIN_BLOCKS } from './builtin-blocks.js';
import { CONTRACT_FILTERS, CONTRACT_TAGS } from './contract.js';
import { escapeHtml } from '@commerce-kit/internal/escape-html';
import { STORE_FILTERS } from './filters.js';
import { diagnosticsOf, type ErrorContext, type RawMarkupSource } from './liquid-errors.js';
import { resolveRoute } from './routes.js';
import { withState, type RenderState } from './state.js';
import { EditableRegionTag, LayoutTag, RenderBlocksTag } from './tags.js';
import { BUILTIN_PREFIX, ThemeFileSystem } from './theme-fs.js';

/** A rendered page. */
export interface RenderedPage {
  /** 200, or 404 when the URL names nothing in the store. */
  readonly status: 200 | 404;
  /** The HTML. */
  readonly html: string;
  /** The route (absent for a 404). */
  readonly route?: RouteKind;
  /** The template rendered (absent for a 404 without `templates/404.liquid`). */
  readonly template?: string;
  /** The objects the template saw (absent for a 404). */
  readonly context?: ThemeContext;
  /** Problems that did not stop the page: `editable_region` tags without a config entry. */
  readonly warnings: readonly ThemeDiagnostic[];
}

/** Options of {@link ThemeRenderer}. */
export interface ThemeRendererOptions {
  /** The theme's Liquid sources by path (`templates/index.liquid`, `snippets/card.liquid`, ...). */
  readonly files: ThemeFiles;
  /**
   * Longest a render may take, in milliseconds (default 10 000): a template that loops without end is
   * a render error, not a hung server.
   */
  readonly renderLimitMs?: number | undefined;
  /**
   * Called with the path of each file (or region `rawMarkup`) parsed: once per source text, since a parse is
   * kept until the file's source changes. For tracing what a change costs.
   */
  readonly onParse?: ((file: string) => void) | undefined;
}

const PARTIAL_KEY = /^partials:(.+)$/;

/** LiquidJS's cache interface (its option type, without the `true` / size shorthands). */
type LiquidCache = Extract<NonNullable<LiquidOptions['cache']>, object>;

/** A minimal not-found page, for themes without `templates/404.liquid`. */
function notFoundPage(path: string, reason: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Not found</title></head><body><h1>Not found</h1><p>${escapeHtml(reason)}</p><p><a href="/">Home</a></p><!-- ${escapeHtml(path)} --></body></html>`;
}

/** Renders pages of a theme. Create one per theme; {@link ThemeRenderer.update} after files change. */
export class ThemeRenderer {
  readonly #fs: ThemeFileSystem;
  readonly #liquid: Liquid;
  readonly #parsed = new Map<string, { readonly source: string; readonly templates: Template[] }>();
  /** Snippets as LiquidJS caches them: the parse, by the source it was parsed from. */
  readonly #snippets = new Map<string, { readonly source: string; readonly templates: Template[] }>();
  readonly #onParse: (file: string) => void;
  readonly #rawMarkup = new Map<string, RawMarkupSource>();
  readonly #errors: ErrorContext;

  constructor(options: ThemeRendererOptions) {
    this.#fs = new ThemeFileSystem(options.files, BUILTIN_BLOCKS);
    const onParse = options.onParse ?? (() => undefined);
    this.#onParse = onParse;
    const snippets = this.#snippets;
    const fs = this.#fs;
    // Snippets reach LiquidJS's own cache by name (`partials:card`); an entry counts only while the file's
    // source is what it was parsed from, so an edited snippet is parsed again and nothing else is. Renders are
    // synchronous, so LiquidJS writes parses, not promises of them; one would not be kept (a synchronous
    // render given a promise from the cache would fail).
    const snippetPath = (name: string): string =>
      fs.source(liquidPath('snippets', name)) !== undefined
        ? liquidPath('snippets', name)
        : `${BUILTIN_PREFIX}snippets/${name}.liquid`;
    const cache: LiquidCache = {
      read(key) {
        const name = PARTIAL_KEY.exec(key)?.[1];
        if (name === undefined) return undefined;
        const path = snippetPath(name);
        const entry = snippets.get(path);
        return entry && entry.source === fs.source(path) ? entry.templates : undefined;
      },
      write(key, value) {
        const name = PARTIAL_KEY.exec(key)?.[1];
        const source = name === undefined ? undefined : fs.source(snippetPath(name));
        if (name === undefined || source === undefined || !Array.isArray(value)) return;
        snippets.set(snippetPath(name), { source, templates: value });
        onParse(snippetPath(name));
      },
      remove(key) {
        const name = PARTIAL_KEY.exec(key)?.[1];
        if (name !== undefined) snippets.delete(snippetPath(name));
      },
    };
    this.#liquid = new Liquid({
      fs: this.#fs,
      root: ['templates'],
      partials: ['snippets', `${BUILTIN_PREFIX}snippets`],
      layouts: ['layout'],
      extname: '.liquid',
      relativeReference: false,
      strictFilters: true,
      strictVariables: false,
      ownPropertyOnly: true,
      timezoneOffset: 0,
      // The system's locale, as when unset, but resolved at the first date format: unset, LiquidJS asks Intl
      // for it here, loading ICU's data (about 40 ms of every `theme-kit check`, which formats no date).
      // `Intl.DateTimeFormat([])` is the default locale, and LiquidJS uses `locale` only there.
      locale: [] as unknown as string,
      cache,
      renderLimit: options.renderLimitMs ?? 10_000,
    });
    for (const [name, filter] of Object.entries(STORE_FILTERS)) this.#liquid.registerFilter(name, filter);
    this.#liquid.registerTag('editable_region', EditableRegionTag);
    this.#liquid.registerTag('render_blocks', RenderBlocksTag);
    this.#liquid.registerTag('layout', LayoutTag);
    const rawMarkup = this.#rawMarkup;
    // Suggestions come from the contract: a LiquidJS-only filter is no better a fix than the typo.
    this.#errors = { filters: CONTRACT_FILTERS, tags: CONTRACT_TAGS, rawMarkup: (file) => rawMarkup.get(file) };
  }

  /** The LiquidJS engine (filters, tags and file system of the theme kit), for analysis by `check`. */
  get liquid(): Liquid {
    return this.#liquid;
  }

  /** Replaces the theme's sources; files whose source did not change keep their parse. */
  update(files: ThemeFiles): void {
    this.#fs.files = files;
  }

  /** The source at a path (the theme's, or a built-in block or snippet). */
  source(file: string): string | undefined {
    return this.#fs.source(file);
  }

  /**
   * Parses a file of the theme (or a built-in), once per source text.
   * @throws the LiquidJS error of a syntax error (see {@link ThemeRenderer.diagnose})
   */
  parse(file: string): Template[] {
    const source = this.#fs.source(file);
    if (source === undefined)
      throw new ThemeRenderError([
        { severity: 'error', code: 'missing-template', message: `${file} does not exist`, pointer: '' },
      ]);
    return this.#parseSource(file, source);
  }

  #parseSource(file: string, source: string): Template[] {
    const cached = this.#parsed.get(file);
    if (cached && cached.source === source) return cached.templates;
    const templates = this.#liquid.parse(source, file);
    this.#parsed.set(file, { source, templates });
    this.#onParse(file);
    return templates;
  }

  /** A region's `rawMarkup`, parsed under a file name that maps its errors into the JSON file. */
  parseRawMarkup(region: RegionData): Template[] {
    const origin = region.origin;
    const file = origin
      ? `${origin.file}#${origin.pointer}`
      : `editable region ${JSON.stringify(region.name)} rawMarkup`;
    const source = region.rawMarkup ?? '';
    if (origin) this.#rawMarkup.set(file, { ...origin, value: source });
    return this.#parseSource(file, source);
  }

  /** The path of a block type's template: the theme's `blocks/<type>.liquid`, else the built-in one. */
  blockTemplatePath(type: string): string {
    const own = liquidPath('blocks', type);
    return this.#fs.source(own) !== undefined ? own : `${BUILTIN_PREFIX}blocks/${type}.liquid`;
  }

  /** Diagnostics of an error thrown by {@link ThemeRenderer.parse} or a render. */
  diagnose(error: unknown): ThemeDiagnostic[] {
    if (error instanceof ThemeRenderError) return [...error.diagnostics];
    return diagnosticsOf(error, this.#errors);
  }

  /**
   * Renders the page at `url` (path and query: `/products/storm-shell?page=2`).
   * @throws {ThemeRenderError} when a template does not parse or fails while rendering
   */
  async render(url: string, data: ThemeData): Promise<RenderedPage> {
    const resolved = resolveRoute(url, data);
    if (!resolved.found) return this.#notFound(url, resolved.reason, data);
    const templatePath = liquidPath('templates', resolved.template);
    if (this.#fs.source(templatePath) === undefined) {
      throw new ThemeRenderError([
        {
          severity: 'error',
          code: 'missing-template',
          message: `${templatePath} does not exist: ${resolved.route === 'page' ? 'page.stk.config.json names the template' : `the ${resolved.route} pages render it`}`,
          pointer: '',
        },
      ]);
    }
    const { html, warnings } = this.#renderWithLayout(templatePath, resolved.context, data);
    return {
      status: 200,
      html,
      route: resolved.route,
      template: resolved.template,
      context: resolved.context,
      warnings,
    };
  }

  /**
   * Renders `source` (Liquid, under the file name `file`) with the objects of the page at `url`, as a line
   * typed into `theme-kit console`: what `assign`, `capture`, `increment` set is kept in `variables` for
   * the next call.
   * @throws {ThemeRenderError} when the URL names no page, or the source does not parse or fails
   */
  async renderSource(
    source: string,
    file: string,
    url: string,
    data: ThemeData,
    variables: Record<string, unknown>,
  ): Promise<string> {
    const resolved = resolveRoute(url, data);
    if (!resolved.found)
      throw new ThemeRenderError([{ severity: 'error', code: 'liquid-render', message: resolved.reason, pointer: '' }]);
    const state = this.#renderState(data);
    try {
      const templates = this.#liquid.parse(source, file);
      const context = new Context(variables, this.#liquid.options, { globals: withState(resolved.context, state) });
      const output = String(this.#liquid.renderSync(templates, context));
      Object.assign(variables, context.bottom());
      return output;
    } catch (error) {
      if (error instanceof ThemeRenderError) throw error;
      throw new ThemeRenderError(this.diagnose(error));
    }
  }

  #notFound(url: string, reason: string, data: ThemeData): RenderedPage {
    const own = liquidPath('templates', '404');
    if (this.#fs.source(own) === undefined) return { status: 404, html: notFoundPage(url, reason), warnings: [] };
    const home = resolveRoute('/', data);
    if (!home.found) return { status: 404, html: notFoundPage(url, reason), warnings: [] };
    const context: ThemeContext = {
      ...home.context,
      template: '404',
      request: { ...home.context.request, path: new URL(url, 'http://theme.invalid').pathname },
    };
    const { html, warnings } = this.#renderWithLayout(own, context, data);
    return { status: 404, html, template: '404', warnings };
  }

  /** What the theme kit's tags read while one page renders (its layout, regions, block templates). */
  #renderState(data: ThemeData): RenderState {
    return {
      data,
      layout: DEFAULT_LAYOUT,
      unconfiguredRegions: new Set(),
      rawMarkup: (region) => this.parseRawMarkup(region),
      blockTemplate: (type) => this.parse(this.blockTemplatePath(type)),
    };
  }

  #renderWithLayout(
    templatePath: string,
    context: ThemeContext,
    data: ThemeData,
  ): { html: string; warnings: ThemeDiagnostic[] } {
    const state = this.#renderState(data);
    try {
      const page = String(
        this.#liquid.renderSync(this.parse(templatePath), {}, { globals: withState(context, state) }),
      );
      let html = page;
      const layoutName = state.layout;
      if (layoutName !== null) {
        const layoutPath = liquidPath('layout', layoutName);
        if (this.#fs.source(layoutPath) !== undefined) {
          const globals = withState({ ...context, content_for_layout: page }, state);
          html = String(this.#liquid.renderSync(this.parse(layoutPath), {}, { globals }));
        } else if (layoutName !== DEFAULT_LAYOUT) {
          throw new ThemeRenderError([
            {
              severity: 'error',
              code: 'missing-template',
              message: `${templatePath} asks for the layout \`${layoutName}\`, but ${layoutPath} does not exist`,
              pointer: '',
              file: templatePath,
            },
          ]);
        }
      }
      const warnings: ThemeDiagnostic[] = [...state.unconfiguredRegions].map((name) => ({
        severity: 'warning',
        code: 'unconfigured-region',
        message: `the editable region \`${name}\` has no entry in editable-regions.stk.config.json, so it renders empty`,
        pointer: '',
      }));
      return { html, warnings };
    } catch (error) {
      if (error instanceof ThemeRenderError) throw error;
      throw new ThemeRenderError(this.diagnose(error));
    }
  }
}
