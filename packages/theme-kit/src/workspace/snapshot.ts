/**
 * A theme as the checks and the editor features see it: every text in memory, so that an editor's unsaved
 * buffers and the files on disk are read the same way. `theme-kit check` builds one from the directory;
 * the language server builds one from its open buffers over the files on disk.
 */
import type { ThemeFiles } from '../theme/files.js';
import type { ConfigText } from '../theme/read.js';

/** One theme, in memory. */
export interface ThemeSnapshot {
  /** The theme directory (absolute in the language server; as the user typed it in `theme-kit check`). */
  readonly root: string;
  /** The directory of the seven config files (usually `root`). */
  readonly configDir: string;
  /** Liquid sources by theme-relative POSIX path (`templates/index.liquid`, `snippets/card.liquid`, ...). */
  readonly files: ThemeFiles;
  /** Asset paths relative to `assets/` (POSIX), sorted. */
  readonly assets: readonly string[];
  /** The config files present, by file name (`page.stk.config.json` -> its path and text, BOM removed). */
  readonly configTexts: ReadonlyMap<string, ConfigText>;
}
