/** What a handler answers, before the pipeline checks it against the spec and sends it. */
export interface Reply {
  readonly status: number;
  /** A JSON body (omitted for 204 and redirects): what the response check validates. */
  readonly body?: unknown;
  /**
   * The body's JSON text when it exists already (a read answered from the stored documents): sent as it
   * is instead of serializing `body` again. It must be the JSON of `body`.
   */
  readonly json?: string;
  /** An HTML page instead of JSON (the consent page). */
  readonly html?: string;
  readonly headers?: Readonly<Record<string, string>>;
}
