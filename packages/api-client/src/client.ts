/**
 * `createClient`: the resources generated from the spec, and the path-based call.
 */
import type { paths } from '@commerce-kit/api-types';
import type { AuthProvider } from './auth.js';
import type { CallHeaders } from './call-options.js';
import { contextFrom } from './client-options.js';
import type { ClientOptions } from './client-options.js';
import { RESOURCES, type Resources } from './generated/resources.js';
import type {
  CallArgs,
  HttpMethod,
  MethodName,
  MethodOf,
  PathsWithMethod,
  RequestOptions,
  ResponseOf,
} from './openapi-types.js';
import { performRequest } from './request.js';
import { createResources } from './resources.js';

export type { ClientOptions };
export type { AuthProvider };

/**
 * The client: one property per resource of the API (`customers`, `charges`, `orders`, `products`,
 * `categories`, `blogPosts`, `discounts`), with a method per operation (`client.customers.list()`,
 * `.create(body)`, `.retrieve(id)`, `.update(id, body)`, `.del(id)`), and `request`/`get`/`post`/
 * `put`/`delete` to call any operation by its path, typed from the spec.
 */
export interface Client extends Resources {
  /** Calls `method path` (`'get'` or `'GET'`); resolves with the parsed success body (`undefined` for 204). */
  request<M extends MethodName, P extends PathsWithMethod<paths, MethodOf<M>>>(
    method: M,
    path: P,
    ...args: CallArgs<paths, P, MethodOf<M>>
  ): Promise<ResponseOf<paths, P, MethodOf<M>>>;
  /** `GET path`. */
  get<P extends PathsWithMethod<paths, 'get'>>(
    path: P,
    ...args: CallArgs<paths, P, 'get'>
  ): Promise<ResponseOf<paths, P, 'get'>>;
  /** `POST path` with a JSON body. Never retried after a 5xx or network error. */
  post<P extends PathsWithMethod<paths, 'post'>>(
    path: P,
    ...args: CallArgs<paths, P, 'post'>
  ): Promise<ResponseOf<paths, P, 'post'>>;
  /** `PUT path` with a JSON body. */
  put<P extends PathsWithMethod<paths, 'put'>>(
    path: P,
    ...args: CallArgs<paths, P, 'put'>
  ): Promise<ResponseOf<paths, P, 'put'>>;
  /** `DELETE path`; a 204 resolves `undefined`. */
  delete<P extends PathsWithMethod<paths, 'delete'>>(
    path: P,
    ...args: CallArgs<paths, P, 'delete'>
  ): Promise<ResponseOf<paths, P, 'delete'>>;
}

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/**
 * Creates a client for the commerce platform API. Options are checked here, once.
 *
 * @throws {ApiClientConfigurationError} for a missing or invalid option (a `baseUrl` that is not
 * HTTPS, both or neither of `accessToken` and `auth`, a negative `maxRetries`, ...).
 *
 * @example
 * ```ts
 * const client = createClient({ baseUrl: 'https://api.example.com', accessToken: process.env.TOKEN! });
 * for await (const customer of client.customers.list({ limit: 100 })) console.log(customer.email);
 * ```
 */
export function createClient(options: ClientOptions): Client {
  const ctx = contextFrom(options);
  const call = (
    method: string,
    path: string,
    opts: RequestOptions<paths, never, HttpMethod> | undefined,
  ): Promise<never> => {
    const o = (opts ?? {}) as {
      query?: Record<string, unknown>;
      path?: Record<string, unknown>;
      body?: unknown;
      headers?: CallHeaders;
      signal?: AbortSignal;
      timeoutMs?: number;
    };
    return performRequest(ctx, {
      method,
      path,
      pathParams: o.path,
      query: o.query,
      body: o.body,
      headers: o.headers,
      signal: o.signal,
      timeoutMs: o.timeoutMs,
    }) as Promise<never>;
  };
  const shown = `CommerceClient { baseUrl: ${JSON.stringify(ctx.baseUrl.origin + ctx.baseUrl.pathname)} }`;
  const client = {
    ...createResources(ctx, RESOURCES),
    request: (method: string, path: string, opts?: never) => call(method, path, opts),
    get: (path: string, opts?: never) => call('GET', path, opts),
    post: (path: string, opts?: never) => call('POST', path, opts),
    put: (path: string, opts?: never) => call('PUT', path, opts),
    delete: (path: string, opts?: never) => call('DELETE', path, opts),
    [INSPECT]: () => shown,
    toString: () => shown,
  };
  return Object.freeze(client) as unknown as Client;
}
