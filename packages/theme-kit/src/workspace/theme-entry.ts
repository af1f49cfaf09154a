/** Where a file sits in a theme: a config file, a Liquid file, an asset, or something the theme does not read. */
import path from 'node:path';
import { ASSETS_FOLDER, LIQUID_EXTENSION, LIQUID_FOLDERS } from '../theme/files.js';
import { isConfigFileName } from './theme-root.js';

/** What a path inside a theme is to the theme. */
export type ThemeEntry =
  | { readonly kind: 'config'; readonly name: string }
  | { readonly kind: 'liquid'; readonly path: string }
  | { readonly kind: 'asset'; readonly path: string }
  | { readonly kind: 'other'; readonly path: string };

const LIQUID_PATH = new RegExp(`^(?:${LIQUID_FOLDERS.join('|')})/[^/]+${LIQUID_EXTENSION.replace('.', '\\.')}$`, 'u');

/** The theme-relative POSIX path of `file` (absolute, inside `root`). */
export const relativePath = (root: string, file: string): string => path.relative(root, file).split(path.sep).join('/');

/** What `file` (absolute, inside the theme `root` whose config files sit in `configDir`) is. */
export function themeEntry(root: string, configDir: string, file: string): ThemeEntry {
  if (path.dirname(file) === configDir && isConfigFileName(path.basename(file)))
    return { kind: 'config', name: path.basename(file) };
  const rel = relativePath(root, file);
  if (LIQUID_PATH.test(rel)) return { kind: 'liquid', path: rel };
  if (rel.startsWith(`${ASSETS_FOLDER}/`)) return { kind: 'asset', path: rel.slice(ASSETS_FOLDER.length + 1) };
  return { kind: 'other', path: rel };
}
