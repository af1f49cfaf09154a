/**
 * The shape of the generated resource table (`src/generated/resources.ts`): what each resource method
 * sends, as the spec's operation says.
 */

/** Numeric bounds of a query parameter, checked before a request is sent. */
export interface QueryBound {
  readonly integer: boolean;
  readonly min?: number;
  readonly max?: number;
}

/** One operation of the spec, as a resource method sends it. */
export interface OperationEntry {
  /** HTTP method, upper case. */
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Path template, e.g. `/customers/{id}`. */
  readonly path: string;
  /** Path parameters in the order they appear in the path: the method's leading arguments. */
  readonly pathParams: readonly string[];
  /** Whether the method takes a JSON body (after the path parameters). */
  readonly body: 'required' | 'optional' | 'none';
  /** Whether the method takes query parameters (after the body). */
  readonly query: 'required' | 'optional' | 'none';
  /** A cursor-paginated list: the method returns a `ListPromise`. */
  readonly list: boolean;
  /** Bounds of numeric query parameters (`limit`: 1 to 100). */
  readonly bounds: Readonly<Record<string, QueryBound>>;
}

/** Resource name -> method name -> operation. */
export type ResourceTable = Readonly<Record<string, Readonly<Record<string, OperationEntry>>>>;

/** Method (upper case) -> path template -> its operation. */
export type RouteIndex = ReadonlyMap<string, ReadonlyMap<string, OperationEntry>>;

/** `GET` -> `/customers` -> its operation: lets the path-based call apply the same checks as the resource methods. */
export function routeIndex(table: ResourceTable): RouteIndex {
  const index = new Map<string, Map<string, OperationEntry>>();
  for (const methods of Object.values(table)) {
    for (const entry of Object.values(methods)) {
      let paths = index.get(entry.method);
      if (paths === undefined) {
        paths = new Map();
        index.set(entry.method, paths);
      }
      paths.set(entry.path, entry);
    }
  }
  return index;
}
