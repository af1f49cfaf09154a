// Types of generate.mjs.
/* eslint-disable @typescript-eslint/no-explicit-any */
export declare const OUT_DIR: string;
export declare function postProcess(raw: any): Record<string, any>;
export declare function buildSchemas(
  definitions: Record<string, any>,
): Array<{
  file: { kind: string; fileName: string; schemaFile: string; shape: 'object' | 'array'; validatorName: string };
  schema: any;
}>;
/** Everything under packages/theme-config/src/generated: repo-relative path -> contents. */
export declare function generate(): Promise<Map<string, string | Buffer>>;
