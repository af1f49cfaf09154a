/** Reading a theme directory into memory: its Liquid files and the list of its assets. */
import type { Dirent } from 'node:fs';
import { lstat, readdir, readFile, stat } from 'node:fs/promises';
import { THEME_FILES } from '@commerce-kit/theme-config';
import path from 'node:path';
import type { ThemeDiagnostic } from '../diagnostics.js';
import { ASSETS_FOLDER, LIQUID_EXTENSION, LIQUID_FOLDERS, type ThemeFiles } from './files.js';
import { errnoCode } from '@commerce-kit/internal/errno';
import { confinedFile } from '@commerce-kit/internal/local-server/files';

/** What {@link readThemeDir} found. */
export interface ThemeDirContents {
  /** Liquid sources by theme-relative POSIX path. */
  readonly files: ThemeFiles;
  /** Asset paths relative to `assets/` (POSIX), sorted. */
  readonly assets: readonly string[];
  /** Problems reading the directory (it does not exist, a file cannot be read). */
  readonly diagnostics: readonly ThemeDiagnostic[];
}

const decoder = new TextDecoder('utf-8');

/**
 * The files of `assets/` (POSIX paths relative to it): regular files, and links whose real path is a file
 * inside the folder; never a dotfile or anything in a dot-folder.
 */
async function listAssets(root: string, prefix = ''): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(path.join(root, prefix), { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const relative = `${prefix}${entry.name}`;
    if (entry.isDirectory()) out.push(...(await listAssets(root, `${relative}/`)));
    else if (entry.isFile() || entry.isSymbolicLink()) {
      if ((await confinedFile(root, relative.split('/'))) !== undefined) out.push(relative);
    }
  }
  return out;
}

/** Whether a file name in one of the Liquid folders is read as a theme file (`card.liquid`, not `.card.liquid`). */
export function isLiquidFileName(name: string): boolean {
  return name.endsWith(LIQUID_EXTENSION) && !name.startsWith('.') && !name.includes('/');
}

/** What {@link readLiquidFile} found: the source, a problem, or nothing to read (a folder, or no such file). */
export type LiquidFileRead =
  | { readonly text: string }
  | { readonly diagnostic: ThemeDiagnostic }
  | { readonly absent: 'folder' | 'missing' };

/**
 * Reads one Liquid file, `<folder>/<name>` of the theme `dir` (a BOM removed): only when its real path is
 * inside the theme (a link out of it is a problem, never read).
 */
export async function readLiquidFile(dir: string, folder: string, name: string): Promise<LiquidFileRead> {
  const file = path.join(dir, folder, name);
  const problem = (message: string): LiquidFileRead => ({
    diagnostic: { severity: 'error', code: 'read-error', message, pointer: '', file, line: 1, column: 1 },
  });
  try {
    const real = await confinedFile(dir, [folder, name]);
    if (real === undefined) {
      if ((await lstat(file).catch(() => undefined)) === undefined) return { absent: 'missing' };
      if ((await stat(file)).isDirectory()) return { absent: 'folder' };
      return problem(`${folder}/${name} is not read: it resolves outside the theme directory, or to a hidden file`);
    }
    const text = decoder.decode(await readFile(real));
    return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
  } catch (error) {
    if (errnoCode(error) === 'EISDIR') return { absent: 'folder' };
    return problem(`${folder}/${name} could not be read (${errnoCode(error)})`);
  }
}

/** Reads the Liquid files of `templates/`, `layout/`, `snippets/` and `blocks/`, and lists `assets/`. */
export async function readThemeDir(dir: string): Promise<ThemeDirContents> {
  const diagnostics: ThemeDiagnostic[] = [];
  try {
    if (!(await stat(dir)).isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
  } catch (error) {
    diagnostics.push({
      severity: 'error',
      code: 'theme-dir-not-found',
      message: `theme directory \`${dir}\` does not exist or is not a directory (${errnoCode(error)})`,
      pointer: '',
      file: dir,
      line: 1,
      column: 1,
    });
    return { files: new Map(), assets: [], diagnostics };
  }
  const files = new Map<string, string>();
  for (const folder of LIQUID_FOLDERS) {
    let names: string[];
    try {
      names = (await readdir(path.join(dir, folder))).filter((name) => isLiquidFileName(name)).sort();
    } catch {
      continue; // every folder is optional
    }
    for (const name of names) {
      const read = await readLiquidFile(dir, folder, name);
      if ('text' in read) files.set(`${folder}/${name}`, read.text);
      else if ('diagnostic' in read) diagnostics.push(read.diagnostic);
    }
  }
  const assets = (await listAssets(path.join(dir, ASSETS_FOLDER))).sort();
  return { files, assets, diagnostics };
}

/** The text of one config file, with its path as diagnostics show it. */
export interface ConfigText {
  readonly file: string;
  readonly text: string;
}

/**
 * The texts of the config files present in `configDir`, by file name (a BOM removed): what diagnostics
 * point into (code frames, positions of values and of `rawMarkup`). Unreadable files are left out; the
 * config validation reports them.
 */
export async function readConfigTexts(configDir: string): Promise<Map<string, ConfigText>> {
  const texts = new Map<string, ConfigText>();
  for (const { fileName } of THEME_FILES) {
    const file = path.join(configDir, fileName);
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text !== undefined) texts.set(fileName, { file, text: text.replace(/^\uFEFF/, '') });
  }
  return texts;
}

/**
 * The config files of `configDir` that are links out of it (or to a hidden file), each as an error: the
 * config is then not loaded, so nothing from outside the directory reaches a page.
 */
export async function configLinksOut(configDir: string): Promise<ThemeDiagnostic[]> {
  const diagnostics: ThemeDiagnostic[] = [];
  for (const { fileName } of THEME_FILES) {
    const file = path.join(configDir, fileName);
    const entry = await lstat(file).catch(() => undefined);
    if (entry === undefined || !entry.isSymbolicLink()) continue;
    if ((await confinedFile(configDir, [fileName])) !== undefined) continue;
    diagnostics.push({
      severity: 'error',
      code: 'read-error',
      message: `${fileName} is not read: it resolves outside the config directory, or to a hidden file`,
      pointer: '',
      file,
      line: 1,
      column: 1,
    });
  }
  return diagnostics;
}
