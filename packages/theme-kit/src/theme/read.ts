/** Reading a theme directory into memory: its Liquid files and the list of its assets. */
import type { Dirent } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
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
      names = (await readdir(path.join(dir, folder)))
        .filter((name) => name.endsWith(LIQUID_EXTENSION) && !name.startsWith('.'))
        .sort();
    } catch {
      continue; // every folder is optional
    }
    for (const name of names) {
      const file = path.join(dir, folder, name);
      try {
        // Only a file whose real path is inside the theme: a link out of it is reported, never read.
        const real = await confinedFile(dir, [folder, name]);
        if (real === undefined) {
          if ((await stat(file)).isDirectory()) continue;
          diagnostics.push({
            severity: 'error',
            code: 'read-error',
            message: `${folder}/${name} is not read: it resolves outside the theme directory, or to a hidden file`,
            pointer: '',
            file,
            line: 1,
            column: 1,
          });
          continue;
        }
        const text = decoder.decode(await readFile(real));
        files.set(`${folder}/${name}`, text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
      } catch (error) {
        if (errnoCode(error) === 'EISDIR') continue;
        diagnostics.push({
          severity: 'error',
          code: 'read-error',
          message: `${folder}/${name} could not be read (${errnoCode(error)})`,
          pointer: '',
          file,
          line: 1,
          column: 1,
        });
      }
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
