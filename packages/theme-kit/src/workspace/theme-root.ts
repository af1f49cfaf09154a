/**
 * Where a theme starts: the nearest directory, walking up from a file, that holds one of the seven
 * `*.stk.config.json` files or a `templates/` folder. A Liquid file under `snippets/` (or another Liquid
 * folder) of a directory holding neither still belongs to that directory, so a theme of snippets only is
 * a theme too.
 */
import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { THEME_FILES } from '@commerce-kit/theme-config';
import { LIQUID_FOLDERS } from '../theme/files.js';

/** The file names of the seven config files. */
export const CONFIG_FILE_NAMES: ReadonlySet<string> = new Set(THEME_FILES.map((f) => f.fileName));

/** Whether `fileName` is one of the seven config files' names. */
export const isConfigFileName = (fileName: string): boolean => CONFIG_FILE_NAMES.has(fileName);

const LIQUID_FOLDER_NAMES: ReadonlySet<string> = new Set(LIQUID_FOLDERS);

/**
 * Finds theme roots, remembering what it saw per directory; {@link ThemeRootFinder.forget} after a config
 * file or a `templates/` folder appears or goes.
 */
export class ThemeRootFinder {
  readonly #marks = new Map<string, Promise<boolean>>();

  /** Whether `dir` holds a config file or a `templates/` folder (false when it cannot be read). */
  isRoot(dir: string): Promise<boolean> {
    let known = this.#marks.get(dir);
    if (known === undefined) {
      known = readdir(dir, { withFileTypes: true }).then(
        (entries: Dirent[]) =>
          entries.some(
            (entry) =>
              (entry.isDirectory() && entry.name === 'templates') ||
              (!entry.isDirectory() && isConfigFileName(entry.name)),
          ),
        () => false,
      );
      this.#marks.set(dir, known);
    }
    return known;
  }

  /**
   * The theme root of `file` (absolute), or undefined when no directory up to `ceiling` (a workspace
   * folder; the file system's root when undefined) is one.
   */
  async rootOf(file: string, ceiling?: string): Promise<string | undefined> {
    let dir = path.dirname(file);
    for (;;) {
      if (await this.isRoot(dir)) return dir;
      const parent = path.dirname(dir);
      if (parent === dir || (ceiling !== undefined && !isInside(parent, ceiling))) break;
      dir = parent;
    }
    // No marker: a Liquid file in `snippets/`, `layout/`, `blocks/` or `templates/` belongs to the folder above.
    const folder = path.dirname(file);
    if (LIQUID_FOLDER_NAMES.has(path.basename(folder)) && file.endsWith('.liquid')) return path.dirname(folder);
    return undefined;
  }

  /** Forgets what was seen (all of it, or what was seen of `dir`). */
  forget(dir?: string): void {
    if (dir === undefined) this.#marks.clear();
    else this.#marks.delete(dir);
  }
}

/** Whether `file` is `dir` or inside it. */
export function isInside(file: string, dir: string): boolean {
  const relative = path.relative(dir, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
