/**
 * One API call at run time: the checks made before sending, URL and headers, the rate limiter, the
 * timeout and caller abort, the 401 refresh, retries (as `decideRetry` says), and the mapping of
 * answers to values or typed errors.
 */
import type { Clock } from '@commerce-kit/internal/clock';
import { parseJson } from '@commerce-kit/internal/safe-json';
import type { AuthProvider } from './auth.js';
import type { CallHeaders } from './call-options.js';
import { ApiClientConfigurationError } from './errors/api-client-error.js';
import { ApiError, ConnectionError, TimeoutError } from './errors/api-error.js';
import { errorFromResponse } from './errors/error-from-response.js';
import { checkQuery, refusedBeforeSending } from './query-check.js';
import type { ClientRateLimiter } from './rate-limit/limiter.js';
import { redactSecrets } from './redact.js';
import type { OperationEntry, RouteIndex } from './resource-table.js';
import { decideRetry, parseRetryAfter, type AttemptOutcome, type RetryDecision } from './retry.js';

/** The `fetch` signature the client needs (the global one fits). */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

/** Everything a call needs from its client, normalised once by `createClient`. */
export interface RequestContext {
  readonly baseUrl: URL;
  /** `baseUrl` joined with an API path (`joinUrl`, with the base parsed once). */
  readonly urlFor: (path: string) => string;
  readonly auth: AuthProvider;
  readonly fetch: FetchFunction;
  readonly maxRetries: number;
  readonly maxRetryAfterMs: number;
  readonly timeoutMs: number | undefined;
  readonly limiter: ClientRateLimiter;
  readonly userAgent: string;
  readonly clock: Clock;
  readonly random: () => number;
  /** `GET` -> `/customers` -> the spec's operation, for the checks of the path-based call. */
  readonly routes: RouteIndex;
}

/** A call, untyped: what the typed layers hand down. */
export interface RawRequest {
  readonly method: string;
  readonly path: string;
  readonly pathParams?: Readonly<Record<string, unknown>> | undefined;
  readonly query?: Readonly<Record<string, unknown>> | undefined;
  readonly body?: unknown;
  readonly headers?: CallHeaders | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Overrides the client's `timeoutMs` for this call. */
  readonly timeoutMs?: number | undefined;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** The methods the client's calls name, upper-cased once (any other is upper-cased per call). */
const METHOD_NAMES: ReadonlyMap<string, string> = new Map(
  ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'].flatMap((name) => [
    [name, name],
    [name.toLowerCase(), name],
  ]),
);

/** Replaces `{name}` segments with URL-encoded path parameters. */
export function fillPath(template: string, params: Readonly<Record<string, unknown>> | undefined): string {
  if (!template.includes('{')) return template;
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '')
      throw refusedBeforeSending(name, `is required (path parameter of ${template})`);
    const text = String(value);
    // URL parsing would resolve these as dot segments and send the call to another path.
    if (text === '.' || text === '..') throw refusedBeforeSending(name, `cannot be "${text}"`);
    return encodeURIComponent(text);
  });
}

/** Keys and values the form encoding leaves as they are. */
const PLAIN_QUERY_TEXT = /^[A-Za-z0-9*\-._]*$/;

/** Serializes a query object: `undefined` skipped, arrays as repeated keys; as `URLSearchParams` encodes it. */
export function buildQuery(query: Readonly<Record<string, unknown>> | undefined): string {
  if (query === undefined) return '';
  // Most names and values are plain (`limit=10`) and are joined as they are; from the first that is
  // not, URLSearchParams takes over (the plain pairs before it read back unchanged).
  let text = '';
  let search: URLSearchParams | undefined;
  for (const key of Object.keys(query)) {
    const value = query[key];
    if (value === undefined || value === null) continue;
    const items: readonly unknown[] | undefined = Array.isArray(value) ? (value as readonly unknown[]) : undefined;
    const count = items === undefined ? 1 : items.length;
    for (let i = 0; i < count; i++) {
      const item = String(items === undefined ? value : items[i]);
      if (search === undefined && PLAIN_QUERY_TEXT.test(key) && PLAIN_QUERY_TEXT.test(item)) {
        text += `${text === '' ? '?' : '&'}${key}=${item}`;
      } else {
        search ??= new URLSearchParams(text);
        search.append(key, item);
      }
    }
  }
  if (search === undefined) return text;
  const encoded = search.toString();
  return encoded === '' ? '' : `?${encoded}`;
}

