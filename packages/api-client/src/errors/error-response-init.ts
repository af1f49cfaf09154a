/** What a failed exchange with the server left behind, as given to the errors that report it. */
export interface ErrorResponseInit {
  /** Response headers (empty when no response was received). */
  readonly headers?: Headers | undefined;
  /** The response body as text, when it was not the documented JSON error body. */
  readonly rawBody?: string | undefined;
  /** The parsed JSON body, when the body was JSON (any shape). */
  readonly body?: unknown;
  /** Underlying cause, e.g. the `TypeError` thrown by `fetch`. */
  readonly cause?: unknown;
}
