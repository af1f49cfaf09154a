/** The package version `--version` prints (inlined from package.json at build time). */
import pkg from '../../package.json' with { type: 'json' };

/** This package's version, e.g. `0.2.0`. */
export const VERSION: string = pkg.version;
