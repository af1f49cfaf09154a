// `theme-kit console`: the Liquid REPL on the mock store, through a pipe (the built binary, as a script
// uses it), through a pseudo-terminal (tmux: prompt, Tab completion, history), and its completion table.
import { execFileSync, spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { waitFor } from '../../../tools/testing/wait-for.mjs';
import { completions } from '../src/console/console.js';
import { BIN, type BinRun, runBin } from './support/bin.js';
import { makeTheme, starterSpec } from './support/theme.js';

const dir = testTempDir('theme-kit-test-');

beforeAll(() => {
  makeTheme(starterSpec(), dir);
});

/** Runs `theme-kit console ...args` with `input` on its stdin (a pipe), to the end. */
function piped(args: readonly string[], input: string): Promise<BinRun> {
  return runBin(['console', '--theme', dir, ...args], { input, env: { NO_COLOR: '1' } });
}

describe('through a pipe', () => {
  it('prints each result and exits 0 at the end of the input; assigns carry over; block tags span lines', async () => {
    const run = await piped(
      ['--url', '/products/harbor-blend'],
      [
        '{{ store.storeName | upcase }}',
        'product.title',
        '{% assign n = 40 %}',
        '{{ n | plus: 2 }}',
        '{% for c in categories limit: 2 %}',
        '[{{ c.title }}]',
        '{% endfor %}',
        '',
      ].join('\n'),
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n').filter((line) => line.trim() !== '');
    expect(lines).toEqual(['NORTHWIND SUPPLY CO.', 'Harbor Blend', '42', '[Trail gear]', '[Camp kitchen]']);
  });

  it('an error names its position in the session and the code frame; the exit status is 1', async () => {
    const run = await piped([], '{{ store.storeName }}\n{{ store.storeName | shout }}\n');
    expect(run.stdout).toBe('Northwind Supply Co.\n');
    expect(run.stderr).toContain('<console>:2:');
    expect(run.stderr).toContain('unknown filter `shout`');
    expect(run.stderr).toContain('> 1 | {{ store.storeName | shout }}');
    expect(run.code).toBe(1);
  });

  it('a --url that names no page is a usage error naming the flag', async () => {
    const run = await piped(['--url', '/products/nope'], '');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--url /products/nope names no page');
  });
});

describe('completion', () => {
  const scope = { store: { storeName: 'N', storeEmail: 'e', currency: 'USD' }, categories: [{ title: 't' }] };
  it('completes objects, their fields, filters after | and tags after {%', () => {
    expect(completions('{{ sto', scope)).toEqual([['store'], 'sto']);
    expect(completions('{{ store.store', scope)).toEqual([['store.storeEmail', 'store.storeName'], 'store.store']);
    expect(completions('{{ store.storeName | upc', scope)).toEqual([['upcase'], 'upc']);
    expect(completions('{% ass', scope)[0]).toEqual(['assign']);
    expect(completions('{{ categories.fi', scope)).toEqual([['categories.first'], 'categories.fi']);
  });
});

const hasTmux = spawnSync('tmux', ['-V']).status === 0;

describe.skipIf(!hasTmux && !process.env['CI'])('on a terminal (tmux)', () => {
  it('prompts, completes a filter with Tab, recalls the last entry with the up arrow, and ends with Ctrl-D', async () => {
    const session = `theme-kit-console-${process.pid}`;
    // A server of its own (-L): nothing of another tmux user's is touched.
    const tmux = (...args: string[]): string =>
      execFileSync('tmux', ['-L', session, ...args], { encoding: 'utf8', timeout: 30_000 });
    const screen = (): string => tmux('capture-pane', '-p', '-t', session);
    tmux(
      'new-session',
      '-d',
      '-s',
      session,
      '-x',
      '160',
      '-y',
      '30',
      `NO_COLOR=1 ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} console --theme ${JSON.stringify(dir)}; tmux -L ${session} wait-for -S ${session}-done; sleep 30`,
    );
    try {
      await waitFor(() => screen().includes('liquid>'), { message: 'the prompt', timeoutMs: 30_000 });
      tmux('send-keys', '-t', session, '-l', '{{ store.storeName | upc');
      tmux('send-keys', '-t', session, 'Tab');
      await waitFor(() => screen().includes('| upcase'), { message: 'Tab to complete `upc` as `upcase`' });
      tmux('send-keys', '-t', session, '-l', ' }}');
      tmux('send-keys', '-t', session, 'Enter');
      await waitFor(() => screen().includes('NORTHWIND SUPPLY CO.'), { message: 'the result' });
      tmux('send-keys', '-t', session, 'Up');
      tmux('send-keys', '-t', session, 'Enter');
      await waitFor(() => screen().split('NORTHWIND SUPPLY CO.').length === 3, {
        message: 'the recalled entry run again',
      });
      tmux('send-keys', '-t', session, 'C-d');
      tmux('wait-for', `${session}-done`);
    } finally {
      spawnSync('tmux', ['-L', session, 'kill-server']);
    }
  });
});
