/** Themes written to temporary directories, one file at a time, for tests. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { starterTheme } from '../../src/starter/files.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Files by theme-relative path; strings and bytes are written as they are, other values as JSON. */
export type ThemeSpec = Readonly<Record<string, string | Uint8Array | object>>;

/** Writes `files` into a new temporary directory (removed after the test file) and returns its path. */
export function makeTheme(files: ThemeSpec): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'theme-kit-test-'));
  made.push(dir);
  writeFiles(dir, files);
  return dir;
}

/** Writes (or overwrites) files under `dir`. */
export function writeFiles(dir: string, files: ThemeSpec): void {
  for (const [file, contents] of Object.entries(files)) {
    const target = path.join(dir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(
      target,
      typeof contents === 'string' || contents instanceof Uint8Array
        ? contents
        : `${JSON.stringify(contents, null, 2)}\n`,
    );
  }
}

/** The starter theme `theme-kit init` writes, as a {@link ThemeSpec}. */
export const starterSpec = (): Record<string, string | Uint8Array> => Object.fromEntries(starterTheme());
