export interface SpecParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Record<string, unknown>;
  schemaRef: string | undefined;
}
export interface SpecResponse {
  status: string;
  contentType: string | undefined;
  /** The media types after the first (e.g. an HTML page beside JSON). */
  otherContentTypes: string[];
  schema: Record<string, unknown> | undefined;
  schemaRef: string | undefined;
  headers: string[];
}
export interface SpecOperation {
  operationId: string;
  method: string;
  path: string;
  tag: string | undefined;
  summary: string | undefined;
  parameters: SpecParameter[];
  requestBody:
    | { required: boolean; contentType: string; schema: Record<string, unknown>; schemaRef: string | undefined }
    | undefined;
  responses: SpecResponse[];
  success: SpecResponse | undefined;
  /** True when every security alternative needs credentials (false for `security: []` or one with an empty `{}`). */
  authenticated: boolean;
  unspecified: string | undefined;
}
/** Component schema name of `{ $ref: '#/components/schemas/X' }`, else undefined. */
export declare function schemaRefName(schema: unknown): string | undefined;
/** Every operation under `paths` of a parsed OpenAPI 3.1 document, `$ref`s resolved, in the spec's order. */
export declare function specOperations(spec: Record<string, unknown>): SpecOperation[];
