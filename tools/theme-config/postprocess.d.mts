// Types of postprocess.mjs. The schemas are JSON Schema (draft-07) as plain JSON: the keywords the
// pipeline reads or writes are typed, any other keyword is JSON of unknown shape.
export interface Schema {
  $schema?: string;
  $id?: string;
  $ref?: string;
  title?: string;
  description?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  definitions?: Record<string, Schema>;
  required?: string[];
  /** Groups of alternative spellings (the `@requiredAnyOf` TSDoc tag), one of each required; not published. */
  requiredAnyOf?: string[][];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  items?: Schema | Schema[];
  enum?: unknown[];
  const?: unknown;
  discriminator?: { propertyName: string };
  [keyword: string]: unknown;
}
export declare const SPELLING_ALIASES: Readonly<Record<string, string>>;
export declare const SCHEMA_PROPERTY: Readonly<{ type: string; description: string }>;
/** `fn` sees every object of the tree (post-order), schema nodes and keyword maps alike. */
export declare function mapSchemas(
  node: unknown,
  fn: (node: Record<string, unknown>) => Record<string, unknown>,
): unknown;
export declare function unionsToDiscriminatedOneOf(schema: Schema, propertyName?: string): Schema;
export declare function applyRequiredAnyOf(schema: Schema): Schema;
export declare function requiredGroups(settingsSchema: Schema): string[][];
export declare function flexibleRequired(groups: string[][]): Schema[];
export declare function renameDefinitions(
  schema: Schema,
  renames: Record<string, string>,
): Schema & { definitions: Record<string, Schema> };
export declare function reachableDefinitions(root: Schema, definitions: Record<string, Schema>): string[];
export declare function buildRootSchema(input: {
  id: string;
  title: string;
  description: string;
  rootType: string;
  definitions: Record<string, Schema>;
}): Schema & { $schema: string; $id: string; title: string; description: string };
export declare function stripInternalKeywords(schema: Schema): Schema;
/** Compiler options of typescript-json-schema's programs of the theme-kit spec. */
export declare const SPEC_COMPILER_OPTIONS: {
  strict: boolean;
  strictNullChecks: boolean;
  skipLibCheck: boolean;
  types: string[];
};
