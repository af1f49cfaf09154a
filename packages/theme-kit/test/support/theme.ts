/** Themes written to temporary directories, one file at a time, for tests. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { testTempDir } from '../../../../tools/testing/temp-dir.mjs';
import { starterTheme } from '../../src/starter/files.js';

/** Files by theme-relative path; strings and bytes are written as they are, other values as JSON. */
export type ThemeSpec = Readonly<Record<string, string | Uint8Array | object>>;

/**
 * Writes `files` into `dir` and returns it: by default a new `testTempDir`, removed when the test ends. A
 * hook (`beforeAll`) passes a directory the file made at its top with `testTempDir` (removed when the file's
 * tests have all run): `testTempDir` is not called from a hook.
 */
export function makeTheme(files: ThemeSpec, dir: string = testTempDir('theme-kit-test-')): string {
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
