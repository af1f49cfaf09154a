/** Themes written to temporary directories, one file at a time, for tests. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Files by theme-relative path; values that are not strings are written as JSON. */
export type ThemeSpec = Readonly<Record<string, string | object>>;

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
    writeFileSync(target, typeof contents === 'string' ? contents : `${JSON.stringify(contents, null, 2)}\n`);
  }
}