/**
 * Runs one call to completion: resolves with the parsed JSON body (`undefined` for 204 or an empty
 * body) or rejects with an {@link ApiError} subclass, the caller's abort reason, or a {@link TimeoutError}.
 */
export function performRequest(ctx: RequestContext, req: RawRequest, operation?: OperationEntry): Promise<unknown> {
  let method: string;
  let url: string;
  let headers: Headers;
  let body: string | null;
  let call: CallSignal | undefined;
  try {
    method = METHOD_NAMES.get(req.method) ?? req.method.toUpperCase();
    const spec = operation ?? ctx.routes.get(method)?.get(req.path);
    if (spec !== undefined) checkQuery(spec, req.query);
    url = ctx.urlFor(fillPath(req.path, req.pathParams)) + buildQuery(req.query);
    const timeoutMs = req.timeoutMs ?? ctx.timeoutMs;
    if (timeoutMs !== undefined && !(timeoutMs > 0))
      throw new ApiClientConfigurationError(
        `timeoutMs must be a positive number of milliseconds (got ${String(timeoutMs)})`,
      );
    headers = baseHeaders(ctx, req, method);
    body = encodeBody(req.body, method) ?? null;
    call = callSignal(req.signal, timeoutMs, ctx.clock);
  } catch (error) {
    return Promise.reject(error as Error);
  }
  // Nothing can abort a call without a caller signal or a deadline: no signal to set up, pass or take down.
  if (call === undefined) return attemptLoop(ctx, method, url, headers, body, undefined);
  return settleCall(attemptLoop(ctx, method, url, headers, body, call.signal), call);
}

/** The call's outcome once its signal is taken down; after an abort, the abort's reason. */
async function settleCall(attempts: Promise<unknown>, call: CallSignal): Promise<unknown> {
  try {
    return await attempts;
  } catch (error) {
    if (call.signal.aborted) throw call.signal.reason;
    throw error;
  } finally {
    call.dispose();
  }
}

async function attemptLoop(
  ctx: RequestContext,
  method: string,
  url: string,
  headers: Headers,
  body: string | null,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  let retries = 0;
  let refreshedAfter401 = false;
  for (;;) {
    // A token refresh that hangs must not outlive the call's deadline or abort.
    const token = await (signal === undefined
      ? ctx.auth.getAccessToken()
      : untilAborted(ctx.auth.getAccessToken(), signal));
    const keyed = ctx.limiter.keyFor(token);
    const key = typeof keyed === 'string' ? keyed : await keyed;
    const admitted = ctx.limiter.acquire(key, signal);
    if (admitted !== undefined) await admitted;
    headers.set('Authorization', `Bearer ${token}`);
    let response: Response;
    let text: string;
    try {
      response = await ctx.fetch(
        url,
        signal === undefined ? { method, headers, body } : { method, headers, body, signal },
      );
      text = response.status === 204 ? '' : await response.text();
    } catch (cause) {
      signal?.throwIfAborted();
      const decision = decide(ctx, method, retries, { kind: 'network_error' });
      if (!decision.retry) throw new ConnectionError({ cause });
      retries++;
      await ctx.clock.sleep(decision.delayMs, signal);
      continue;
    }

    if (response.ok) return parseSuccess(response, text, token);

    if (response.status === 401 && !refreshedAfter401 && ctx.auth.handleUnauthorized !== undefined) {
      // A 401 means the request was not acted on, so one retry with a new token is safe for any method.
      refreshedAfter401 = true;
      const refreshed = ctx.auth.handleUnauthorized(token);
      if (await (signal === undefined ? refreshed : untilAborted(refreshed, signal))) continue;
    }

    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), ctx.clock.now());
    const decision = decide(ctx, method, retries, { kind: 'response', status: response.status, retryAfterMs });
    if (response.status === 429) {
      // Every request counted against this key waits out the pause, not just this one.
      await ctx.limiter.pause(
        key,
        decision.retry ? decision.delayMs : Math.min(retryAfterMs ?? 0, ctx.maxRetryAfterMs),
      );
    }
    if (!decision.retry) {
      throw errorFromResponse(response.status, response.headers, text, {
        retryAfterSeconds: retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000),
        rateLimitDetail: rateLimitDetail(ctx, decision),
        secrets: [token],
      });
    }
    retries++;
    // A 429 wait is enforced by the limiter's pause at the top of the loop.
    if (response.status !== 429) await ctx.clock.sleep(decision.delayMs, signal);
  }
}

