/**
 * The sandbox and the app in one process, wired to each other: the sandbox's test app has the app's
 * callback as its redirect URI and sends its webhooks to the app; the app gets the test app's
 * credentials. `npm run example` and the end-to-end test both start it this way.
 */
import type { Clock } from '@commerce-kit/api-client';
import { startSandbox, type Sandbox } from '@commerce-kit/sandbox';
import { createApp, type App } from './app.js';
import { redirectUriOf, webhookUrlOf } from './config.js';
import { listen } from './server.js';

export interface ExampleOptions {
  /** The app's port (0: a free one). */
  readonly port: number;
  /** The sandbox's port (0: a free one). */
  readonly sandboxPort: number;
  readonly host?: string | undefined;
  /** Host names the app and the sandbox answer besides loopback names, IP literals and `host`. */
  readonly allowedHosts?: readonly string[] | undefined;
  /** The app's SQLite file (default in memory, like the sandbox's data). */
  readonly database?: string | undefined;
  readonly clock?: Clock | undefined;
  readonly log?: ((line: string) => void) | undefined;
}

export interface RunningExample {
  /** The app's URL: the one to open. */
  readonly url: string;
  readonly sandbox: Sandbox;
  readonly app: App;
  /** Stops the sandbox (its last webhooks still reach the app), then the app, then the server. */
  close(): Promise<void>;
}

export async function startExample(options: ExampleOptions): Promise<RunningExample> {
  const host = options.host ?? '127.0.0.1';
  const server = await listen(options.port, host, options.allowedHosts);
  let sandbox: Sandbox;
  try {
    sandbox = await startSandbox({
      port: options.sandboxPort,
      host,
      allowedHosts: options.allowedHosts,
      redirectUri: redirectUriOf({ appUrl: server.url }),
      webhookUrl: webhookUrlOf({ appUrl: server.url }),
      logger: {
        info: () => {},
        warn: (line) => options.log?.(`sandbox: ${line}`),
        error: (line) => options.log?.(`sandbox: ${line}`),
      },
    });
  } catch (error) {
    await server.close();
    throw error;
  }
  const app = createApp({
    appUrl: server.url,
    platformUrl: sandbox.url,
    clientId: sandbox.app.clientId,
    clientSecret: sandbox.app.clientSecret,
    webhookSecret: sandbox.app.webhookSecret,
    database: options.database ?? ':memory:',
    clock: options.clock,
    log: options.log,
  });
  server.serve(app.fetch);
  return {
    url: server.url,
    sandbox,
    app,
    async close() {
      await sandbox.close();
      await app.close();
      await server.close();
    },
  };
}
