/**
 * The contract report: every request the sandbox receives is checked against the spec, and what does
 * not conform is kept here (method, path, what is wrong, JSON pointer), with the count of requests
 * checked per operation, for `/_sandbox/violations` and `commerce-sandbox report`.
 */

/** Where in the request the problem is. */
export type ViolationLocation = 'route' | 'header' | 'query' | 'path' | 'body';

/** One way a request departed from the spec. */
export interface Violation {
  /** Increasing from 1 (since the start or the last clear). */
  readonly id: number;
  /** When the request arrived, ISO 8601. */
  readonly time: string;
  readonly method: string;
  /** The request's path, without the query string. */
  readonly path: string;
  /** The operation the request was for; null when no operation has this method and path. */
  readonly operationId: string | null;
  readonly in: ViolationLocation;
  /** JSON pointer to the offending part: `/query/limit`, `/body/email`, `/header/content-type`. */
  readonly pointer: string;
  readonly message: string;
  /** The status the sandbox answered. */
  readonly status: number;
}

/** What the request-checking steps found, before the status is known. */
export type Finding = Pick<Violation, 'in' | 'pointer' | 'message'>;

/** The key requests to paths the spec does not have are counted under. */
export const UNKNOWN_ROUTE_KEY = '(unknown route)';

/** The newest this many are kept; older ones are counted in `dropped`. */
export const MAX_VIOLATIONS = 10_000;

export class ViolationLog {
  #entries: Violation[] = [];
  #next = 1;
  #dropped = 0;
  readonly #checked = new Map<string, number>();

  /** Counts one request checked against `operationId`'s rules (null: an unknown route). */
  checked(operationId: string | null): void {
    const key = operationId ?? UNKNOWN_ROUTE_KEY;
    this.#checked.set(key, (this.#checked.get(key) ?? 0) + 1);
  }

  record(
    request: {
      readonly method: string;
      readonly path: string;
      readonly operationId: string | null;
      readonly time: number;
    },
    findings: readonly Finding[],
    status: number,
  ): void {
    for (const finding of findings) {
      this.#entries.push({
        id: this.#next++,
        time: new Date(request.time).toISOString(),
        method: request.method,
        path: request.path,
        operationId: request.operationId,
        ...finding,
        status,
      });
    }
    if (this.#entries.length > MAX_VIOLATIONS) {
      const excess = this.#entries.length - MAX_VIOLATIONS;
      this.#entries.splice(0, excess);
      this.#dropped += excess;
    }
  }

  list(): Violation[] {
    return [...this.#entries];
  }

  /** Requests checked per operation id (`(unknown route)` for paths the spec does not have). */
  counts(): Record<string, number> {
    return Object.fromEntries(this.#checked);
  }

  /** Violations no longer listed because more than {@link MAX_VIOLATIONS} came after them. */
  get dropped(): number {
    return this.#dropped;
  }

  clear(): void {
    this.#entries = [];
    this.#checked.clear();
    this.#next = 1;
    this.#dropped = 0;
  }
}

/** The field map of an error body turned into findings: `{ email: [...] }` → `/body/email`. */
export function findingsOf(
  location: ViolationLocation,
  errors: Readonly<Record<string, readonly string[]>> | undefined,
): Finding[] {
  const findings: Finding[] = [];
  for (const [field, messages] of Object.entries(errors ?? {})) {
    const segments = field === location ? [] : field.split('.').map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1'));
    for (const message of messages)
      findings.push({ in: location, pointer: `/${[location, ...segments].join('/')}`, message: `${field} ${message}` });
  }
  return findings;
}
