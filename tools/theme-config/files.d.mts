// Types of files.mjs.
export declare const SCHEMA_BASE_URL: string;
export declare const THEME_FILES: ReadonlyArray<{
  readonly kind: string;
  readonly fileName: string;
  readonly rootType: string;
  readonly shape: 'object' | 'array';
  readonly validatorName: string;
  readonly description: string;
  readonly schemaFile: string;
}>;
