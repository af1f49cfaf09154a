/**
 * The theme on disk, as the renderer sees it: Liquid sources keyed by their POSIX path relative to the
 * theme directory. docs/spec-gaps.md ("Theme rendering") records the layout, which the platform's
 * documentation does not show.
 */

/** Liquid sources by path: `templates/<name>.liquid`, `layout/theme.liquid`, `snippets/<name>.liquid`, `blocks/<type>.liquid`. */
export type ThemeFiles = ReadonlyMap<string, string>;

/** The folders of a theme that hold Liquid, and what each is for. */
export const LIQUID_FOLDERS = ['templates', 'layout', 'snippets', 'blocks'] as const;

/** One of {@link LIQUID_FOLDERS}. */
export type LiquidFolder = (typeof LIQUID_FOLDERS)[number];

/** The folder whose files are served as they are at `/assets/...`. */
export const ASSETS_FOLDER = 'assets';

/** Extension of every Liquid file. */
export const LIQUID_EXTENSION = '.liquid';

/** The layout every page is placed into when it exists (`{{ content_for_layout }}`). */
export const DEFAULT_LAYOUT = 'theme';

/** The template `/` renders when `page.template` is not set. */
export const DEFAULT_TEMPLATE = 'index';

/** Path of a template, layout, snippet or block template by name. */
export const liquidPath = (folder: LiquidFolder, name: string): string => `${folder}/${name}${LIQUID_EXTENSION}`;

/** The names of the files of one folder (`templates` -> `['article', 'index', ...]`), sorted. */
export function namesIn(files: ThemeFiles, folder: LiquidFolder): string[] {
  const prefix = `${folder}/`;
  return [...files.keys()]
    .filter(
      (file) => file.startsWith(prefix) && file.endsWith(LIQUID_EXTENSION) && !file.slice(prefix.length).includes('/'),
    )
    .map((file) => file.slice(prefix.length, -LIQUID_EXTENSION.length))
    .sort();
}
