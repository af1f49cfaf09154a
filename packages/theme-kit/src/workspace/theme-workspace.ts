/**
 * The themes of an editor's workspace: each found by its config files (see {@link ThemeRootFinder}),
 * loaded from disk the first time one of its files is asked about, kept up to date by the editor's
 * buffers and by the file changes it reports. Several themes in one workspace are several entries.
 */
import path from 'node:path';
import { ThemeRootFinder, isInside } from './theme-root.js';
import { WorkspaceTheme } from './workspace-theme.js';

/** Options of {@link ThemeWorkspace}. */
export interface ThemeWorkspaceOptions {
  /**
   * The longest text (UTF-16 code units) analysed as a whole; a longer file is analysed up to its last
   * line under the limit (default 1,000,000: about 25,000 lines of a template).
   */
  readonly maxAnalysedLength?: number | undefined;
}

const DEFAULT_MAX_ANALYSED_LENGTH = 1_000_000;

/** The themes of a workspace, and the editor's open buffers over their files. */
export class ThemeWorkspace {
  readonly #finder = new ThemeRootFinder();
  readonly #buffers = new Map<string, string>();
  readonly #themes = new Map<string, Promise<WorkspaceTheme>>();
  readonly #loaded = new Map<string, WorkspaceTheme>();
  readonly #maxLength: number;
  #folders: readonly string[] = [];

  constructor(options: ThemeWorkspaceOptions = {}) {
    this.#maxLength = options.maxAnalysedLength ?? DEFAULT_MAX_ANALYSED_LENGTH;
  }

  /** The editor's workspace folders (absolute): a theme root is looked for up to the folder holding the file. */
  setFolders(folders: readonly string[]): void {
    this.#folders = folders.map((folder) => path.resolve(folder));
  }

  /** The workspace folders. */
  get folders(): readonly string[] {
    return this.#folders;
  }

  /** The themes loaded so far. */
  themes(): WorkspaceTheme[] {
    return [...this.#loaded.values()];
  }

  /** The loaded theme `file` belongs to, without looking at the disk. */
  loadedThemeOf(file: string): WorkspaceTheme | undefined {
    let best: WorkspaceTheme | undefined;
    for (const theme of this.#loaded.values()) {
      if (isInside(file, theme.root) && (best === undefined || theme.root.length > best.root.length)) best = theme;
    }
    return best;
  }

  /** The theme `file` (absolute) belongs to, loaded from disk the first time; undefined when it is in none. */
  async themeOf(file: string): Promise<WorkspaceTheme | undefined> {
    const ceiling = this.#folders.filter((folder) => isInside(file, folder)).sort((a, b) => b.length - a.length)[0];
    const root = await this.#finder.rootOf(file, ceiling);
    return root === undefined ? undefined : this.theme(root);
  }

  /** The theme at `root` (absolute), loaded from disk the first time. */
  theme(root: string): Promise<WorkspaceTheme> {
    let theme = this.#themes.get(root);
    if (theme === undefined) {
      const created = new WorkspaceTheme(root, this.#buffers, this.#maxLength);
      theme = created.load().then(() => {
        this.#loaded.set(root, created);
        return created;
      });
      this.#themes.set(root, theme);
    }
    return theme;
  }

  /** Whether `dir` is a theme root (holds a config file or `templates/`). */
  isThemeRoot(dir: string): Promise<boolean> {
    return this.#finder.isRoot(dir);
  }

  /** The editor opened or changed `file`: its text is now `text`. */
  setBuffer(file: string, text: string): void {
    this.#buffers.set(file, text);
    this.loadedThemeOf(file)?.bufferChanged(file);
  }

  /** The editor closed `file`: the disk's text counts again. */
  closeBuffer(file: string): void {
    if (!this.#buffers.delete(file)) return;
    this.loadedThemeOf(file)?.bufferChanged(file);
  }

  /**
   * Files changed on disk (created, changed or deleted): the themes holding them read them again.
   * Resolves to the themes that changed.
   */
  async diskChanged(files: readonly string[]): Promise<WorkspaceTheme[]> {
    const touched = new Map<WorkspaceTheme, string[]>();
    for (const file of files) {
      const base = path.basename(file);
      if (base === 'templates' || base.endsWith('.stk.config.json')) this.#finder.forget(path.dirname(file));
      if (base === 'templates' || !base.includes('.')) this.#finder.forget(file);
      for (const theme of this.#loaded.values()) {
        if (!isInside(file, theme.root) && !isInside(theme.root, file)) continue;
        const list = touched.get(theme) ?? [];
        list.push(isInside(theme.root, file) ? theme.root : file);
        touched.set(theme, list);
      }
    }
    for (const [theme, list] of touched) {
      if (list.includes(theme.root)) await theme.load();
      else for (const file of list) await theme.diskChanged(file);
    }
    return [...touched.keys()];
  }
}
