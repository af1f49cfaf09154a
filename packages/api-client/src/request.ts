/**
 * One API call at run time: URL and headers, the rate limiter, the timeout and
 * caller abort, the 401 refresh, retries (as `decideRetry` says), and the
 * mapping of answers to values or typed errors.
 */
import type { AuthProvider } from './auth.js';
import type { Clock } from './clock.js';
import type { CallHeaders } from './openapi-types.js';
import { ApiError, ConnectionError, TimeoutError, errorFromResponse } from './errors.js';
import { redactSecrets } from './redact.js';
import type { RateLimiter } from './rate-limiter.js';
import { MAX_RETRY_AFTER_MS, decideRetry, parseRetryAfter, type AttemptOutcome } from './retry.js';
import { safeJsonParse } from './safe-json.js';
import { joinUrl } from './url.js';

/** The `fetch` signature the client needs (the global one fits). */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

/** Everything a call needs from its client. */
export interface RequestContext {
  readonly baseUrl: string;
  readonly auth: AuthProvider;
  readonly fetch: FetchFunction;
  readonly maxRetries: number;
  readonly timeoutMs: number | undefined;
  readonly limiter: RateLimiter;
  readonly userAgent: string;
  readonly clock: Clock;
  readonly random: () => number;
}

/** A call, untyped: what the typed layer hands down. */
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
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`Missing path parameter "${name}" for ${template}`);
    }
    const text = String(value);
    // URL parsing would resolve these as dot segments and send the call to another path.
    if (text === '.' || text === '..') throw new TypeError(`Path parameter "${name}" cannot be "${text}"`);
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
 * Runs one call to completion: resolves with the parsed JSON body (`undefined` for
 * 204 or an empty body) or rejects with an {@link ApiError} subclass, the caller's
 * abort reason, or a {@link TimeoutError}.
 */
export async function performRequest(ctx: RequestContext, req: RawRequest): Promise<unknown> {
  const method = req.method.toUpperCase();
  const url = joinUrl(ctx.baseUrl, fillPath(req.path, req.pathParams)) + buildQuery(req.query);
  const timeoutMs = req.timeoutMs ?? ctx.timeoutMs;
  if (timeoutMs !== undefined && !(timeoutMs > 0)) throw new RangeError('timeoutMs must be a positive number');
  const { signal, timeoutError, dispose } = callSignal(req.signal, timeoutMs);
  try {
    return await attemptLoop(ctx, req, method, url, signal);
  } catch (error) {
    if (signal.aborted) {
      // Report why the call ended, not the DOMException fetch happened to throw.
      if (timeoutError !== undefined && signal.reason === timeoutError) throw timeoutError;
      throw signal.reason;
    }
    throw error;
  } finally {
    dispose();
  }
}

async function attemptLoop(ctx: RequestContext, req: RawRequest, method: string, url: string, signal: AbortSignal): Promise<unknown> {
  let retries = 0;
  let refreshedAfter401 = false;
  for (;;) {
    await ctx.limiter.acquire(signal);
    // A token refresh that hangs must not outlive the call's deadline or abort.
    const token = await untilAborted(ctx.auth.getAccessToken(), signal);
    // Built outside the try: a bad header or body is the caller's error, not a network failure to retry.
    const init: RequestInit = { method, headers: buildHeaders(ctx, req, method, token), body: encodeBody(req.body, method) ?? null, signal };
    let response: Response;
    let text: string;
    try {
      response = await ctx.fetch(url, init);
      text = response.status === 204 ? '' : await response.text();
    } catch (cause) {
      signal.throwIfAborted();
      const outcome: AttemptOutcome = { kind: 'network_error' };
      const decision = decideRetry({ method, retriesSoFar: retries, maxRetries: ctx.maxRetries, outcome, random: ctx.random() });
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
    const outcome: AttemptOutcome = { kind: 'response', status: response.status, retryAfterMs };
    const decision = decideRetry({ method, retriesSoFar: retries, maxRetries: ctx.maxRetries, outcome, random: ctx.random() });
    if (response.status === 429) {
      // Every request of this account waits out the pause, not just this one.
      const pauseMs = decision.retry ? decision.delayMs : Math.min(retryAfterMs ?? 0, MAX_RETRY_AFTER_MS);
      ctx.limiter.pause(pauseMs);
    }
    if (!decision.retry) {
      const retryAfter = retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000);
      throw errorFromResponse(response.status, response.headers, text, retryAfter, [token]);
    }
    retries++;
    // A 429 wait is enforced by the shared limiter pause at the top of the loop.
    if (response.status !== 429) await ctx.clock.sleep(decision.delayMs, signal);
  }
}

function buildHeaders(ctx: RequestContext, req: RawRequest, method: string, token: string): Headers {
  const headers = new Headers(req.headers as HeadersInit | undefined);
  headers.set('Accept', 'application/json');
  headers.set('Authorization', `Bearer ${token}`);
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

function parseSuccess(response: Response, text: string, token: string): unknown {
  if (response.status === 204 || text.trim() === '') return undefined;
  const parsed = safeJsonParse(text);
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

/** One signal for the whole call (all attempts and waits): the caller's abort or the timeout. */
function callSignal(
  callerSignal: AbortSignal | undefined,
  timeoutMs: number | undefined,
): { signal: AbortSignal; timeoutError: TimeoutError | undefined; dispose: () => void } {
  const controller = new AbortController();
  const onCallerAbort = (): void => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) controller.abort(callerSignal.reason);
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timeoutError: TimeoutError | undefined;
  if (timeoutMs !== undefined && Number.isFinite(timeoutMs)) {
    timeoutError = new TimeoutError(timeoutMs);
    const error = timeoutError;
    timer = setTimeout(() => controller.abort(error), timeoutMs);
  }
  return {
    signal: controller.signal,
    timeoutError,
    dispose: () => {
      if (timer !== undefined) clearTimeout(timer);
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
