/** Placeholder until the OpenAPI codegen lands. */
export type Placeholder = never;
