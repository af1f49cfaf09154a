// Types of postprocess.mjs (the schemas are plain JSON, so `any` is honest here).
/* eslint-disable @typescript-eslint/no-explicit-any */
export type Schema = any;
export declare const SPELLING_ALIASES: Readonly<Record<string, string>>;
export declare const SCHEMA_PROPERTY: Readonly<{ type: string; description: string }>;
export declare function mapSchemas(node: Schema, fn: (node: Record<string, any>) => Record<string, any>): Schema;
export declare function unionsToDiscriminatedOneOf(schema: Schema, propertyName?: string): Schema;
export declare function applyRequiredAnyOf(schema: Schema): Schema;
export declare function requiredGroups(settingsSchema: Schema): string[][];
export declare function flexibleRequired(groups: string[][]): Schema[];
export declare function renameDefinitions(schema: Schema, renames: Record<string, string>): Schema;
export declare function reachableDefinitions(root: Schema, definitions: Record<string, Schema>): string[];
export declare function buildRootSchema(input: {
  id: string;
  title: string;
  description: string;
  rootType: string;
  definitions: Record<string, Schema>;
}): Schema;
export declare function stripInternalKeywords(schema: Schema): Schema;
