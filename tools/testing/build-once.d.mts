/** Builds the package at `root` with tsup when `dist/cli.js` is missing or older than its sources. */
export declare function buildOnce(root: string): void;
