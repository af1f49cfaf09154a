// `validate --watch` through the built binary, on a temporary theme directory.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { startBin } from './bin.js';

const tmp = testTempDir('theme-config-watch-');

const PAGINATION = (currentPage: number): string => `{\n  "numPages": 3,\n  "currentPage": ${currentPage}\n}\n`;
const MENUS = '[{ "name": "main-menu", "links": [] }]\n';

describe('validate --watch', () => {
  it('prints the full report, then only what changed after each edit, until Ctrl-C (exit 0)', async () => {
    const dir = testTempDir('theme-config-watch-theme-');
    writeFileSync(path.join(dir, 'pagination.stk.config.json'), PAGINATION(1));
    writeFileSync(path.join(dir, 'menus.stk.config.json'), MENUS);
    const bin = startBin(['validate', '--watch', '--configDir', dir], { cwd: dir });
    try {
      const first = await bin.waitFor(/Watching .* for changes; press Ctrl-C to stop\.\n/);
      expect(first).toContain('✔ no problems in 2 config files');

      // A new problem in one file: only its line and the summary are printed.
      let mark = bin.stdout().length;
      writeFileSync(path.join(dir, 'pagination.stk.config.json'), PAGINATION(9));
      const broken = await bin.waitFor(/✖ 1 error and 0 warnings in 1 file \(2 config files checked\)\n/, mark);
      expect(broken.trimEnd().split('\n')).toEqual([
        'pagination.stk.config.json:3:3 error page-out-of-range `currentPage` is 9 but there are only 3 pages (`numPages`)',
        '✖ 1 error and 0 warnings in 1 file (2 config files checked)',
      ]);

      // Saving the other file unchanged prints nothing; fixing the problem prints it as fixed.
      mark = bin.stdout().length;
      writeFileSync(path.join(dir, 'menus.stk.config.json'), MENUS);
      writeFileSync(path.join(dir, 'pagination.stk.config.json'), PAGINATION(2));
      const fixed = await bin.waitFor(/✔ no problems in 2 config files\n/, mark);
      expect(fixed.trimEnd().split('\n')).toEqual([
        'fixed pagination.stk.config.json:3:3 error page-out-of-range `currentPage` is 9 but there are only 3 pages (`numPages`)',
        '✔ no problems in 2 config files',
      ]);

      // A new file is picked up too.
      mark = bin.stdout().length;
      writeFileSync(path.join(dir, 'blogs.stk.config.json'), '[]');
      const added = await bin.waitFor(/in 1 file \(2 config files checked\)\n/, mark);
      expect(added).toMatch(/^blogs\.stk\.config\.json:1:1 error unknown-file /);
    } finally {
      bin.child.kill('SIGINT');
    }
    expect(await bin.exited).toBe(0);
    expect(bin.stderr()).toBe('');
  });

  it('a directory that does not exist is reported, then exit 1 (nothing to watch)', async () => {
    const bin = startBin(['validate', '--watch', '--configDir', path.join(tmp, 'missing')], { cwd: tmp });
    expect(await bin.exited).toBe(1);
    expect(bin.stdout()).toContain('config-dir-not-found');
    expect(bin.stderr()).toContain('cannot watch');
  });

  it('takes text reports only (exit 2 for another --format)', async () => {
    const bin = startBin(['validate', '--watch', '--format', 'json'], { cwd: tmp });
    expect(await bin.exited).toBe(2);
  });
});
