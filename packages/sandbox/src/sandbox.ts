/** `startSandbox`: wires store → services → HTTP, listens, and stops cleanly. */
import type { ThemeConfig } from '@commerce-kit/theme-config';
import { getRequestListener } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import {
  allowedHosts,
  answerClientErrors,
  isSafeMethod,
  refuseRequest,
  SERVER_LIMITS,
} from '@commerce-kit/internal/local-server/guard';
import { SandboxApp } from './app-credentials.js';
import { SandboxStartError } from './errors.js';
import { ControlOperations } from './control/operations.js';
import { writeKeyFile } from './control/key-file.js';
import {
  sandboxFaults,
  sandboxViolations,
  sandboxWebhooks,
  type SandboxFaults,
  type SandboxViolations,
  type SandboxWebhooks,
} from './control/controls.js';
import { FaultBoard } from './control/faults.js';
import { sandboxOrders, type SandboxOrders } from './control/orders.js';
import { Snapshots, type SandboxSnapshots } from './control/snapshots.js';
import { ViolationLog } from './control/violations.js';
import { Dispatcher } from './events/dispatcher.js';
import { EventOutbox } from './events/outbox.js';
import { createApp } from './http/app.js';
import { CALLBACK_PATH } from './http/pages.js';
import { resolveOptions, type ResolvedOptions, type SandboxOptions } from './options.js';
import { randomSecret } from './secrets.js';
import { seedStore } from './seed/seed.js';
import { OAuthService } from './services/oauth.js';
import { OrderService } from './services/orders.js';
import { RateLimiter } from './services/rate-limit.js';
import { ResourceService } from './services/resources.js';
import { loadSeedConfig } from './storefront/config-dir.js';
import { startStorefront, type Storefront } from './storefront/storefront.js';
import type { AppRow } from './store/oauth.js';
import { Store } from './store/store.js';
import { randomBytes } from 'node:crypto';

/** The sandbox's own routes: a browser page of another site may not change anything there (consent included). */
const SANDBOX_PREFIX = '/_sandbox/';

/** Whether a request is one only the sandbox's own pages (or a non-browser caller) may send. */
function sameOriginOnly(request: IncomingMessage): boolean {
  return !isSafeMethod(request.method) && (request.url ?? '').startsWith(SANDBOX_PREFIX);
}

/** A running sandbox. */
export interface Sandbox extends SandboxSnapshots {
  /** Base URL of the API, e.g. `http://127.0.0.1:4010` (with the real port when started on port 0). */
  readonly url: string;
  /** The test app: client credentials, redirect URI, webhook secret and a ready access token. */
  readonly app: SandboxApp;
  /**
   * The key every caller of the control API sends (header `x-sandbox-control-key`). The `commerce-sandbox`
   * commands of the same user on this machine find it without being told (a file only that user can read,
   * removed at `close()`).
   */
  readonly controlKey: string;
  /** Base URL of the storefront when started with `theme` (e.g. `http://127.0.0.1:9292`); undefined without. */
  readonly storefrontUrl: string | undefined;
  /**
   * Puts the seeded data back (customers, the other resources, an empty delivery log) and clears the
   * faults, the latency, the webhook mode, the contract report and the rate-limit counts. The test app
   * and every token stay valid. Resolves with the number of customers.
   */
  reset(): Promise<{ readonly customers: number }>;
  /** Faults on demand: status answers, delays, dropped connections, latency. */
  readonly faults: SandboxFaults;
  /** Webhook delivery modes, held deliveries, triggers and the delivery log. */
  readonly webhooks: SandboxWebhooks;
  /** The contract report: requests that departed from the spec. */
  readonly violations: SandboxViolations;
  /** The simulated shopper: places orders (stock taken, order and charge written, webhook events sent). */
  readonly orders: SandboxOrders;
  /**
   * Stops the sandbox: no new connections, requests in flight answered, pending webhooks sent (for up to
   * ten seconds; the rest stay in the data file for the next start), the database closed. Idempotent.
   */
  close(): Promise<void>;
}

/** Seconds a webhook drain may take at close. */
const DRAIN_TIMEOUT_MS = 10_000;
/** After this, connections still open at close are cut. */
const CLOSE_GRACE_MS = 3_000;
const ACCOUNT_ID = `acct_${'1'.padStart(26, '0')}`;

