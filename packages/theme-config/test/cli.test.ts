import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { memoryIO, runThemeConfig } from './cli-io.js';
import { THEME_FILES, validateConfigDir } from '../src/index.js';
import { EXAMPLES } from './helpers.js';

const tmp = testTempDir('theme-config-cli-');

async function run(args: string[], options: { isTTY?: boolean; cwd?: string } = {}) {
  const io = memoryIO(options.cwd ?? EXAMPLES, { stdoutTTY: options.isTTY ?? false });
  const code = await runThemeConfig(args, io);
  return { code, stdout: io.out(), stderr: io.err() };
}

const ANSI = /\u001b\[/;

describe('theme-config validate', () => {
  it('exits 0 on a valid theme, with a summary line and no colour off a TTY', async () => {
    const { code, stdout } = await run(['validate', '--configDir', 'valid/complete', '--strict']);
    expect(code).toBe(0);
    expect(stdout).toBe('✔ no problems in 7 config files\n');
  });

  it('defaults to the current directory', async () => {
    const { code, stdout } = await run(['validate'], { cwd: path.join(EXAMPLES, 'valid/complete') });
    expect(code).toBe(0);
    expect(stdout).toContain('7 config files');
  });

  it('exits 1 on an invalid theme and prints file:line:column severity code message, grouped by file', async () => {
    const { code, stdout } = await run(['validate', '--configDir', 'invalid/formats-and-ranges']);
    expect(code).toBe(1);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toContain(
      'invalid/formats-and-ranges/store.stk.config.json:12:19 warning invalid-format `currencyCode` "usd" is not a three-letter ISO 4217 currency code such as `USD` (did you mean `USD`?)',
    );
    const files = lines.filter((l) => l.includes(':')).map((l) => l.split(':')[0]);
    expect(files).toEqual([...files].sort()); // grouped: one run per file
    expect(lines[lines.length - 1]).toBe('✖ 1 error and 4 warnings in 3 files (3 config files checked)');
    expect(ANSI.test(stdout)).toBe(false);
    for (const line of lines.filter((l) => /^\S+:\d+:\d+ /.test(l))) {
      expect(line).toMatch(/^\S+:\d+:\d+ (error|warning) [a-z-]+ .+$/);
    }
  });

  it('appends suggestions and uses colour on a TTY only', async () => {
    const { stdout } = await run(['validate', '--configDir', 'invalid/unknown-block-type'], { isTTY: true });
    expect(ANSI.test(stdout)).toBe(true);
    expect(stdout).toContain('(did you mean `video`?)');
  });

  it('FORCE_COLOR forces colour, NO_COLOR disables it on a TTY', async () => {
    const forced = memoryIO(EXAMPLES, { env: { FORCE_COLOR: '1' } });
    await runThemeConfig(['validate', '--configDir', 'invalid/empty-file'], forced);
    expect(ANSI.test(forced.out())).toBe(true);
    const disabled = memoryIO(EXAMPLES, { env: { NO_COLOR: '1' }, stdoutTTY: true });
    await runThemeConfig(['validate', '--configDir', 'invalid/empty-file'], disabled);
    expect(ANSI.test(disabled.out())).toBe(false);
  });

  it('warnings keep exit 0; --strict turns them into errors (exit 1)', async () => {
    expect((await run(['validate', '--configDir', 'invalid/only-when'])).code).toBe(0);
    const strict = await run(['validate', '--configDir', 'invalid/only-when', '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain('error ignored-property');
  });

  it('--format json prints one JSON document for CI', async () => {
    const { code, stdout } = await run(['validate', '--configDir', 'invalid/invalid-json', '--format', 'json']);
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as { valid: boolean; summary: unknown; diagnostics: unknown[] };
    expect(report.valid).toBe(false);
    expect(report.summary).toEqual({ errors: 1, warnings: 0, files: 1 });
    expect(report.diagnostics).toEqual([
      {
        severity: 'error',
        code: 'invalid-json',
        message: 'invalid JSON: expected `,` between entries',
        pointer: '',
        file: 'invalid/invalid-json/menus.stk.config.json',
        line: 4,
        column: 5,
      },
    ]);
  });

  it.each([
    [['validate', '--format', 'xml']],
    [['validate', '--bogus']],
    [['validate', 'extra-positional']],
    [['validate', '--configDir']],
    [['frobnicate']],
    [[]],
  ])('usage errors exit 2: %j', async (args) => {
    const { code, stderr, stdout } = await run(args);
    expect(code).toBe(2);
    expect(stderr).toMatch(/Usage: theme-config/);
    expect(stdout).toBe('');
  });

  it('--help prints usage and exits 0', async () => {
    const { code, stdout } = await run(['validate', '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('--configDir DIR');
    expect((await run(['--help'])).stdout).toContain('validate');
  });

  it('a missing config directory is invalid (exit 1), not a crash', async () => {
    const { code, stdout } = await run(['validate', '--configDir', 'does-not-exist']);
    expect(code).toBe(1);
    expect(stdout).toContain('config-dir-not-found');
  });
});

describe('theme-config init', () => {
  it('writes all seven files, valid and without warnings; object files carry a $schema line', async () => {
    const dir = path.join(tmp, 'new-theme');
    const { code, stdout } = await run(['init', dir], { cwd: tmp });
    expect(code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual([...THEME_FILES.map((f) => f.fileName), '.vscode'].sort());
    expect(stdout.match(/^created .*stk\.config\.json$/gm)).toHaveLength(7);
    expect(await validateConfigDir(dir, { strict: true })).toEqual({ valid: true, diagnostics: [] });
    for (const f of THEME_FILES.filter((x) => x.shape === 'object')) {
      const json = JSON.parse(readFileSync(path.join(dir, f.fileName), 'utf8')) as { $schema: string };
      expect(json.$schema).toBe(`https://unpkg.com/@commerce-kit/theme-config/dist/schemas/${f.schemaFile}`);
    }
  });

  it('never overwrites an existing file', async () => {
    const dir = path.join(tmp, 'existing');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'store.stk.config.json'), 'MY OWN');
    const { code, stdout } = await run(['init', dir], { cwd: tmp });
    expect(code).toBe(0);
    expect(readFileSync(path.join(dir, 'store.stk.config.json'), 'utf8')).toBe('MY OWN');
    expect(stdout).toMatch(/kept +.*store\.stk\.config\.json \(already exists\)/);
    expect(stdout.match(/^created .*stk\.config\.json$/gm)).toHaveLength(6);
    const again = await run(['init', dir], { cwd: tmp });
    expect(again.stdout.match(/^created .*stk\.config\.json$/gm)).toBeNull();
  });

  it('defaults to the current directory and rejects two directories (exit 2)', async () => {
    const dir = path.join(tmp, 'cwd-theme');
    mkdirSync(dir);
    expect((await run(['init'], { cwd: dir })).code).toBe(0);
    expect(existsSync(path.join(dir, 'menus.stk.config.json'))).toBe(true);
    expect((await run(['init', 'a', 'b'], { cwd: dir })).code).toBe(2);
  });
});
