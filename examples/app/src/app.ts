/** The app: its database, its routes on one Hono app, and how it stops. */
import { AuthenticationError, OAuthError } from '@commerce-kit/api-client';
import type { WebhookHandler } from '@commerce-kit/webhooks';
import { Hono } from 'hono';
import { WEBHOOK_PATH, type AppConfig } from './config.js';
import { customerRoutes } from './customers.js';
import { openDatabase, type Db } from './db.js';
import { EventLog } from './events.js';
import { installRoutes } from './install.js';
import { Sessions } from './sessions.js';
import { Installations } from './tokens.js';
import { messagePage } from './views.js';
import { createWebhooks } from './webhooks.js';

export interface App {
  /** The Fetch API handler of every route: give it to a server (`@hono/node-server`'s `serve`). */
  readonly fetch: (request: Request) => Response | Promise<Response>;
  readonly db: Db;
  readonly events: EventLog;
  readonly webhooks: WebhookHandler;
  /** Ends the live pages, finishes the webhook events already acknowledged, and closes the database. */
  close(): Promise<void>;
}

export function createApp(config: AppConfig): App {
  const db = openDatabase(config.database);
  const installations = new Installations(db, config);
  const sessions = new Sessions(db, config.appUrl);
  const events = new EventLog(db);
  const webhooks = createWebhooks(config, db, installations, events);
  const closing = new AbortController();

  const app = new Hono();
  app.route('/', installRoutes(config, db, installations, sessions));
  app.route('/', customerRoutes(installations, sessions, events, closing.signal));
  // The platform POSTs here: the handler reads the raw request and answers it (200 at once).
  app.post(WEBHOOK_PATH, (c) => webhooks.fetch(c.req.raw));
  app.onError((error, c) => {
    // Tokens the platform no longer takes (revoked, or kept from another platform): install again.
    if (error instanceof AuthenticationError || error instanceof OAuthError) {
      return c.html(
        messagePage(
          'Install again',
          "The platform no longer accepts this installation's tokens. Install the app again.",
        ),
        401,
      );
    }
    config.log?.(`error on ${c.req.method} ${c.req.path}: ${error instanceof Error ? error.message : String(error)}`);
    return c.html(
      messagePage('Something went wrong', 'The app could not answer this request; the terminal says why.'),
      500,
    );
  });

  return {
    fetch: (request) => app.fetch(request),
    db,
    events,
    webhooks,
    async close() {
      closing.abort();
      await webhooks
        .close({ timeoutMs: 10_000 })
        .catch((error: unknown) => config.log?.(`webhooks left unfinished: ${String(error)}`));
      db.close();
    },
  };
}