function decide(ctx: RequestContext, method: string, retriesSoFar: number, outcome: AttemptOutcome): RetryDecision {
  return decideRetry({
    method,
    retriesSoFar,
    maxRetries: ctx.maxRetries,
    maxRetryAfterMs: ctx.maxRetryAfterMs,
    outcome,
    random: ctx.random(),
  });
}

function rateLimitDetail(ctx: RequestContext, decision: RetryDecision): string | undefined {
  if (decision.reason === 'retry_after_too_long') {
    return `that is longer than maxRetryAfterSeconds (${ctx.maxRetryAfterMs / 1000} s), so the client did not wait: try again after that time`;
  }
  if (decision.reason === 'retries_exhausted') return `no retries left (maxRetries: ${ctx.maxRetries})`;
  return undefined;
}

/** Headers of every attempt but `Authorization`; a header the platform refuses is the caller's error, reported before sending. */
function baseHeaders(ctx: RequestContext, req: RawRequest, method: string): Headers {
  let headers: Headers;
  try {
    headers = new Headers(req.headers as HeadersInit | undefined);
  } catch (error) {
    throw refusedBeforeSending(
      'headers',
      `are not valid HTTP headers (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  headers.set('Accept', 'application/json');
  if (ctx.userAgent !== '') headers.set('User-Agent', ctx.userAgent);
  if (BODY_METHODS.has(method)) {
    headers.set(
      'Content-Type',
      req.body instanceof URLSearchParams ? 'application/x-www-form-urlencoded' : 'application/json',
    );
  }
  return headers;
}

/** POST/PUT/PATCH bodies are JSON objects (`{}` when none is given); `URLSearchParams` is sent as a form. */
function encodeBody(body: unknown, method: string): string | undefined {
  if (!BODY_METHODS.has(method)) return undefined;
  if (body instanceof URLSearchParams) return body.toString();
  return JSON.stringify(body ?? {});
}

/** A success body: JSON with the house policy for dangerous keys ('remove': one hostile key must not lose the response). */
function parseSuccess(response: Response, text: string, token: string): unknown {
  if (response.status === 204 || text.trim() === '') return undefined;
  const parsed = parseJson(text, 'remove');
  if (!parsed.ok) {
    throw new ApiError({
      status: response.status,
      type: 'invalid_response',
      headers: response.headers,
      rawBody: redactSecrets(text, [token]),
      message: `The API answered ${response.status} with a body that is not JSON`,
    });
  }
  return parsed.value;
}

/** The signal of a call, and how to take it down once the call is settled. */
interface CallSignal {
  readonly signal: AbortSignal;
  readonly dispose: () => void;
}

/** Why a deadline timer is cancelled: never seen (the cancelled sleep's rejection is dropped), made once. */
const CALL_SETTLED = Object.freeze(new Error('call settled'));

/**
 * One signal for the whole call (all attempts and waits): the caller's abort or the deadline, timed by
 * the clock; `undefined` when the call has neither, so nothing can abort it.
 */
function callSignal(
  callerSignal: AbortSignal | undefined,
  timeoutMs: number | undefined,
  clock: Clock,
): CallSignal | undefined {
  const timed = timeoutMs !== undefined && Number.isFinite(timeoutMs);
  if (callerSignal === undefined && !timed) return undefined;
  const controller = new AbortController();
  const onCallerAbort = (): void => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) controller.abort(callerSignal.reason);
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  let deadline: AbortController | undefined;
  if (timed) {
    deadline = new AbortController();
    clock.sleep(timeoutMs, deadline.signal).then(
      () => controller.abort(new TimeoutError(timeoutMs)),
      () => undefined,
    );
  }
  return {
    signal: controller.signal,
    dispose: () => {
      // With a reason of our own: `abort()` without one builds a DOMException, stack trace included.
      deadline?.abort(CALL_SETTLED);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    },
  };
}

/** Settles with `promise`, or rejects with `signal.reason` as soon as the signal aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(signal.reason as unknown);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason as unknown);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
