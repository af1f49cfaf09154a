/** Themes written to temporary directories, one file at a time, for tests. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished, TestRunner } from 'vitest';
import { starterTheme } from '../../src/starter/files.js';

/** Files by theme-relative path; strings and bytes are written as they are, other values as JSON. */
export type ThemeSpec = Readonly<Record<string, string | Uint8Array | object>>;

/**
 * Writes `files` into a new temporary directory and returns its path. Made in a test, the directory is removed
 * when the test ends; made in a hook (beforeAll), the caller removes it.
 */
export function makeTheme(files: ThemeSpec): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'theme-kit-test-'));
  // Not an afterAll here: the test files share this module (isolate: false), so it would run after the first only.
  if (TestRunner.getCurrentTest()) onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
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
