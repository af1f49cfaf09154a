/**
 * The storefront of `--theme DIR`: the theme kit's dev server (live reload, the error overlay, re-rendering
 * on file changes) on its own port, with the store's products, categories and blog posts read from the
 * sandbox's live data instead of the theme kit's mock store.
 *
 * It hears of changes two ways: {@link Storefront.changed} after each committed write of the resource
 * service (so a page asked for after an API write already shows it), and a look at the database's change
 * counter every {@link CHANGE_POLL_MS} on the sandbox's clock, for what changes the data without a write of
 * the API (reset, restore). Either way the theme kit reads the catalogue again, and reloads the open pages
 * only when it differs.
 */
import type { Clock } from '@commerce-kit/internal/clock';
import type { DevServer, DevServerEvent, ThemeDiagnostic } from '@commerce-kit/theme-kit';
import { SandboxStartError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { ResourceService } from '../services/resources.js';
import type { ResourceObject } from '../store/resource-model.js';
import type { Store } from '../store/store.js';
import { HandleBook, storeCatalogue, type CatalogueSource } from './catalogue.js';
import { diagnosticLine } from './diagnostic-line.js';

/** How often the database's change counter is looked at, in ms. */
export const CHANGE_POLL_MS = 250;
/** Objects read per page when the storefront reads a list (the API's largest page). */
const PAGE_SIZE = 100;

export interface StorefrontOptions {
  /** The theme directory. */
  readonly theme: string;
  readonly port: number;
  readonly host: string;
  /** Names answered besides loopback, IP literals and `host` (the sandbox's `allowedHosts`). */
  readonly allowedHosts: readonly string[];
  /** Seed of what the theme's config leaves to the mock generator (store name, menus, ...). */
  readonly seed: number;
  /** Where the catalogue is read from. */
  readonly resources: ResourceService;
  /** The store: when its count of changed rows moves, the data may have changed. */
  readonly store: Store;
  readonly clock: Clock;
  readonly logger: Logger;
}

/** A running storefront. */
export interface Storefront {
  /** Base URL, e.g. `http://127.0.0.1:9292`. */
  readonly url: string;
  /** The data may have changed: the next page shows it, and open pages reload if it did. */
  changed(): void;
  /** Stops watching the data and the theme, and closes the server. */
  close(): Promise<void>;
}

/** Every live object of a resource, in the API's order. */
function readAll(resources: ResourceService, kind: string): ResourceObject[] {
  const out: ResourceObject[] = [];
  let after: string | undefined;
  for (;;) {
    const page = resources.list(
      kind,
      after === undefined ? { limit: PAGE_SIZE } : { limit: PAGE_SIZE, starting_after: after },
    );
    out.push(...page.data);
    if (!page.has_more || page.data.length === 0) return out;
    after = page.data[page.data.length - 1]!.id;
  }
}

/** What the theme kit reports, as the sandbox's log lines. */
function reporter(logger: Logger): (event: DevServerEvent) => void {
  let last = '';
  const problems = (list: readonly ThemeDiagnostic[]): void => {
    const key = JSON.stringify(list);
    if (key === last) return;
    last = key;
    for (const d of list) (d.severity === 'error' ? logger.error : logger.warn)(`storefront: ${diagnosticLine(d)}`);
  };
  return (event) => {
    if (event.type === 'mock-locale') {
      logger.info(`storefront: ${event.message}`);
      return;
    }
    if (event.type === 'change') {
      const what =
        event.files.length === 0
          ? 'the data'
          : event.files.length === 1
            ? event.files[0]
            : `${event.files.length} files`;
      const done =
        event.action === 'css'
          ? 'stylesheet swapped'
          : event.action === 'reload'
            ? `${event.pages} page${event.pages === 1 ? '' : 's'} re-rendered`
            : 'the open pages show the errors';
      logger.info(`storefront: ${what} changed: ${done}`);
      if (event.problems.length === 0) last = '';
    }
    problems(event.problems);
  };
}

/**
 * Starts the storefront.
 * @throws {SandboxStartError} when the theme directory is missing or the port cannot be listened on
 */
export async function startStorefront(options: StorefrontOptions): Promise<Storefront> {
  const { resources, clock, logger } = options;
  const changes = (): number => options.store.changeCount();
  const handles = new HandleBook();
  const read = (): CatalogueSource => ({
    products: readAll(resources, 'products'),
    categories: readAll(resources, 'categories'),
    blogPosts: readAll(resources, 'blog_posts'),
  });
  // Loaded only when a theme is served: the renderer is the heaviest part of the sandbox's dependencies.
  const { startDevServer, ThemeKitError } = await import('@commerce-kit/theme-kit');
  let server: DevServer;
  try {
    server = await startDevServer({
      theme: options.theme,
      port: options.port,
      host: options.host,
      allowedHosts: options.allowedHosts,
      seed: options.seed,
      clock,
      catalogue: () => storeCatalogue(read(), handles),
      onEvent: reporter(logger),
    });
  } catch (error) {
    if (!(error instanceof ThemeKitError)) throw error;
    const inUse = (error.cause as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE';
    throw new SandboxStartError(
      inUse
        ? `storefront port ${options.port} on ${options.host} is already in use (choose another with --storefront-port)`
        : `cannot serve the storefront: ${error.message}`,
      { cause: error },
    );
  }
  const stop = new AbortController();
  let seen = changes();
  const changed = (): void => {
    if (stop.signal.aborted) return;
    seen = changes();
    server
      .refresh()
      .catch((error: unknown) =>
        logger.error(`storefront: cannot read the data: ${error instanceof Error ? error.message : String(error)}`),
      );
  };
  void (async () => {
    while (!stop.signal.aborted) {
      try {
        await clock.sleep(CHANGE_POLL_MS, stop.signal);
      } catch {
        return; // stopped
      }
      if (changes() !== seen) changed();
    }
  })();
  let closing: Promise<void> | undefined;
  return {
    url: server.url,
    changed,
    close() {
      closing ??= (async () => {
        stop.abort();
        await server.close();
      })();
      return closing;
    },
  };
}
