/**
 * A small receiving app made only of the project's packages, as a user would write it: the webhooks
 * handler's Node adapter (duplicate store, per-customer queue) on `node:http`, and an api-client that
 * re-fetches each changed customer (the payload's `data` is not signed, so the API is the truth).
 *
 * It counts the changes it applied per event token and records, per customer, when each run started
 * and ended and in which order the deliveries arrived, so a test can check exactly-once, per-user
 * serialisation and arrival order.
 */
import { NotFoundError, type Client } from '@commerce-kit/api-client';
import { createWebhookHandler, type WebhookHandler } from '@commerce-kit/webhooks';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { nodeListener } from './node-listener.js';

export type Customer = Awaited<ReturnType<Client['customers']['retrieve']>>;

/** One run of `onEvent` that applied its change. */
export interface AppliedRun {
  readonly token: string;
  readonly deliveryKey: string;
  readonly customerId: string;
  readonly type: string | undefined;
  /** Positions on one counter shared by every start and end: overlaps are visible without a clock. */
  readonly start: number;
  readonly end: number;
}

/** A delivery as the handler accepted it. */
export interface Arrival {
  readonly deliveryKey: string;
  readonly customerId: string;
  readonly type: string | undefined;
}

export interface ChaosAppOptions {
  readonly secret: string;
  /** `false` turns the handler's duplicate detection off: the broken variant. */
  readonly idempotency: boolean;
  /**
   * Real milliseconds each run spends "saving" after its fetch (default 5): long enough that runs
   * broken out of the per-customer queue would overlap and be caught, short enough for a fast test.
   */
  readonly workMs?: number | undefined;
}

export interface ChaosApp {
  /** Where the sandbox sends webhooks. */
  readonly url: string;
  readonly webhooks: WebhookHandler;
  /** Gives the app its API client (the sandbox starts after the app, knowing the app's URL). */
  connect(client: Client): void;
  /** Changes applied, per event token. */
  readonly applied: ReadonlyMap<string, number>;
  /** Changes applied in all (the app's "customers changed" count). */
  readonly changes: number;
  /** Every applied run, in the order they finished. */
  readonly runs: readonly AppliedRun[];
  /** Delivery keys in the order the handler accepted them (first copies; duplicates skipped). */
  readonly arrivals: readonly Arrival[];
  /** The app's view of each customer: the last state it fetched, or `'deleted'` after a 404. */
  readonly view: ReadonlyMap<string, Customer | 'deleted'>;
  /** Most deliveries of one customer waiting or running in the app at the same moment. */
  readonly largestBurst: number;
  /** Most runs (of any customers) at the same moment. */
  readonly largestParallelism: number;
  /** Runs that started while another run of the same customer had not ended. */
  readonly overlaps: number;
  /** Failures handed to `onError` (after the handler's retries). */
  readonly errors: readonly unknown[];
  close(): Promise<void>;
}

export async function startChaosApp(options: ChaosAppOptions): Promise<ChaosApp> {
  let client: Client | undefined;
  let tick = 0;
  let changes = 0;
  let running = 0;
  let largestParallelism = 0;
  let largestBurst = 0;
  let overlaps = 0;
  const applied = new Map<string, number>();
  const runs: AppliedRun[] = [];
  const arrivals: Arrival[] = [];
  const seen = new Set<string>();
  const waiting = new Map<string, number>();
  const runningFor = new Map<string, number>();
  const view = new Map<string, Customer | 'deleted'>();
  const errors: unknown[] = [];

  const webhooks = createWebhookHandler({
    secret: options.secret,
    ...(options.idempotency ? {} : { idempotency: false as const }),
    // Called once per delivery as the handler accepts it, right before it is queued: so this is the
    // arrival order the handler promises to keep per user.
    userKey: (event) => {
      const customerId = event.data.id;
      if (!seen.has(event.deliveryKey) || !options.idempotency) {
        seen.add(event.deliveryKey);
        arrivals.push({ deliveryKey: event.deliveryKey, customerId, type: event.type });
        const count = (waiting.get(customerId) ?? 0) + 1;
        waiting.set(customerId, count);
        largestBurst = Math.max(largestBurst, count);
      }
      return customerId;
    },
    retry: { retries: 3, delayMs: () => 10 },
    onError: (error) => errors.push(error),
    onEvent: async (event) => {
      const customerId = event.data.id;
      if (!client) throw new Error('the chaos app has no API client yet');
      const start = tick++;
      if ((runningFor.get(customerId) ?? 0) > 0) overlaps++;
      runningFor.set(customerId, (runningFor.get(customerId) ?? 0) + 1);
      largestParallelism = Math.max(largestParallelism, ++running);
      try {
        let state: Customer | 'deleted';
        try {
          state = await client.customers.retrieve(customerId);
        } catch (error) {
          if (!(error instanceof NotFoundError)) throw error; // retried by the handler
          state = 'deleted';
        }
        await delay(options.workMs ?? 5);
        view.set(customerId, state);
        applied.set(event.token, (applied.get(event.token) ?? 0) + 1);
        changes++;
        waiting.set(customerId, waiting.get(customerId)! - 1);
        runs.push({
          token: event.token,
          deliveryKey: event.deliveryKey,
          customerId,
          type: event.type,
          start,
          end: tick++,
        });
      } finally {
        running--;
        runningFor.set(customerId, runningFor.get(customerId)! - 1);
      }
    },
  });

  const server: Server = createServer(nodeListener(webhooks.node));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    webhooks,
    connect(given) {
      client = given;
    },
    applied,
    get changes() {
      return changes;
    },
    runs,
    arrivals,
    view,
    get largestBurst() {
      return largestBurst;
    },
    get largestParallelism() {
      return largestParallelism;
    },
    get overlaps() {
      return overlaps;
    },
    errors,
    async close() {
      await webhooks.close({ timeoutMs: 5_000 }).catch(() => undefined);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
