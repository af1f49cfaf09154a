// A temporary directory for one test: under the system temp directory, removed when the test ends,
// passed or failed, so that a run leaves nothing behind.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';

/**
 * A new directory named after `prefix`, removed when the running test ends (call it inside a test).
 * @param {string} prefix
 * @returns {string}
 */
export function testTempDir(prefix) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
