/** Internal document names and issue numbers: never in a published README. */
export declare const INTERNAL_REFERENCES: RegExp;
/**
 * Defines a package's README tests: an example for every feature, the Public API table matches the
 * entries' exports, no internal references. (That every ```ts block compiles is the type check's.)
 */
export declare function describeReadme(options: {
  root: string;
  entries: Record<string, string>;
  features: string[];
}): { readme: string; blocks: string[] };
