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
import type { OperationEntry } from './resource-table.js';
import { decideRetry, parseRetryAfter, type AttemptOutcome, type RetryDecision } from './retry.js';
import { joinUrl } from './url.js';

/** The `fetch` signature the client needs (the global one fits). */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

/** Everything a call needs from its client, normalised once by `createClient`. */
export interface RequestContext {
  readonly baseUrl: URL;
  readonly auth: AuthProvider;
  readonly fetch: FetchFunction;
  readonly maxRetries: number;
  readonly maxRetryAfterMs: number;
  readonly timeoutMs: number | undefined;
  readonly limiter: ClientRateLimiter;
  readonly userAgent: string;
  readonly clock: Clock;
  readonly random: () => number;
  /** `GET /customers` -> the spec's operation, for the checks of the path-based call. */
  readonly routes: ReadonlyMap<string, OperationEntry>;
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

/** Replaces `{name}` segments with URL-encoded path parameters. */
export function fillPath(template: string, params: Readonly<Record<string, unknown>> | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw refusedBeforeSending(name, `is required (path parameter of ${template})`);
    const text = String(value);
    // URL parsing would resolve these as dot segments and send the call to another path.
    if (text === '.' || text === '..') throw refusedBeforeSending(name, `cannot be "${text}"`);
    return encodeURIComponent(text);
  });
}

/** Serializes a query object: `undefined` skipped, arrays as repeated keys. */
export function buildQuery(query: Readonly<Record<string, unknown>> | undefined): string {
  if (query === undefined) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) search.append(key, String(item));
    } else {
      search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * Runs one call to completion: resolves with the parsed JSON body (`undefined` for 204 or an empty
 * body) or rejects with an {@link ApiError} subclass, the caller's abort reason, or a {@link TimeoutError}.
 */
export async function performRequest(ctx: RequestContext, req: RawRequest, operation?: OperationEntry): Promise<unknown> {
  const method = req.method.toUpperCase();
  const spec = operation ?? ctx.routes.get(`${method} ${req.path}`);
  if (spec !== undefined) checkQuery(spec, req.query);
  const url = joinUrl(ctx.baseUrl, fillPath(req.path, req.pathParams)) + buildQuery(req.query);
  const timeoutMs = req.timeoutMs ?? ctx.timeoutMs;
  if (timeoutMs !== undefined && !(timeoutMs > 0)) throw new ApiClientConfigurationError(`timeoutMs must be a positive number of milliseconds (got ${String(timeoutMs)})`);
  const headers = baseHeaders(ctx, req, method);
  const body = encodeBody(req.body, method) ?? null;
  const call = callSignal(req.signal, timeoutMs, ctx.clock);
  try {
    return await attemptLoop(ctx, method, url, headers, body, call.signal);
  } catch (error) {
    if (call.signal.aborted) throw call.signal.reason;
    throw error;
  } finally {
    call.dispose();
  }
}

async function attemptLoop(ctx: RequestContext, method: string, url: string, headers: Headers, body: string | null, signal: AbortSignal): Promise<unknown> {
  let retries = 0;
  let refreshedAfter401 = false;
  for (;;) {
    // A token refresh that hangs must not outlive the call's deadline or abort.
    const token = await untilAborted(ctx.auth.getAccessToken(), signal);
    const key = await ctx.limiter.keyFor(token);
    await ctx.limiter.acquire(key, signal);
    headers.set('Authorization', `Bearer ${token}`);
    let response: Response;
    let text: string;
    try {
      response = await ctx.fetch(url, { method, headers, body, signal });
      text = response.status === 204 ? '' : await response.text();
    } catch (cause) {
      signal.throwIfAborted();
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
      if (await untilAborted(ctx.auth.handleUnauthorized(token), signal)) continue;
    }

    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), ctx.clock.now());
    const decision = decide(ctx, method, retries, { kind: 'response', status: response.status, retryAfterMs });
    if (response.status === 429) {
      // Every request counted against this key waits out the pause, not just this one.
      await ctx.limiter.pause(key, decision.retry ? decision.delayMs : Math.min(retryAfterMs ?? 0, ctx.maxRetryAfterMs));
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
  return decideRetry({ method, retriesSoFar, maxRetries: ctx.maxRetries, maxRetryAfterMs: ctx.maxRetryAfterMs, outcome, random: ctx.random() });
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
    throw refusedBeforeSending('headers', `are not valid HTTP headers (${error instanceof Error ? error.message : String(error)})`);
  }
  headers.set('Accept', 'application/json');
  if (ctx.userAgent !== '') headers.set('User-Agent', ctx.userAgent);
  if (BODY_METHODS.has(method)) {
    headers.set('Content-Type', req.body instanceof URLSearchParams ? 'application/x-www-form-urlencoded' : 'application/json');
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

/** One signal for the whole call (all attempts and waits): the caller's abort or the deadline, timed by the clock. */
function callSignal(callerSignal: AbortSignal | undefined, timeoutMs: number | undefined, clock: Clock): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const onCallerAbort = (): void => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) controller.abort(callerSignal.reason);
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  const deadline = new AbortController();
  if (timeoutMs !== undefined && Number.isFinite(timeoutMs)) {
    clock.sleep(timeoutMs, deadline.signal).then(
      () => controller.abort(new TimeoutError(timeoutMs)),
      () => undefined,
    );
  }
  return {
    signal: controller.signal,
    dispose: () => {
      deadline.abort();
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
