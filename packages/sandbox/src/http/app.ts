/**
 * The HTTP layer: a Hono app with one route per operation of the generated route table. Each request
 * goes through the same steps, in this order, before its handler runs:
 *   authentication (bearer token) → rate limit (per account) → query/path parameters (spec validators)
 *   → body (size limit, media type, UTF-8, JSON with the dangerous-key policy, spec validator)
 * and every reply is checked against the operation's documented responses before it is sent. Faults
 * the test controls inject come first (before authentication); what a request does wrong against the
 * spec is kept for the contract report. A refusal, thrown by any step, handler, control route or
 * middleware, is answered in one place: the app's `onError` (its status, error body and headers; an
 * API operation's checked against the spec like any reply); any other error is a 500 that names nothing
 * of it.
 */
import { parseJson } from '@commerce-kit/internal/safe-json';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono, type Context } from 'hono';
import { validateOAuthErrorBody } from '@commerce-kit/api-types/validators';
import { ROUTES, type OperationId } from '../generated/routes.js';
import type { Logger } from '../logger.js';
import type { RateLimiter } from '../services/rate-limit.js';
import { toFieldErrors, type FieldErrors } from '../validation/field-errors.js';
import { readBody, type BodyFailure } from './body.js';
import type { Clock } from '@commerce-kit/internal/clock';
import type { FaultAction } from '../control/faults.js';
import { findingsOf, type Finding, type ViolationLocation } from '../control/violations.js';
import { registerControlRoutes, type ControlRouteDeps } from './control-routes.js';
import { registerOrderRoutes, type OrderRouteDeps } from './order-routes.js';
import { registerPageRoutes, type PageDeps } from './page-routes.js';
import { createHandlers, QUERY_CHECKED_BY_HANDLER, type HandlerInput, type Services } from './handlers.js';
import { registerDocsRoutes } from './docs-routes.js';
import { registerOidcRoutes } from './oidc-routes.js';
import { parseTokenForm } from './token-form.js';
import { invalidRequest, Refusal } from '../refusal.js';
import type { Reply } from './reply.js';
import type { ResponseMismatchAction } from '../options.js';
import { responseMismatch } from './response-check.js';
import type { RouteSpec } from './route-spec.js';
import { outgoingOf, send } from './send.js';

export interface AppDeps extends PageDeps, ControlRouteDeps, OrderRouteDeps {
  readonly clock: Clock;
  readonly services: Services;
  readonly rateLimiter: RateLimiter;
  readonly log: Logger;
  readonly onResponseMismatch: ResponseMismatchAction;
  readonly logRequests: boolean;
}

/** The token endpoint answers in OAuth's error format: its documented 400 body is `OAuthErrorBody`. */
function usesOAuthErrors(route: RouteSpec): boolean {
  return route.responses.some((r) => r.status === '400' && r.validate === validateOAuthErrorBody);
}

function declares(route: RouteSpec, status: string): boolean {
  return route.responses.some((r) => r.status === status);
}

function oauthInvalidRequest(description: string, error = 'invalid_request'): Refusal {
  return new Refusal(400, { error, error_description: description }, { headers: { 'cache-control': 'no-store' } });
}

/** A body that could not be read, answered with the status the route documents for it. */
function bodyProblem(route: RouteSpec, failure: BodyFailure): Refusal {
  if (usesOAuthErrors(route)) return oauthInvalidRequest(`the body ${failure.message}`);
  const field = failure.kind === 'media_type' ? 'content-type' : 'body';
  const status =
    failure.kind === 'too_large' && declares(route, '413')
      ? 413
      : failure.kind === 'media_type' && declares(route, '415')
        ? 415
        : 400;
  return new Refusal(status, { type: 'invalid_request_error', errors: { [field]: [failure.message] } });
}

/**
 * The spec's query parameters of the route. Others are not part of the contract: listed in `unknown`
 * (tolerated, or refused in strict mode by the caller); a parameter given twice is left out and listed
 * in `repeated`.
 */