function openStore(options: ResolvedOptions): Store {
  try {
    return new Store(options.data, options.synchronous);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SandboxStartError(
      options.data ? `cannot open the data file ${options.data}: ${reason}` : `cannot open the database: ${reason}`,
    );
  }
}

function ensureSeeded(store: Store, options: ResolvedOptions, themeConfig: ThemeConfig | undefined): void {
  const seeded = store.meta('seed');
  if (seeded === undefined) {
    seedStore(store, options.seed, options.customers, themeConfig);
    store.snapshots.captureSeed(); // what reset() goes back to
    const catalogue = options.configDir === undefined ? '' : `, the catalogue of ${options.configDir}`;
    options.logger.info(`seeded ${options.customers} customers (seed ${options.seed}${catalogue})`);
  } else if (seeded !== String(options.seed) || store.meta('seeded_customers') !== String(options.customers)) {
    options.logger.info(
      `${options.data ?? 'the database'} was seeded before (seed ${seeded}); its state is kept as it is`,
    );
  }
}

function ensureApp(store: Store, webhookSecret: string | undefined): AppRow {
  const existing = store.oauth.firstApp();
  if (existing) {
    if (webhookSecret !== undefined && webhookSecret !== existing.webhook_secret) {
      store.write(() => store.oauth.updateApp(existing.client_id, existing.redirect_uri, webhookSecret));
      return { ...existing, webhook_secret: webhookSecret };
    }
    return existing;
  }
  const app: AppRow = {
    client_id: `app_${randomBytes(8).toString('hex')}`,
    client_secret: randomSecret('cs_'),
    redirect_uri: 'http://127.0.0.1/',
    webhook_secret: webhookSecret ?? randomSecret('whsec_'),
    account_id: ACCOUNT_ID,
  };
  store.write(() => store.oauth.insertApp(app));
  return app;
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      server.off('listening', onListening);
      const where = `${host}:${port}`;
      reject(
        new SandboxStartError(
          error.code === 'EADDRINUSE'
            ? `port ${port} on ${host} is already in use (another sandbox running? choose another with --port)`
            : error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND'
              ? `cannot listen on ${where}: no such local address`
              : error.code === 'EACCES'
                ? `not allowed to listen on ${where}`
                : `cannot listen on ${where}: ${error.message}`,
        ),
      );
    };
    const onListening = (): void => {
      server.off('error', onError);
      resolve(server.address() as AddressInfo);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/**
 * Starts a sandbox of the platform's REST API: every resource (stateful, on SQLite; charges and orders
 * read-only, placed by the simulated shopper of `orders`), OAuth with a consent page, a per-account rate
 * limit and signed webhooks for every write. Every request and response is checked against the API spec.
 *
 * @throws {SandboxConfigurationError} for a bad option (before anything starts)
 * @throws {SandboxStartError} when the data file cannot be opened or the port cannot be listened on
 */
export async function startSandbox(options?: SandboxOptions): Promise<Sandbox> {
  const resolved = resolveOptions(options);
  const { clock, logger } = resolved;
  // Before the data file is opened: a theme config that cannot seed leaves no file behind.
  const themeConfig = resolved.configDir === undefined ? undefined : await loadSeedConfig(resolved.configDir);
  const store = openStore(resolved);
  let server: Server | undefined;
  let storefront: Storefront | undefined;
  try {
    ensureSeeded(store, resolved, themeConfig);
    let appRow = ensureApp(store, resolved.webhookSecret);
    let baseUrl = '';
    let redirectUri = '';
    const dispatcher = new Dispatcher({
      store,
      clock,
      url: resolved.webhookUrl,
      secret: () => appRow.webhook_secret,
      log: logger,
      retrySchedule: resolved.webhookRetrySchedule,
    });
    const oauth = new OAuthService(store, clock, resolved.tokenResponse, () => baseUrl);
    const events = new EventOutbox(store, clock, resolved.webhookUrl !== undefined);
    const services = {
      resources: new ResourceService(store, events, clock, () => {
        dispatcher.wake();
        storefront?.changed();
      }),
      oauth,
    };
    const orders = new OrderService(services.resources);
    const rateLimiter = new RateLimiter(clock, resolved.rateLimit);
    const faults = new FaultBoard();
    const violations = new ViolationLog();
    const operations = new ControlOperations({
      store,
      clock,
      dispatcher,
      events,
      rateLimiter,
      faults,
      violations,
      seed: resolved.seed,
      customers: resolved.customers,
      themeConfig,
      webhookUrl: resolved.webhookUrl,
    });
    const snapshots = new Snapshots(store, clock, dispatcher);
    const app = createApp({
      services,
      rateLimiter,
      operations,
      snapshots,
      orders,
      faults,
      violations,
      strict: resolved.strict,
      controlKey: resolved.controlKey,
      log: logger,
      onResponseMismatch: resolved.onResponseMismatch,
      logRequests: resolved.logRequests,
      clock,
      dispatcher,
      oauth,
      webhookUrl: resolved.webhookUrl,
      baseUrl: () => baseUrl,
      redirectUri: () => redirectUri,
    });
    // A library must not replace the host process's Request/Response: with `true` (the default)
    // @hono/node-server redefines globalThis.Request/Response for good, for every module of the process.
    // Without it, responses are the platform's own Response and are streamed instead of taking the
    // adapter's cached-body shortcut (measured by bench/sandbox/run.mjs).
    const listener = getRequestListener(app.fetch, { overrideGlobalObjects: false });
    // Every request passes the local-server guard first: the Host allow-list (DNS rebinding), cross-site
    // writes to the sandbox's own routes, malformed targets. docs/house-style.md, "Local servers".
    const allowed = allowedHosts(resolved.host, resolved.allowedHosts);
    server = createServer({ ...SERVER_LIMITS }, (request, response) => {
      if (refuseRequest(request, response, { allowed, flag: '--allowed-host', sameOriginOnly })) return;
      void listener(request, response); // the adapter answers its own failures (500 through app.onError)
    });
    answerClientErrors(server);
    const address = await listen(server, resolved.port, resolved.host);
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    baseUrl = `http://${host}:${address.port}`;
    redirectUri = resolved.redirectUri ?? `${baseUrl}${CALLBACK_PATH}`;
    if (resolved.theme !== undefined) {
      const { theme, storefrontPort, seed } = resolved;
      storefront = await startStorefront({
        theme,
        port: storefrontPort,
        host: resolved.host,
        allowedHosts: resolved.allowedHosts,
        seed,
        resources: services.resources,
        store,
        clock,
        logger,
      });
    }
    if (redirectUri !== appRow.redirect_uri) {
      store.write(() => store.oauth.updateApp(appRow.client_id, redirectUri, appRow.webhook_secret));
      appRow = { ...appRow, redirect_uri: redirectUri };
    }
    let removeKeyFile = (): void => undefined;
    try {
      removeKeyFile = writeKeyFile(address.port, resolved.controlKey);
    } catch (error) {
      logger.warn(
        `the control key could not be left for the commands (${error instanceof Error ? error.message : String(error)}): pass --control-key to them`,
      );
    }
    const ready = oauth.issueReadyToken(appRow);
    dispatcher.wake(); // events left pending by a previous run
    const credentials = new SandboxApp({
      clientId: appRow.client_id,
      clientSecret: appRow.client_secret,
      redirectUri,
      webhookSecret: appRow.webhook_secret,
      accessToken: ready.access_token,
      refreshToken: ready.refresh_token ?? '',
    });
    const running = server;
    let closing: Promise<void> | undefined;
    return {
      url: baseUrl,
      app: credentials,
      controlKey: resolved.controlKey,
      storefrontUrl: storefront?.url,
      reset: () => operations.reset(),
      ...snapshots.methods(),
      faults: sandboxFaults(faults),
      webhooks: sandboxWebhooks(operations, dispatcher),
      violations: sandboxViolations(violations),
      orders: sandboxOrders(orders),
      close() {
        closing ??= (async () => {
          removeKeyFile();
          await storefront?.close();
          await new Promise<void>((resolve) => {
            const cut = setTimeout(() => running.closeAllConnections(), CLOSE_GRACE_MS);
            cut.unref();
            running.close(() => {
              clearTimeout(cut);
              resolve();
            });
            running.closeIdleConnections();
          });
          await dispatcher.drain(DRAIN_TIMEOUT_MS);
          store.close();
          logger.info('sandbox stopped');
        })();
        return closing;
      },
    };
  } catch (error) {
    await storefront?.close();
    server?.close();
    store.close();
    throw error;
  }
}
