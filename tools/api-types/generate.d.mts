import type Ajv from 'ajv/dist/2020.js';
import type { Options } from 'ajv';

export declare const SPEC_PATH: string;
export declare const OUT_DIR: string;
export declare const ANNOTATION_KEYWORDS: string[];
/** The complete OpenAPI document of `root` (default: this repository), its x-derive request schemas written out. */
export declare function loadSpec(root?: string): Promise<unknown>;
export declare function schemaId(name: string): string;
export declare function componentJsonSchemas(spec: unknown): Map<string, Record<string, unknown>>;
/** Ajv (draft 2020-12) configured as the codegen configures it: strict, all errors, formats. */
export declare function createAjv(options?: Options): Ajv;
export declare function generate(options?: { root?: string }): Promise<Map<string, string>>;
