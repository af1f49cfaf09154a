/**
 * The test controls as methods of the started sandbox (`sandbox.faults`, `sandbox.webhooks`,
 * `sandbox.violations`, `sandbox.reset()`…): the same operations as the HTTP control API, with its
 * input problems thrown as {@link SandboxControlError}. (Snapshots: `snapshots.ts`.)
 */
import type { WebhookEventType } from '@commerce-kit/webhooks';
import { SandboxControlError } from '../errors.js';
import type { Dispatcher } from '../events/dispatcher.js';
import { RELEASE_ORDERS, type ReleaseOrder, type WebhookMode } from '../events/mode.js';
import type { ControlOperations } from './operations.js';
import type { Delivery } from './deliveries.js';
import { latencyOf, readFaultInput, type Fault, type FaultBoard, type FaultInput } from './faults.js';
import { invalidInput, Refusal } from '../refusal.js';
import { readModeChange } from './mode-change.js';
import type { Violation, ViolationLog } from './violations.js';

/** Faults on demand (see {@link FaultInput}). */
export interface SandboxFaults {
  /** Adds a fault; it applies to the next `count` matching API requests, then disappears. */
  add(fault: FaultInput): Fault;
  /** The active faults, oldest first. */
  list(): Fault[];
  /** Removes one fault; false when it is spent or unknown. */
  remove(id: string): boolean;
  /** Removes every fault (the latency stays). */
  clear(): void;
  /** The latency added to every API request, in ms. */
  readonly latencyMs: number;
  /** Sets the latency added to every API request (0 turns it off; at most 60 000 ms). */
  setLatency(ms: number): void;
}

/** Webhook deliveries: modes, release of held ones, triggers and the delivery log. */
export interface SandboxWebhooks {
  readonly mode: WebhookMode;
  /** Changes the fields given; turning `hold` off sends what was held, in order. */
  setMode(change: Partial<WebhookMode>): WebhookMode;
  /** Deliveries kept by `hold`. */
  readonly held: number;
  /** Sends the held deliveries in `order` (default `sent`; `shuffle` is seeded by `seed`, default 1); resolves with their count once sent. */
  release(order?: ReleaseOrder, seed?: number): Promise<number>;
  /** Sends an event of any documented type with your `data` (which must hold the affected object's `id`). */
  trigger(type: WebhookEventType, data: { readonly id: string; readonly [field: string]: unknown }): Delivery;
  /** Sends a logged delivery again: the same token and signed timestamp, as a duplicate arrives. */
  redeliver(id: string): Delivery;
  /** One delivery with every attempt. */
  delivery(id: string): Delivery;
  /** The delivery log, newest first (`limit` 1–100, default 20; `endingBefore` an id, for the next page). */
  deliveries(options?: { readonly limit?: number | undefined; readonly endingBefore?: string | undefined }): {
    readonly hasMore: boolean;
    readonly data: Delivery[];
  };
  /**
   * Resolves when no delivery is being sent or waits to be (retries included; held ones aside).
   * Rejects after `timeoutMs` on the sandbox's clock (default 30 000).
   */
  settle(options?: { readonly timeoutMs?: number | undefined }): Promise<void>;
}

/** The contract report: requests that departed from the spec. */
export interface SandboxViolations {
  /** Oldest first (the newest 10 000 are kept). */
  list(): Violation[];
  /** Requests checked per operation id (`(unknown route)` for paths the spec does not have). */
  counts(): Record<string, number>;
  clear(): void;
}

export const DEFAULT_SETTLE_TIMEOUT_MS = 30_000;

/** Runs `fn`, rethrowing its refusals as the package's error. */
export function controlled<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    throw controlError(error);
  }
}

/** The same for a promise. */
export async function controlledAsync<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw controlError(error);
  }
}

/**
 * A refusal (a bad input, something missing, a request the state cannot satisfy) as the JavaScript API's
 * error: the field at fault and the refusal's message.
 */
function controlError(error: unknown): unknown {
  if (!(error instanceof Refusal) || error.status < 400 || error.status >= 500) return error;
  const reason = error.status === 404 ? 'not_found' : error.status === 409 ? 'conflict' : 'invalid';
  return new SandboxControlError(reason, error.field, error.message);
}

export function sandboxFaults(faults: FaultBoard): SandboxFaults {
  return {
    add: (fault) => controlled(() => faults.add(readFaultInput(fault, false))),
    list: () => faults.list(),
    remove: (id) => faults.remove(id),
    clear: () => faults.clear(),
    get latencyMs() {
      return faults.latencyMs;
    },
    setLatency: (ms) => controlled(() => faults.setLatency(latencyOf(ms, 'ms'))),
  };
}

export function sandboxWebhooks(operations: ControlOperations, dispatcher: Dispatcher): SandboxWebhooks {
  return {
    get mode() {
      return dispatcher.mode;
    },
    setMode: (change) => controlled(() => dispatcher.setMode(readModeChange(change, false))),
    get held() {
      return dispatcher.held;
    },
    release: (order: ReleaseOrder = 'sent', seed = 1) =>
      controlledAsync(async () => {
        if (!RELEASE_ORDERS.includes(order)) throw invalidInput('order', `must be one of ${RELEASE_ORDERS.join(', ')}`);
        if (!Number.isSafeInteger(seed)) throw invalidInput('seed', 'must be an integer');
        return dispatcher.release(order, seed);
      }),
    trigger: (type, data) => controlled(() => operations.trigger(type, data)),
    redeliver: (id) => controlled(() => operations.redeliver(id)),
    delivery: (id) => controlled(() => operations.delivery(id)),
    deliveries: (options) => controlled(() => operations.deliveries(options?.limit, options?.endingBefore)),
    settle: (options) =>
      controlledAsync(async () => {
        const timeoutMs = options?.timeoutMs ?? DEFAULT_SETTLE_TIMEOUT_MS;
        if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 0)
          throw invalidInput('timeoutMs', 'must be a non-negative integer');
        return dispatcher.settle(timeoutMs);
      }),
  };
}

export function sandboxViolations(violations: ViolationLog): SandboxViolations {
  return {
    list: () => violations.list(),
    counts: () => violations.counts(),
    clear: () => violations.clear(),
  };
}
