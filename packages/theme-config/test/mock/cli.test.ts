/** `theme-config mock`, run in-process through the CLI dispatcher. */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runThemeConfig } from '../cli-io.js';
import { COMPLETE_THEME, EXAMPLES, FIXTURES, memoryIO, NOW, schemaErrors, tempDir } from './helpers.js';

async function mock(args: string[], cwd = tempDir()) {
  const io = memoryIO(cwd);
  const code = await runThemeConfig(['mock', ...args], io);
  return { code, stdout: io.out(), stderr: io.err(), cwd };
}

describe('theme-config mock', () => {
  it('writes the mock store of a theme to --out (exit 0), schema-valid, keeping configured values', async () => {
    const dir = tempDir();
    const run = await mock(['--configDir', COMPLETE_THEME, '--seed', '5', '--now', NOW, '--out', 'mock.json'], dir);
    expect(run).toMatchObject({ code: 0, stdout: '' });
    const text = readFileSync(path.join(dir, 'mock.json'), 'utf8');
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).not.toContain('\n  "');
    const data = JSON.parse(text) as { store: { storeName: string } };
    expect(data.store.storeName).toBe('Northwind Outfitters');
    expect(schemaErrors(data)).toEqual([]);
    expect(readdirSync(dir)).toEqual(['mock.json']); // no temporary file left behind
  });

  it('says on stderr which locale the generated text used where some of it is English (text reports only)', async () => {
    const dir = tempDir();
    const store = JSON.parse(readFileSync(path.join(COMPLETE_THEME, 'store.stk.config.json'), 'utf8')) as object;
    writeFileSync(path.join(dir, 'store.stk.config.json'), JSON.stringify({ ...store, language: 'fr-FR' }));
    const run = await mock(['--configDir', dir, '--now', NOW]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      'theme-config mock: generated text for fr-FR in fr; English where fr has no words: storeDescription\n',
    );
    expect((JSON.parse(run.stdout) as { mockLocale: unknown }).mockLocale).toEqual({
      language: 'fr-FR',
      locale: 'fr',
      english: ['storeDescription'],
    });
    expect((await mock(['--configDir', dir, '--now', NOW, '--format', 'json'])).stderr).not.toContain(
      'fr has no words',
    );
    expect((await mock(['--now', NOW])).stderr).not.toContain('has no words'); // en-US: all of it English, its own
  });

  it('indents with --pretty and writes to stdout without --out', async () => {
    const run = await mock(['--configDir', COMPLETE_THEME, '--seed', '5', '--now', NOW, '--pretty']);
    expect(run.code).toBe(0);
    expect(run.stdout.startsWith('{\n  "store": {\n    "')).toBe(true);
    const file = await mock([
      '--configDir',
      COMPLETE_THEME,
      '--seed',
      '5',
      '--now',
      NOW,
      '--pretty',
      '--out',
      'm.json',
    ]);
    expect(readFileSync(path.join(file.cwd, 'm.json'), 'utf8')).toBe(run.stdout);
  });

  it('is byte-identical for the same seed and now, different for another seed', async () => {
    const a = await mock(['--seed', '9', '--now', NOW]);
    const b = await mock(['--seed', '9', '--now', NOW]);
    const c = await mock(['--seed', '10', '--now', NOW]);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).not.toBe(c.stdout);
    // Without --now, runs on the same day agree too (now = today 00:00 UTC); without --seed the seed is fixed.
    expect((await mock([])).stdout).toBe((await mock(['--seed', '1'])).stdout);
  });

  it('generates a complete default store from a directory without config files (a warning only)', async () => {
    const run = await mock(['--now', NOW]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('no-config-files');
    expect(schemaErrors(JSON.parse(run.stdout))).toEqual([]);
  });

  it('reports warnings on stderr and still writes (numItems disagreeing with items)', async () => {
    const run = await mock(['--configDir', path.join(FIXTURES, 'count-mismatch'), '--now', NOW]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('item-count-mismatch');
    const data = JSON.parse(run.stdout) as { categories: { numItems: number; items: unknown[] }[] };
    expect(data.categories[0]).toMatchObject({
      numItems: 3,
      items: [{ title: 'Sencha', description: 'Green tea.', price: 8.5 }],
    });
    expect((await mock(['--configDir', path.join(FIXTURES, 'count-mismatch'), '--strict'])).code).toBe(1);
  });

  describe('an invalid config dir', () => {
    const invalid = [
      'pagination-range',
      'invalid-json',
      'missing-property',
      'unknown-block-type',
      'wrong-top-level-type',
    ];

    it.each(invalid)(
      '%s: exit 1, the same diagnostics as validate, nothing written, an existing --out untouched',
      async (name) => {
        const configDir = path.join(EXAMPLES, 'invalid', name);
        const cwd = tempDir();
        writeFileSync(path.join(cwd, 'mock.json'), 'previous contents');
        const io = memoryIO(cwd);
        const validateCode = await runThemeConfig(['validate', '--configDir', configDir], io);
        const run = await mock(['--configDir', configDir, '--out', 'mock.json'], cwd);
        expect(validateCode).toBe(1);
        expect(run.code).toBe(1);
        expect(run.stderr).toBe(io.out());
        expect(run.stdout).toBe('');
        expect(readFileSync(path.join(cwd, 'mock.json'), 'utf8')).toBe('previous contents');
        expect(readdirSync(cwd)).toEqual(['mock.json']);
      },
    );

    it('reports page-out-of-range for currentPage outside 1..numPages, in JSON with --format json', async () => {
      const configDir = path.join(EXAMPLES, 'invalid', 'pagination-range');
      const run = await mock(['--configDir', configDir, '--format', 'json', '--out', 'never.json']);
      expect(run.code).toBe(1);
      const report = JSON.parse(run.stderr) as { valid: boolean; diagnostics: { code: string; pointer: string }[] };
      expect(report.valid).toBe(false);
      expect(report.diagnostics).toContainEqual(
        expect.objectContaining({ code: 'page-out-of-range', pointer: '/currentPage' }),
      );
      expect(existsSync(path.join(run.cwd, 'never.json'))).toBe(false);
    });

    it('exits 1 for a config dir that does not exist', async () => {
      const run = await mock(['--configDir', 'no/such/dir', '--out', 'x.json']);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('config-dir-not-found');
      expect(existsSync(path.join(run.cwd, 'x.json'))).toBe(false);
    });
  });

  it('exits 1 with a message when --out cannot be written, leaving nothing behind', async () => {
    const cwd = tempDir();
    mkdirSync(path.join(cwd, 'taken'));
    const run = await mock(['--out', 'taken', '--now', NOW], cwd);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/could not write taken/);
    expect(readdirSync(cwd)).toEqual(['taken']);
    const missing = await mock(['--out', 'missing-dir/out.json'], cwd);
    expect(missing.code).toBe(1);
  });

  it.each([
    [['--seed', 'abc']],
    [['--seed', '1.5']],
    [['--seed', '99999999999999999999']],
    [['--now', 'not a date']],
    [['--format', 'xml']],
    [['--out', '']],
    [['--bogus']],
    [['positional']],
  ])('exits 2 on a usage error: %j', async (args) => {
    const run = await mock(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Usage: theme-config mock');
    expect(run.stdout).toBe('');
  });

  it('is listed by the CLI and has --help', async () => {
    const io = memoryIO(process.cwd());
    expect(await runThemeConfig(['--help'], io)).toBe(0);
    expect(io.out()).toMatch(/\bmock\b/);
    const help = await mock(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--seed N');
  });
});

describe('theme-config mock: the default "now"', () => {
  const withEnv = async (env: Record<string, string>, args: string[]) => {
    const io = { ...memoryIO(tempDir()), env };
    const code = await runThemeConfig(['mock', ...args], io);
    return { code, stdout: io.out(), stderr: io.err() };
  };

  it('SOURCE_DATE_EPOCH pins it (byte-identical output on any day), --now wins over it', async () => {
    const epoch = String(Date.parse(NOW) / 1000);
    const pinned = await withEnv({ SOURCE_DATE_EPOCH: epoch }, ['--seed', '4']);
    expect(pinned.code).toBe(0);
    expect(pinned.stdout).toBe((await withEnv({}, ['--seed', '4', '--now', NOW])).stdout);
    const other = await withEnv({ SOURCE_DATE_EPOCH: '0' }, ['--seed', '4', '--now', NOW]);
    expect(other.stdout).toBe(pinned.stdout);
  });

  it('a SOURCE_DATE_EPOCH that is not whole seconds is a usage error (exit 2)', async () => {
    const bad = await withEnv({ SOURCE_DATE_EPOCH: 'yesterday' }, []);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('SOURCE_DATE_EPOCH');
    expect(bad.stdout).toBe('');
  });
});

describe('theme-config mock: write failures', () => {
  it('name the problem, not the temporary file (missing directory, a directory as --out)', async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'taken'));
    const missing = await mock(['--out', 'nowhere/mock.json'], dir);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      'could not write nowhere/mock.json: ENOENT: the directory `nowhere` does not exist',
    );
    const isDir = await mock(['--out', 'taken'], dir);
    expect(isDir.code).toBe(1);
    expect(isDir.stderr).toContain('could not write taken: EISDIR: `taken` is a directory');
    expect(`${missing.stderr}${isDir.stderr}`).not.toContain('.tmp');
    expect(readdirSync(dir)).toEqual(['taken']);
  });

  it('colours diagnostics with FORCE_COLOR, like validate', async () => {
    const dir = tempDir();
    const io = { ...memoryIO(dir), env: { FORCE_COLOR: '1' } };
    await runThemeConfig(['mock'], io);
    expect(io.err()).toMatch(/\u001b\[/);
  });
});
