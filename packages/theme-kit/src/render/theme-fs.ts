/**
 * LiquidJS's file system over the theme's in-memory sources plus the built-in block templates, so
 * rendering never touches the disk (the dev server reads files once per change, the sandbox passes its
 * own). Paths stay inside their folder: `{% render '../x' %}` finds nothing.
 */
import type { FS } from 'liquidjs';
import type { ThemeFiles } from '../theme/files.js';

/** Where the built-in templates live in diagnostics and lookups (the package's `blocks/` and `snippets/`). */
export const BUILTIN_PREFIX = '@commerce-kit/theme-kit/';

export class ThemeFileSystem implements FS {
  readonly sep = '/';
  #files: ThemeFiles;
  readonly #builtins: ThemeFiles;

  constructor(files: ThemeFiles, builtins: ThemeFiles) {
    this.#files = files;
    this.#builtins = builtins;
  }

  /** Replaces the theme's sources (after a change on disk). */
  set files(files: ThemeFiles) {
    this.#files = files;
  }

  /** The source at `file`: the theme's, else a built-in. */
  source(file: string): string | undefined {
    return this.#files.get(file) ?? this.#builtins.get(file);
  }

  async exists(file: string): Promise<boolean> {
    return this.existsSync(file);
  }

  existsSync(file: string): boolean {
    return this.source(file) !== undefined;
  }

  async readFile(file: string): Promise<string> {
    return this.readFileSync(file);
  }

  readFileSync(file: string): string {
    const text = this.source(file);
    if (text === undefined) throw Object.assign(new Error(`ENOENT: ${file} does not exist`), { code: 'ENOENT' });
    return text;
  }

  resolve(dir: string, file: string, ext: string): string {
    // No normalisation of `..` or `./`: a path that tries to leave its folder simply does not exist.
    return `${dir}/${file}${file.endsWith(ext) ? '' : ext}`;
  }

  contains(root: string, file: string): Promise<boolean> {
    return Promise.resolve(this.containsSync(root, file));
  }

  containsSync(root: string, file: string): boolean {
    return (
      file.startsWith(`${root}/`) &&
      !file
        .slice(root.length + 1)
        .split('/')
        .some((s) => s === '..' || s === '.' || s === '')
    );
  }

  dirname(file: string): string {
    return file.slice(0, Math.max(0, file.lastIndexOf('/')));
  }
}
