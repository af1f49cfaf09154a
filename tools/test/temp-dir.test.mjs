// testTempDir: a directory made in a test is gone when the test ends, and KEEP_TEST_TMP=1 keeps it (and says where).
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { testTempDir } from '../testing/temp-dir.mjs';

/** @type {string[]} */
const made = [];
const info = vi.spyOn(console, 'info').mockImplementation(() => {});
afterAll(() => {
  info.mockRestore();
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('testTempDir', () => {
  it('makes a new directory, removed with what the test wrote in it when the test ends', () => {
    const dir = testTempDir('temp-dir-test-');
    made.push(dir);
    writeFileSync(path.join(dir, 'file.txt'), 'x');
    expect(existsSync(dir)).toBe(true);
  });

  it('(the directory of the previous test is gone)', () => {
    expect(made).toHaveLength(1);
    expect(existsSync(/** @type {string} */ (made[0]))).toBe(false);
  });

  it('keeps the directory, and prints where, with KEEP_TEST_TMP=1', () => {
    vi.stubEnv('KEEP_TEST_TMP', '1');
    try {
      made.push(testTempDir('temp-dir-test-'));
    } finally {
      vi.unstubAllEnvs();
    }
    expect(info).not.toHaveBeenCalled();
  });

  it('(the kept directory is still there, and its path was printed)', () => {
    const kept = /** @type {string} */ (made[1]);
    expect(existsSync(kept)).toBe(true);
    expect(info).toHaveBeenCalledWith(`test files kept in ${kept}`);
  });
});
