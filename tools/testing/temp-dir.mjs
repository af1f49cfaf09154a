// A temporary directory for tests: under the system temp directory, removed when the test (or the file's tests)
// end, passed or failed, so that a run leaves nothing behind. `KEEP_TEST_TMP=1` keeps every one and prints
// where, for inspecting what a test wrote (a packed tarball, a consumer project, a generated tree).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, onTestFinished, TestRunner } from 'vitest';

/**
 * A new directory named after `prefix`. Made inside a test, it is removed when that test ends; made while the
 * file's tests are collected (at the top of the file or of a `describe`), when that file's or describe's tests
 * have all run. Not from a hook: a `beforeAll` makes it at the top of its `describe` instead.
 * @param {string} prefix
 * @param {string} [parent] where to make it (default: the system temp directory); a build that must resolve
 *   the workspace's packages makes its output inside the workspace (`node_modules/.cache`)
 * @returns {string}
 */
export function testTempDir(prefix, parent = tmpdir()) {
  const dir = mkdtempSync(path.join(parent, prefix));
  const remove = process.env['KEEP_TEST_TMP']
    ? () => console.info(`test files kept in ${dir}`)
    : () => rmSync(dir, { recursive: true, force: true });
  // Registered per call (not once per module): with `isolate: false` the files of a worker share this module.
  if (TestRunner.getCurrentTest()) onTestFinished(remove);
  else afterAll(remove);
  return dir;
}
