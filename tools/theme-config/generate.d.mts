// Types of generate.mjs.
import type { Schema } from './postprocess.mjs';

export declare const OUT_DIR: string;
/** typescript-json-schema output -> the shared definitions and the recommended (`@guessed`) constraints. */
export declare function postProcess(raw: Schema): {
  definitions: Record<string, Schema>;
  recommended: Array<{ keyword: string; value: unknown }>;
};
export declare function buildSchemas(definitions: Record<string, Schema>): Array<{
  file: { kind: string; fileName: string; schemaFile: string; shape: 'object' | 'array'; validatorName: string };
  schema: Schema;
}>;
/** Everything under packages/theme-config/src/generated: repo-relative path -> contents. */
export declare function generate(options?: { root?: string }): Promise<Map<string, string | Buffer>>;
