// CLI conventions: --version, --help only as a flag, colour per stream. Most runs are in-process
// (`runInProcess`: same cwd, environment and non-TTY streams as the binary); the built binary (`runBin`)
// runs `--version` (exit 0, stdout only), `validate --format xml` (exit 2, usage on stderr), colour off a
// pipe and with an inherited FORCE_COLOR, and the terminal test under `script`.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { cleanEnv } from '../../../tools/testing/node-bin.mjs';
import { BIN, runBin } from './bin.js';
import { runInProcess } from './cli-io.js';
import { EXAMPLES, PACKAGE_ROOT } from './helpers.js';

const ANSI = /\u001b\[/;
const VERSION = (JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string })
  .version;
const WARNINGS_ONLY = path.join(PACKAGE_ROOT, 'test/mock/fixtures/count-mismatch');

describe('theme-config --version', () => {
  it.each([['--version'], ['-v'], ['validate', '--version'], ['mock', '-v']])(
    '%s prints the package version (exit 0)',
    async (...args) => {
      // `--version` through the binary: the version inlined by the build, exit 0 as the process status.
      const run = args.join(' ') === '--version' ? runBin(args) : await runInProcess(args);
      expect(run).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
    },
  );
});

describe('--help is recognised only as a flag', () => {
  it.each([['--help'], ['-h'], ['help']])('%s lists the commands', async (flag) => {
    const run = await runInProcess([flag]);
    expect(run.code).toBe(0);
    for (const name of ['validate', 'init', 'editor', 'mock'])
      expect(run.stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
  });

  it("anywhere among a command's flags, even after a malformed one, it prints that command's usage", async () => {
    for (const args of [
      ['validate', '--strict', '--help'],
      ['validate', '--bogus', '-h'],
      ['validate', '--configDir', '--help'],
      ['mock', '--out', '-h'],
    ]) {
      const run = await runInProcess(args);
      expect(run.code, args.join(' ')).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^Usage: theme-config ${args[0]}`));
    }
  });

  it('as the value of an option it is a value: --configDir=--help names a directory', async () => {
    const run = await runInProcess(['validate', '--configDir=--help', '--format', 'json'], { cwd: EXAMPLES });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({
      valid: false,
      diagnostics: [{ code: 'config-dir-not-found', file: '--help' }],
    });
  });

  it('after `--` it is a positional: init -- --help creates a directory named --help', async () => {
    const cwd = testTempDir('theme-config-bin-init-');
    const run = await runInProcess(['init', '--', '--help'], { cwd });
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('Usage:');
    expect(readdirSync(path.join(cwd, '--help')).filter((name) => name.endsWith('.stk.config.json'))).toHaveLength(7);
  });

  it('usage errors exit 2 with the usage on stderr', async () => {
    for (const args of [
      ['validate', '--format', 'xml'],
      ['validate', '--bogus'],
      ['validate', 'extra'],
      ['frobnicate'],
      [],
    ]) {
      // `--format xml` through the binary: a usage error thrown by the bundled command, exit 2 as the process status.
      const run = args.join(' ') === 'validate --format xml' ? runBin(args) : await runInProcess(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/Usage: theme-config/);
      expect(run.stdout).toBe('');
    }
  });
});

describe('colour is decided per stream', () => {
  it('off a terminal: none, unless FORCE_COLOR; NO_COLOR and FORCE_COLOR=0 turn it off', async () => {
    const args = ['validate', '--configDir', WARNINGS_ONLY];
    // The binary: stdout a pipe, FORCE_COLOR inherited from the environment; the rest in-process.
    expect(ANSI.test(runBin(args).stdout)).toBe(false);
    expect(ANSI.test(runBin(args, { env: { FORCE_COLOR: '1' } }).stdout)).toBe(true);
    expect(ANSI.test((await runInProcess(args, { env: { FORCE_COLOR: '0' } })).stdout)).toBe(false);
    expect(ANSI.test((await runInProcess(args, { env: { NO_COLOR: '1' } })).stdout)).toBe(false);
    // FORCE_COLOR wins over NO_COLOR, as in Node itself.
    expect(ANSI.test((await runInProcess(args, { env: { NO_COLOR: '1', FORCE_COLOR: '1' } })).stdout)).toBe(true);
  });

  // `script` (util-linux) gives the command a terminal, so stdout is a TTY while stderr goes to a file.
  const hasScript = spawnSync('script', ['--version']).status === 0;

  it.skipIf(!hasScript)(
    '`mock 2>log` on a terminal writes no escape codes into the log; validate on the same terminal is coloured',
    () => {
      const dir = testTempDir('theme-config-bin-tty-');
      const log = path.join(dir, 'log');
      const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
      const mock = `${quote(process.execPath)} ${quote(BIN)} mock --configDir ${quote(WARNINGS_ONLY)} --now 2024-01-01 2>${quote(log)}`;
      const validate = `${quote(process.execPath)} ${quote(BIN)} validate --configDir ${quote(WARNINGS_ONLY)}`;
      const terminal = spawnSync('script', ['-qec', `${mock}; ${validate}`, '/dev/null'], {
        env: cleanEnv(),
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(terminal.status).toBe(0);
      const logged = readFileSync(log, 'utf8');
      expect(logged).toContain('warning item-count-mismatch');
      expect(ANSI.test(logged)).toBe(false);
      expect(terminal.stdout).toMatch(/\u001b\[33mwarning/); // the same warning, coloured, from validate on the terminal
      expect(terminal.stdout).toContain('"categories"'); // mock's JSON went to the terminal
    },
  );
});
