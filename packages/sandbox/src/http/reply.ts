/** What a handler answers, before the pipeline checks it against the spec and sends it. */
export interface Reply {
  readonly status: number;
  /** A JSON body (omitted for 204 and redirects, and for reads answered as `stored`): what the response check validates. */
  readonly body?: unknown;
  /**
   * The body's JSON text when it exists already (a read answered from the stored documents): sent as it
   * is instead of serializing `body` again. It must be the JSON of `body`, or of `stored`.
   */
  readonly json?: string;
  /**
   * A read of the resource engine: the objects' JSON documents as stored (one for a retrieve, those of a
   * page for a list, with the page's `limit` and `has_more`), answered as `json` and checked from these
   * instead of a parsed `body` (`document-check.ts`).
   */
  readonly stored?: StoredBody;
  /** An HTML page instead of JSON (the consent page). */
  readonly html?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** The stored documents a read answers, for the response check. */
export interface StoredBody {
  readonly documents: readonly string[];
  /** A list page's envelope (its `data` is `documents`); absent for a single object. */
  readonly envelope?: { readonly limit: number; readonly has_more: boolean };
}
