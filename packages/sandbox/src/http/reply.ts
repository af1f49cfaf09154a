/** What a handler answers, before the pipeline checks it against the spec and sends it. */
export interface Reply {
  readonly status: number;
  /** A JSON body (omitted for 204 and redirects). */
  readonly body?: unknown;
  /** An HTML page instead of JSON (the consent page). */
  readonly html?: string;
  readonly headers?: Readonly<Record<string, string>>;
}
