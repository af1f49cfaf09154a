/**
 * A new directory named after `prefix` in `parent` (default: the system temp directory): made in a test,
 * removed when that test ends; made at the top of a file or a `describe`, removed when its tests have all run.
 */
export declare function testTempDir(prefix: string, parent?: string): string;
