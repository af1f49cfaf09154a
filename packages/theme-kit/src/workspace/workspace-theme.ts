/**
 * One theme of an editor's workspace: its files as last read from disk, under the editor's open buffers,
 * turned into a {@link ThemeSnapshot} on demand. A new snapshot replaces only the entries that changed
 * since the last one; a binary file or one too long to analyse as you type is analysed as empty or in
 * part, with a {@link FileNote} saying so.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { errnoCode } from '@commerce-kit/internal/errno';
import { THEME_FILES } from '@commerce-kit/theme-config';
import type { ConfigText } from '../theme/read.js';
import { readThemeDir } from '../theme/read.js';
import type { ThemeSnapshot } from './snapshot.js';
import { relativePath, themeEntry, type ThemeEntry } from './theme-entry.js';

/** What the workspace says about a file besides the checks: why it was analysed in part, or not at all. */
export interface FileNote {
  /** Absolute path. */
  readonly file: string;
  /** `binary`: not text, analysed as empty; `partial`: only its beginning analysed; `unreadable`: not read. */
  readonly kind: 'binary' | 'partial' | 'unreadable';
  /** One sentence for the user. */
  readonly message: string;
}

/** A snapshot with the notes of its files. */
export interface ThemeView {
  readonly snapshot: ThemeSnapshot;
  /** By absolute path. */
  readonly notes: ReadonlyMap<string, FileNote>;
  /** Increases with every change of the theme's texts. */
  readonly version: number;
}

/** The open buffers of the editor, by absolute path. */
export type Buffers = ReadonlyMap<string, string>;

const decoder = new TextDecoder('utf-8');
const withoutBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
const kib = (length: number): string => `${Math.round(length / 1024).toLocaleString('en-US')} KiB`;

/** The text of `file`, or why it could not be read (`ENOENT` when it is gone). */
async function readText(file: string): Promise<{ text: string } | { error: string }> {
  try {
    return { text: withoutBom(decoder.decode(await readFile(file))) };
  } catch (error) {
    return { error: errnoCode(error) };
  }
}

async function listFiles(dir: string, prefix: string): Promise<string[]> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) out.push(...(await listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)));
    else if (entry.isFile()) out.push(`${prefix}${entry.name}`);
  }
  return out;
}

/** Makes `target` hold what `source` holds. */
function replace<K, V>(target: Map<K, V>, source: ReadonlyMap<K, V>): void {
  target.clear();
  for (const [key, value] of source) target.set(key, value);
}

/** One theme, its disk contents and the buffers over them. */
export class WorkspaceTheme {
  /** The theme directory (absolute). */
  readonly root: string;
  /** The directory of its config files (the root). */
  readonly configDir: string;
  readonly #buffers: Buffers;
  readonly #maxLength: number;
  readonly #disk = new Map<string, string>();
  readonly #config = new Map<string, string>();
  readonly #assets = new Set<string>();
  readonly #unreadable = new Map<string, string>();
  /** Theme-relative Liquid paths changed since the last snapshot, or `all`. */
  #dirty: Set<string> | 'all' = 'all';
  #view: ThemeView | undefined;
  #version = 0;

  constructor(root: string, buffers: Buffers, maxAnalysedLength: number) {
    this.root = root;
    this.configDir = root;
    this.#buffers = buffers;
    this.#maxLength = maxAnalysedLength;
  }