function queryOf(route: RouteSpec, url: string, unknown: string[], repeated: string[]): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  const start = url.indexOf('?');
  if (start < 0) return query;
  const params = new URLSearchParams(url.slice(start + 1));
  for (const name of new Set(params.keys())) {
    if (!route.queryParameters.includes(name)) unknown.push(name);
  }
  for (const name of route.queryParameters) {
    const values = params.getAll(name);
    if (values.length > 1) repeated.push(name);
    else if (values.length === 1) query[name] = values[0];
  }
  return query;
}

/** The token of a `Bearer` Authorization header. */
function bearerToken(authorization: string | undefined): string | undefined {
  const match = authorization === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match?.[1];
}

/** A status fault's answer: the documented error body, saying the failure was injected. */
function faultReply(fault: Extract<FaultAction, { type: 'status' }>): Reply {
  if (fault.status === 429) {
    return {
      status: 429,
      body: {
        type: 'rate_limit_error',
        errors: { rate_limit: [`too many requests (a fault injected by the sandbox): retry in ${fault.retryAfter} s`] },
      },
      headers: { 'retry-after': String(fault.retryAfter) },
    };
  }
  return {
    status: fault.status,
    body: {
      type: 'api_error',
      errors: { server: [`the server failed (a ${fault.status} fault injected by the sandbox)`] },
    },
  };
}

async function bodyOf(route: RouteSpec, request: Request): Promise<unknown> {
  const spec = route.body;
  if (!spec) return undefined;
  const read = await readBody(request, spec.contentType);
  if (!read.ok) throw bodyProblem(route, read.failure);
  if (spec.contentType === 'application/x-www-form-urlencoded') return parseTokenForm(read.text);
  if (read.text === '') {
    if (spec.required) throw invalidRequest('body', 'is required: send a JSON object');
    return undefined;
  }
  const parsed = parseJson(read.text, 'error');
  if (!parsed.ok) {
    throw invalidRequest('body', parsed.reason === 'syntax' ? `is not valid JSON: ${parsed.message}` : parsed.message);
  }
  if (!spec.validate(parsed.value))
    throw new Refusal(400, { type: 'invalid_request_error', errors: toFieldErrors(spec.validate.errors, 'body') });
  return parsed.value;
}

/** A request header, read from Node's parsed headers when there (no web `Headers` built per request). */
function headerOf(c: Context, name: 'authorization' | 'accept'): string | undefined {
  const env = c.env as Partial<HttpBindings> | undefined;
  const incoming = env?.incoming;
  return incoming === undefined ? c.req.header(name) : incoming.headers[name];
}

/**
 * A known path with a method it does not have: 405 with `Allow` (RFC 9110 §15.5.6), after every route
 * is registered. HEAD is answered wherever GET is (Hono runs the GET handler).
 */
function answerUnknownMethods(app: Hono): void {
  const methods = new Map<string, Set<string>>();
  for (const route of app.routes) {
    if (route.method === 'ALL') continue;
    const set = methods.get(route.path) ?? new Set<string>();
    set.add(route.method);
    if (route.method === 'GET') set.add('HEAD');
    methods.set(route.path, set);
  }
  for (const [path, allowed] of methods) {
    const allow = [...allowed].join(', ');
    app.all(path, (c) => {
      throw new Refusal(
        405,
        {
          type: 'invalid_request_error',
          errors: { method: [`${c.req.method} is not allowed on ${c.req.path}: use ${allow}`] },
        },
        { headers: { allow } },
      );
    });
  }
}

