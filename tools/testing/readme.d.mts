/** Internal document names and issue numbers: never in a published README. */
export declare const INTERNAL_REFERENCES: RegExp;
/**
 * Defines a package's README tests: an example for every feature, every ```ts block type-checks, the
 * Public API table matches the entries' exports, no internal references.
 */
export declare function describeReadme(options: {
  root: string;
  entries: Record<string, string>;
  features: string[];
  paths?: Record<string, string[]>;
  ambient?: string;
}): { readme: string; blocks: string[] };