  /** Reads the whole theme from disk again (what was read before counts until the new reads are all in). */
  async load(): Promise<void> {
    const contents = await readThemeDir(this.root);
    const unreadable = new Map<string, string>();
    for (const d of contents.diagnostics) {
      if (d.code === 'read-error' && d.file !== undefined) unreadable.set(d.file, d.message);
    }
    const config = new Map<string, string>();
    for (const { fileName } of THEME_FILES) {
      const file = path.join(this.configDir, fileName);
      const read = await readText(file);
      if ('text' in read) config.set(fileName, read.text);
      else if (read.error !== 'ENOENT' && read.error !== 'ENOTDIR')
        unreadable.set(file, `${fileName} could not be read (${read.error})`);
    }
    replace(this.#disk, contents.files);
    replace(this.#config, config);
    replace(this.#unreadable, unreadable);
    this.#assets.clear();
    for (const asset of contents.assets) this.#assets.add(asset);
    this.#changed('all');
  }

  /** What `file` (absolute) is to this theme. */
  entry(file: string): ThemeEntry {
    return themeEntry(this.root, this.configDir, file);
  }

  /** Increases with every change of the theme's texts (the {@link ThemeView.version} the next view gets). */
  get version(): number {
    return this.#version;
  }

  /**
   * The editor's buffer of `file` changed, opened or closed: the next snapshot takes it. A buffer that holds
   * what the theme held already (a file opened as it is on disk) changes nothing.
   */
  bufferChanged(file: string): void {
    const entry = this.entry(file);
    const buffer = this.#buffers.get(file);
    const unchanged = (now: string | undefined, before: string | undefined): boolean =>
      this.#last !== undefined && this.#dirty !== 'all' && now === before;
    if (entry.kind === 'liquid') {
      const now = buffer === undefined ? this.#disk.get(entry.path) : withoutBom(buffer);
      if (this.#dirty !== 'all' && this.#dirty.has(entry.path)) return;
      if (!unchanged(now, this.#last?.sources.get(entry.path))) this.#changed(entry.path);
    } else if (entry.kind === 'config') {
      const now = buffer === undefined ? this.#config.get(entry.name) : withoutBom(buffer);
      if (!unchanged(now, this.#last?.configTexts.get(entry.name)?.text)) this.#changed();
    }
  }

  /**
   * `file` (absolute, inside the theme) changed on disk (created, changed or deleted): reads it again.
   * A directory, or a path the theme cannot place, reads the whole theme again.
   */
  async diskChanged(file: string): Promise<void> {
    const entry = this.entry(file);
    if (entry.kind === 'other' || file === this.root) {
      await this.load();
      return;
    }
    if (entry.kind === 'asset') {
      const isDir = await stat(file).then(
        (s) => s.isDirectory(),
        () => undefined,
      );
      if (isDir === undefined) {
        for (const asset of [...this.#assets]) {
          if (asset === entry.path || asset.startsWith(`${entry.path}/`)) this.#assets.delete(asset);
        }
      } else if (isDir) {
        for (const asset of await listFiles(file, `${entry.path}/`)) this.#assets.add(asset);
      } else this.#assets.add(entry.path);
      this.#changed();
      return;
    }
    const read = await readText(file);
    this.#unreadable.delete(file);
    if (entry.kind === 'config') {
      if ('text' in read) this.#config.set(entry.name, read.text);
      else this.#config.delete(entry.name);
      this.#changed();
    } else {
      if ('text' in read) this.#disk.set(entry.path, read.text);
      else this.#disk.delete(entry.path);
      this.#changed(entry.path);
    }
    if ('error' in read && read.error !== 'ENOENT' && read.error !== 'EISDIR')
      this.#unreadable.set(file, `${relativePath(this.root, file)} could not be read (${read.error})`);
  }

  #changed(file?: string | 'all'): void {
    this.#version++;
    this.#view = undefined;
    if (file === undefined) return;
    if (file === 'all') this.#dirty = 'all';
    else if (this.#dirty !== 'all') this.#dirty.add(file);
  }

  /** The theme's texts now: the buffers over the disk. */
  view(): ThemeView {
    if (this.#view !== undefined) return this.#view;
    const previous = this.#last;
    const dirty = this.#dirty;
    const files = dirty === 'all' || previous === undefined ? new Map<string, string>() : new Map(previous.files);
    const notes = dirty === 'all' || previous === undefined ? new Map<string, FileNote>() : new Map(previous.notes);
    const sources = dirty === 'all' || previous === undefined ? new Map<string, string>() : new Map(previous.sources);
    const buffered = this.#bufferedLiquid();
    const paths =
      dirty === 'all' || previous === undefined ? new Set([...this.#disk.keys(), ...buffered.keys()]) : dirty;
    for (const rel of paths) {
      const file = path.join(this.root, rel);
      notes.delete(file);
      const text = buffered.get(rel) ?? this.#disk.get(rel);
      if (text === undefined) {
        files.delete(rel);
        sources.delete(rel);
        continue;
      }
      sources.set(rel, text);
      const analysed = this.#analysed(file, text);
      files.set(rel, analysed.text);
      if (analysed.note) notes.set(file, analysed.note);
    }
    for (const [file, message] of this.#unreadable) notes.set(file, { file, kind: 'unreadable', message });
    const configTexts = new Map<string, ConfigText>();
    for (const { fileName } of THEME_FILES) {
      const file = path.join(this.configDir, fileName);
      const buffer = this.#buffers.get(file);
      const text = buffer === undefined ? this.#config.get(fileName) : withoutBom(buffer);
      if (text !== undefined) configTexts.set(fileName, { file, text });
    }
    const snapshot: ThemeSnapshot = {
      root: this.root,
      configDir: this.configDir,
      files,
      assets: [...this.#assets].sort(),
      configTexts,
    };
    this.#last = { files, notes, sources, configTexts };
    this.#dirty = new Set();
    this.#view = { snapshot, notes, version: this.#version };
    return this.#view;
  }

  /** What the last view was made of: its maps, and the texts before analysis (buffers over the disk). */
  #last:
    | {
        files: Map<string, string>;
        notes: Map<string, FileNote>;
        sources: Map<string, string>;
        configTexts: ReadonlyMap<string, ConfigText>;
      }
    | undefined;

  /** The buffers of this theme's Liquid files, by theme-relative path. */
  #bufferedLiquid(): Map<string, string> {
    const out = new Map<string, string>();
    for (const [file, text] of this.#buffers) {
      const entry = this.entry(file);
      if (entry.kind === 'liquid') out.set(entry.path, withoutBom(text));
    }
    return out;
  }

  /** The text the checks and features see: all of it, none of a binary file, the beginning of a huge one. */
  #analysed(file: string, text: string): { text: string; note?: FileNote } {
    if (text.includes('\u0000')) {
      return {
        text: '',
        note: { file, kind: 'binary', message: 'this file is not text (it holds NUL bytes): it is not analysed' },
      };
    }
    if (text.length <= this.#maxLength) return { text };
    const cut = text.lastIndexOf('\n', this.#maxLength);
    return {
      text: text.slice(0, cut > 0 ? cut + 1 : this.#maxLength),
      note: {
        file,
        kind: 'partial',
        message:
          `this file was analysed partially: it is ${kib(text.length)} long, and the editor analyses the first ` +
          `${kib(this.#maxLength)} for the other files' checks and shows no problems of its own; ` +
          '`theme-kit check` checks it whole',
      },
    };
  }
}
