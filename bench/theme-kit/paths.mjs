// Where the theme-kit benchmarks find the package: its built dist (or BENCH_THEME_KIT_DIST, a stable copy
// while other work rebuilds it) and its CLI.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PKG = path.join(ROOT, 'packages/theme-kit');
export const DIST = path.resolve(process.env.BENCH_THEME_KIT_DIST ?? path.join(PKG, 'dist'));
export const CLI = path.join(DIST, 'cli.js');
