/**
 * Faults on demand: "the next N requests (matching a method, a path pattern or an access token) answer
 * 429 / 500 / 503, are delayed, or have their connection dropped", plus a latency added to every API
 * request. A fault is listed while it has requests left and disappears when spent.
 */
import { digest } from '../secrets.js';
import { invalidInput } from '../refusal.js';
import { InputReader } from './input.js';

/** What a fault does to a request it matches. */
export type FaultAction =
  | { readonly type: 'status'; readonly status: 429 | 500 | 503; readonly retryAfter: number }
  | { readonly type: 'delay'; readonly delayMs: number }
  | { readonly type: 'drop' };

/** Which requests a fault applies to; a matcher left out matches every request. */
interface FaultMatch {
  /** How many matching requests it applies to (default 1). */
  readonly count?: number | undefined;
  /** Only requests with this method (`GET`, `POST`…). */
  readonly method?: string | undefined;
  /** Only requests whose path matches: exact, or with `*` standing for any characters (`/customers*`). */
  readonly path?: string | undefined;
  /** Only requests carrying this access token. */
  readonly token?: string | undefined;
}

/**
 * A fault to add: `status` answers 429 (with `Retry-After: retryAfter`, default 1), 500 or 503;
 * `delay` waits `delayMs` (on the sandbox's clock) before answering as usual; `drop` closes the
 * connection unanswered.
 */
export type FaultInput = FaultMatch &
  (
    | { readonly type: 'status'; readonly status: 429 | 500 | 503; readonly retryAfter?: number | undefined }
    | { readonly type: 'delay'; readonly delayMs: number }
    | { readonly type: 'drop' }
  );

/** An active fault, as listed. */
export interface Fault {
  readonly id: string;
  readonly type: 'status' | 'delay' | 'drop';
  readonly status: 429 | 500 | 503 | null;
  readonly retryAfter: number | null;
  readonly delayMs: number | null;
  /** Matching requests it still applies to. */
  readonly remaining: number;
  readonly method: string | null;
  readonly path: string | null;
  /** The last four characters of the token it matches, masked (`…a1b2`); never the token. */
  readonly token: string | null;
}

/** At most this long a delay or latency (one minute): longer would only look like a hung sandbox. */
export const MAX_DELAY_MS = 60_000;
export const MAX_FAULT_COUNT = 10_000;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

interface ActiveFault {
  readonly id: string;
  readonly action: FaultAction;
  remaining: number;
  readonly method: string | undefined;
  readonly pathPattern: string | undefined;
  readonly pathRegex: RegExp | undefined;
  readonly tokenDigest: string | undefined;
  readonly tokenHint: string | undefined;
}

