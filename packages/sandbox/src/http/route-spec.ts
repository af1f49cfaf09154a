/** The type of one entry of the generated route table (`src/generated/routes.ts`). */
import type { Validator } from '../validation/validator.js';

/** One documented response of an operation. */
export interface ResponseSpec {
  /** `'200'`, `'201'`, `'204'`, `'302'`, `'4XX'`, `'5XX'`, `'default'`. */
  readonly status: string;
  /** Media type of the body; absent when the response has none. */
  readonly contentType?: string;
  /** Further media types the body may have (an HTML page beside the JSON error body). */
  readonly otherContentTypes?: readonly string[];
  /** The body's validator, for JSON bodies. */
  readonly validate?: Validator<unknown>;
  /**
   * For a list envelope that says nothing else of its items (`data: { type: array, items: { $ref } }`):
   * the items' validator. `validate` over the envelope with `data: []` and this over each item is the same
   * check as `validate` over the whole page.
   */
  readonly items?: Validator<unknown>;
  /** Header names the response must carry (lower case). */
  readonly headers: readonly string[];
}

/** One operation of the spec. */
export interface RouteSpec {
  readonly operationId: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** As in the spec: `/customers/{id}`. */
  readonly path: string;
  /** As the router wants it: `/customers/:id`. */
  readonly pattern: string;
  readonly tag: string;
  /** `bearer`: an access token; `client`: client credentials (token endpoint); `none`. */
  readonly security: 'bearer' | 'client' | 'none';
  readonly queryParameters: readonly string[];
  readonly validateQuery: Validator<Record<string, unknown>> | undefined;
  readonly validatePath: Validator<Record<string, unknown>> | undefined;
  readonly body:
    | {
        readonly contentType: string;
        readonly required: boolean;
        readonly schema: string;
        readonly validate: Validator<unknown>;
      }
    | undefined;
  readonly successStatus: number;
  readonly responses: readonly ResponseSpec[];
}
