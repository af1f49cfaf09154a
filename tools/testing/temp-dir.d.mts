/** A new directory named after `prefix` in the system temp directory, removed when the running test ends. */
export declare function testTempDir(prefix: string): string;
