// Types of codec.mjs.

/** A theme-kit type and a resource schema that do not match field for field. */
export declare class CodecError extends Error {}
/** `featured_image` -> `featuredImage`. */
export declare function camelCase(name: string): string;
/** One field of the codec: the API's name, the theme kit's, and how the value is carried. */
export interface CodecField {
  api: string;
  mock: string;
  kind: 'string' | 'number' | 'integer' | 'boolean' | 'strings' | 'list';
  required: boolean;
  nullable: boolean;
  element?: string;
  defaultFrom?: string;
}
/** One resource schema with `x-theme-kit`. */
export interface CodecEntry {
  schema: string;
  name: string;
  type: string;
  kind: string;
  fields: CodecField[];
}
/** The codec's model from a parsed OpenAPI document, the mock store's JSON Schema and the resource models. */
export declare function codecModel(
  spec: unknown,
  mockSchema: { definitions?: Record<string, unknown> },
  models: ReadonlyArray<{ schema: string; kind: string; fields: ReadonlyArray<{ name: string; onCreate: unknown }> }>,
): CodecEntry[];
/** packages/sandbox/src/generated/codec.ts */
export declare function codecModule(entries: CodecEntry[], banner: string): string;