function pathRegex(pattern: string): RegExp {
  const escaped = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`);
}

/** A latency in ms (0 turns it off), or a 400 refusal naming `field`. */
export function latencyOf(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || value > MAX_DELAY_MS) {
    throw invalidInput(field, `must be an integer from 0 to ${MAX_DELAY_MS}`);
  }
  return value;
}

/** Reads a fault input (JavaScript or, with `snakeCase`, the HTTP API's JSON). */
export function readFaultInput(input: unknown, snakeCase: boolean): Omit<ActiveFault, 'id'> {
  const reader = new InputReader(input, snakeCase, 'fault');
  const type = reader.oneOf('type', ['status', 'delay', 'drop'] as const);
  if (type === undefined) throw invalidInput('type', 'is required: "status", "delay" or "drop"');
  const status = reader.oneOf('status', [429, 500, 503] as const);
  const retryAfter = reader.integer('retryAfter', 0, 86_400);
  const delayMs = reader.integer('delayMs', 0, MAX_DELAY_MS);
  const count = reader.integer('count', 1, MAX_FAULT_COUNT) ?? 1;
  const method = reader.oneOf('method', METHODS);
  const path = reader.string('path', 512);
  const token = reader.string('token');
  reader.done();
  if (path !== undefined && !path.startsWith('/')) throw invalidInput(reader.name('path'), 'must start with "/"');
  let action: FaultAction;
  if (type === 'status') {
    if (status === undefined)
      throw invalidInput(reader.name('status'), 'is required for a status fault: 429, 500 or 503');
    if (delayMs !== undefined) throw invalidInput(reader.name('delayMs'), 'is for delay faults only');
    if (retryAfter !== undefined && status !== 429)
      throw invalidInput(reader.name('retryAfter'), 'is for 429 faults only');
    action = { type, status, retryAfter: retryAfter ?? 1 };
  } else {
    if (status !== undefined) throw invalidInput(reader.name('status'), 'is for status faults only');
    if (retryAfter !== undefined) throw invalidInput(reader.name('retryAfter'), 'is for 429 faults only');
    if (type === 'delay') {
      if (delayMs === undefined)
        throw invalidInput(reader.name('delayMs'), `is required for a delay fault (0 to ${MAX_DELAY_MS})`);
      action = { type, delayMs };
    } else {
      if (delayMs !== undefined) throw invalidInput(reader.name('delayMs'), 'is for delay faults only');
      action = { type };
    }
  }
  return {
    action,
    remaining: count,
    method,
    pathPattern: path,
    pathRegex: path === undefined ? undefined : pathRegex(path),
    tokenDigest: token === undefined ? undefined : digest(token),
    tokenHint: token === undefined ? undefined : `…${token.slice(-4)}`,
  };
}

function describe(fault: ActiveFault): Fault {
  const { action } = fault;
  return {
    id: fault.id,
    type: action.type,
    status: action.type === 'status' ? action.status : null,
    retryAfter: action.type === 'status' && action.status === 429 ? action.retryAfter : null,
    delayMs: action.type === 'delay' ? action.delayMs : null,
    remaining: fault.remaining,
    method: fault.method ?? null,
    path: fault.pathPattern ?? null,
    token: fault.tokenHint ?? null,
  };
}

/** The faults in effect and the global latency. */
export class FaultBoard {
  #faults: ActiveFault[] = [];
  #next = 1;
  #latencyMs = 0;

  get latencyMs(): number {
    return this.#latencyMs;
  }

  /** Whether any request could be affected (so the pipeline skips the lookup when none). */
  get active(): boolean {
    return this.#faults.length > 0 || this.#latencyMs > 0;
  }

  setLatency(ms: number): void {
    this.#latencyMs = ms;
  }

  add(fault: Omit<ActiveFault, 'id'>): Fault {
    const active: ActiveFault = { ...fault, id: `flt_${this.#next++}` };
    this.#faults.push(active);
    return describe(active);
  }

  list(): Fault[] {
    return this.#faults.map(describe);
  }

  remove(id: string): boolean {
    const before = this.#faults.length;
    this.#faults = this.#faults.filter((f) => f.id !== id);
    return this.#faults.length < before;
  }

  clear(): void {
    this.#faults = [];
  }

  /**
   * The fault for this request, if one matches (the oldest first); it counts the request, and goes
   * when it has none left. `token` is the bearer token the request carries.
   */
  take(method: string, path: string, token: string | undefined): FaultAction | undefined {
    if (this.#faults.length === 0) return undefined;
    let tokenDigest: string | undefined;
    const index = this.#faults.findIndex((fault) => {
      if (fault.method !== undefined && fault.method !== method) return false;
      if (fault.pathRegex !== undefined && !fault.pathRegex.test(path)) return false;
      if (fault.tokenDigest !== undefined) {
        if (token === undefined) return false;
        tokenDigest ??= digest(token);
        if (fault.tokenDigest !== tokenDigest) return false;
      }
      return true;
    });
    if (index < 0) return undefined;
    const fault = this.#faults[index]!;
    fault.remaining -= 1;
    if (fault.remaining === 0) this.#faults.splice(index, 1);
    return fault.action;
  }
}