/** Builds the Hono app. */
export function createApp(deps: AppDeps): Hono {
  const { services, rateLimiter, log, onResponseMismatch, clock, faults, violations, strict } = deps;
  const handlers = createHandlers(services);
  const app = new Hono();
  if (deps.logRequests) {
    app.use(async (c, next) => {
      const started = performance.now();
      await next();
      // Written straight to Node's response, or a web Response the adapter writes after this returns.
      const outgoing = outgoingOf(c);
      const status = outgoing?.headersSent ? outgoing.statusCode : c.res.status;
      log.info(
        `${c.req.method} ${new URL(c.req.url).pathname} -> ${status} (${(performance.now() - started).toFixed(1)} ms)`,
      );
    });
  }

  const checked = (route: RouteSpec, reply: Reply): Reply => {
    const mismatch = responseMismatch(route, reply);
    if (mismatch === undefined) return reply;
    log.error(`response does not match the spec: ${mismatch}`);
    if (onResponseMismatch === 'log') return reply;
    return { status: 500, body: { type: 'api_error', errors: { response: [mismatch] } } };
  };

  /** Latency and the fault for this request: undefined to go on, or what to answer (a drop answers nothing). */
  const injected = async (
    c: Context,
    route: RouteSpec,
    path: string,
    authorization: string | undefined,
  ): Promise<Reply | 'dropped' | undefined> => {
    if (faults.latencyMs > 0) await clock.sleep(faults.latencyMs);
    const fault = faults.take(route.method, path, bearerToken(authorization));
    if (fault === undefined) return undefined;
    if (fault.type === 'delay') {
      await clock.sleep(fault.delayMs);
      return undefined;
    }
    if (fault.type === 'status') return faultReply(fault);
    const socket = (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket;
    if (socket === undefined)
      return {
        status: 503,
        body: {
          type: 'api_error',
          errors: { server: ['the connection was dropped (a fault injected by the sandbox)'] },
        },
      };
    socket.destroy();
    return 'dropped';
  };

  /** Where a request's checks are, and what they found so far (for the contract report). */
  interface Tracking {
    stage: ViolationLocation | 'handler';
    /** The findings already answered as such (strict mode), not to be listed twice. */
    reported: boolean;
    readonly findings: Finding[];
  }

  /** Authentication, rate limit, parameters and body, in that order: the handler's validated input. */
  const prepare = async (
    c: Context,
    route: RouteSpec,
    authorization: string | undefined,
    track: Tracking,
  ): Promise<HandlerInput> => {
    if (route.security === 'bearer' && authorization === undefined) {
      track.findings.push({
        in: 'header',
        pointer: '/header/authorization',
        message: 'authorization is required: send "Bearer <access token>"',
      });
    }
    const caller = route.security === 'bearer' ? services.oauth.authenticate(authorization) : undefined;
    if (caller) {
      const turn = rateLimiter.take(caller.accountId);
      if (!turn.allowed) {
        throw new Refusal(
          429,
          {
            type: 'rate_limit_error',
            errors: { rate_limit: [`too many requests for this account: retry in ${turn.retryAfterSeconds} s`] },
          },
          { headers: { 'retry-after': String(turn.retryAfterSeconds) } },
        );
      }
    }
    track.stage = 'query';
    const unknown: string[] = [];
    const repeated: string[] = [];
    const query = queryOf(route, c.req.url, unknown, repeated);
    for (const name of unknown) {
      track.findings.push({
        in: 'query',
        pointer: `/query/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`,
        message: `${name} is not a query parameter of ${route.operationId}`,
      });
    }
    // What is wrong with the query, by parameter; thrown as a 400 unless the handler answers it itself.
    const queryErrors: FieldErrors = {};
    for (const name of repeated) queryErrors[name] = ['is given more than once'];
    if (strict)
      for (const name of unknown) queryErrors[name] = ['is not a query parameter of this operation (strict mode)'];
    if (route.validateQuery && !route.validateQuery(query)) {
      for (const [field, messages] of Object.entries(toFieldErrors(route.validateQuery.errors, 'query'))) {
        if (repeated.includes(field)) continue; // "is required" only because it was left out
        queryErrors[field] = [...(queryErrors[field] ?? []), ...messages];
        if (field !== 'query') delete query[field];
      }
    }
    if (Object.keys(queryErrors).length > 0) {
      if (strict && unknown.length > 0) track.reported = true;
      if (!QUERY_CHECKED_BY_HANDLER.has(route.operationId as OperationId))
        throw new Refusal(400, { type: 'invalid_request_error', errors: queryErrors });
      track.findings.push(
        ...findingsOf(
          'query',
          Object.fromEntries(Object.entries(queryErrors).filter(([name]) => !unknown.includes(name))),
        ),
      );
    }
    track.stage = 'path';
    const path: Record<string, unknown> = route.validatePath ? { ...c.req.param() } : {};
    if (route.validatePath && !route.validatePath(path))
      throw new Refusal(400, {
        type: 'invalid_request_error',
        errors: toFieldErrors(route.validatePath.errors, 'path'),
      });
    track.stage = 'body';
    const body = route.body ? await bodyOf(route, c.req.raw) : undefined;
    track.stage = 'handler';
    return { query, queryErrors, path, body, caller, authorization, accept: headerOf(c, 'accept') };
  };

  /** The API operation a request is for, so that `onError` checks its refusal against the operation's responses. */
  const operationOf = new WeakMap<Context, RouteSpec>();

  for (const route of ROUTES as readonly RouteSpec[]) {
    const handler = handlers[route.operationId as keyof typeof handlers];
    app.on(route.method, route.pattern, async (c) => {
      const arrived = clock.now();
      const path = c.req.path;
      const authorization = headerOf(c, 'authorization');
      violations.checked(route.operationId);
      const fault = faults.active ? await injected(c, route, path, authorization) : undefined;
      if (fault === 'dropped') return RESPONSE_ALREADY_SENT;
      // An injected answer is sent as asked, unchecked: it is the test's choice, not the sandbox's reply.
      if (fault !== undefined) return send(c, fault);
      const track: Tracking = { stage: 'header', reported: false, findings: [] };
      const record = (status: number): void => {
        if (track.findings.length > 0)
          violations.record(
            { method: route.method, path, operationId: route.operationId, time: arrived },
            track.findings,
            status,
          );
      };
      let reply: Reply;
      try {
        reply = handler(await prepare(c, route, authorization, track));
      } catch (error) {
        if (error instanceof Refusal) {
          // What the request got wrong (not the state it met: an unknown customer, an expired token).
          const { stage } = track;
          if (
            stage !== 'handler' &&
            stage !== 'header' &&
            error.status >= 400 &&
            error.status < 500 &&
            !track.reported
          ) {
            track.findings.push(
              ...findingsOf(
                stage,
                error.body.errors ?? { [stage]: [String(error.body['error_description'] ?? 'is invalid')] },
              ),
            );
          }
          record(error.status);
          operationOf.set(c, route);
        }
        throw error; // answered by onError
      }
      record(reply.status);
      return send(c, checked(route, reply));
    });
  }

  registerControlRoutes(app, deps);
  registerOrderRoutes(app, deps); // after the control routes: behind the same access rule
  registerPageRoutes(app, deps, (reply) => {
    const authorize = (ROUTES as readonly RouteSpec[]).find((r) => r.operationId === 'authorize');
    return authorize ? checked(authorize, reply) : reply;
  });

  registerOidcRoutes(app, deps);
  registerDocsRoutes(app);
  answerUnknownMethods(app);

  app.notFound((c) => {
    const path = c.req.path;
    const message = `no operation at ${c.req.method} ${path}`;
    if (!path.startsWith('/_sandbox/')) {
      violations.checked(null);
      violations.record(
        { method: c.req.method, path, operationId: null, time: clock.now() },
        [{ in: 'route', pointer: '', message }],
        404,
      );
    }
    return send(c, { status: 404, body: { type: 'not_found_error', errors: { path: [message] } } });
  });
  // The one place a refusal becomes a response: its status, error body and headers.
  app.onError((error, c) => {
    if (error instanceof Refusal) {
      const reply: Reply = { status: error.status, body: error.body, headers: error.headers };
      const route = operationOf.get(c);
      return send(c, route === undefined ? reply : checked(route, reply));
    }
    log.error(
      `internal error on ${c.req.method} ${new URL(c.req.url).pathname}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return send(c, {
      status: 500,
      body: { type: 'api_error', errors: { server: ['the sandbox failed to answer this request (see its log)'] } },
    });
  });
  return app;
}
