// Types of generate.mjs.

export declare const OUT_DIR: string;
export declare const SCHEMA_ID: string;
/** Everything under packages/theme-kit/src/generated: repo-relative path -> contents (from `root`'s specs/, default this repository's). */
export declare function generate(options?: { root?: string }): Promise<Map<string, string>>;
