/**
 * The resource methods at run time, built from the generated table: arguments in the order the
 * generated signatures declare them (path parameters, body, query, call options).
 */
import type { CallOptions } from './call-options.js';
import type { Resources } from './generated/resources.js';
import { ListPromise, type ListEnvelope } from './pagination.js';
import { performRequest, type RawRequest, type RequestContext } from './request.js';
import type { OperationEntry, ResourceTable } from './resource-table.js';

function callFields(options: CallOptions | undefined): Pick<RawRequest, 'headers' | 'signal' | 'timeoutMs'> {
  return { headers: options?.headers, signal: options?.signal, timeoutMs: options?.timeoutMs };
}

function listMethod(ctx: RequestContext, entry: OperationEntry) {
  return (params?: Readonly<Record<string, unknown>>, options?: CallOptions): ListPromise<unknown> => {
    const fetchPage = (query: Readonly<Record<string, unknown>>): Promise<ListEnvelope<unknown>> =>
      performRequest(ctx, { method: entry.method, path: entry.path, query, ...callFields(options) }, entry) as Promise<
        ListEnvelope<unknown>
      >;
    return new ListPromise(fetchPage, params ?? {});
  };
}

function operationMethod(ctx: RequestContext, entry: OperationEntry) {
  return (...args: unknown[]): Promise<unknown> => {
    let next = 0;
    const pathParams: Record<string, unknown> = {};
    for (const name of entry.pathParams) pathParams[name] = args[next++];
    const body = entry.body === 'none' ? undefined : args[next++];
    const query = entry.query === 'none' ? undefined : (args[next++] as Readonly<Record<string, unknown>> | undefined);
    const options = args[next] as CallOptions | undefined;
    return performRequest(
      ctx,
      { method: entry.method, path: entry.path, pathParams, body, query, ...callFields(options) },
      entry,
    );
  };
}

/** Every resource of `table`, each a frozen object of methods bound to the client's context. */
export function createResources(ctx: RequestContext, table: ResourceTable): Resources {
  const resources: Record<string, unknown> = {};
  for (const [resource, methods] of Object.entries(table)) {
    const bound: Record<string, unknown> = {};
    for (const [name, entry] of Object.entries(methods))
      bound[name] = entry.list ? listMethod(ctx, entry) : operationMethod(ctx, entry);
    resources[resource] = Object.freeze(bound);
  }
  return resources as unknown as Resources;
}
