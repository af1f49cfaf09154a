// `@commerce-kit/theme-config/cli`: the commands run under another program (as `theme-kit` runs them),
// from the sources and from the built entry (which carries its own copy of the CLI framework).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCli } from '@commerce-kit/internal/cli/main';
import { describe, expect, it } from 'vitest';
import * as source from '../src/cli/index.js';
import { memoryIO } from './cli-io.js';
import { EXAMPLES, PACKAGE_ROOT } from './helpers.js';

type Entry = typeof source;

async function runAs(entry: Entry, args: string[]) {
  const io = memoryIO(EXAMPLES);
  const commands = [entry.validateCommand, entry.mockCommand, entry.editorCommand];
  const code = await runCli(args, { program: 'theme-kit', version: '9.9.9', commands, io });
  return { code, stdout: io.out(), stderr: io.err() };
}

describe.each([
  ['the sources', async (): Promise<Entry> => source],
  [
    'the built entry',
    async (): Promise<Entry> =>
      (await import(pathToFileURL(path.join(PACKAGE_ROOT, 'dist/cli-commands.js')).href)) as Entry,
  ],
])('validate, mock and editor under another program, from %s', (_from, load) => {
  it('usage errors name that program and exit 2', async () => {
    const entry = await load();
    const run = await runAs(entry, ['validate', '--format', 'xml']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^theme-kit validate: --format must be one of text, json, sarif, github, not "xml"\n\nUsage: theme-kit validate \[--configDir DIR\]/,
    );
    expect((await runAs(entry, ['mock', '--seed', 'x'])).stderr).toMatch(
      /^theme-kit mock: --seed must be a whole number/,
    );
    expect((await runAs(entry, ['editor', 'a', 'b'])).stderr).toMatch(
      /^theme-kit editor: expected at most 1 argument, got 2\n\nUsage: theme-kit editor \[DIR\]\n/,
    );
  });

  it("help, version and the overview are the program's own", async () => {
    const entry = await load();
    expect(await runAs(entry, ['--version'])).toEqual({ code: 0, stdout: '9.9.9\n', stderr: '' });
    expect((await runAs(entry, ['mock', '--help'])).stdout).toMatch(
      /^Usage: theme-kit mock \[--configDir DIR\] \[--seed N\]/,
    );
    const overview = await runAs(entry, ['--help']);
    expect(overview.stdout).toMatch(
      /^Usage: theme-kit <command> \[options\]\n\nCommands:\n {2}validate {2}check .+\n {2}mock {6}generate .+\n {2}editor {4}map .+\n\n/,
    );
    expect(overview.stdout).not.toMatch(/\binit\b/);
  });

  it('reports as theme-config does, with the same exit statuses', async () => {
    const entry = await load();
    const valid = await runAs(entry, ['validate', '--configDir', 'valid/complete', '--strict']);
    expect(valid).toEqual({ code: 0, stdout: '✔ no problems in 7 config files\n', stderr: '' });
    const github = await runAs(entry, ['validate', '--configDir', 'invalid/pagination-range', '--format', 'github']);
    expect(github.code).toBe(1);
    expect(github.stdout).toMatch(
      /^::error file=invalid\/pagination-range\/pagination\.stk\.config\.json,line=\d+,col=\d+,title=theme-config page-out-of-range::/m,
    );
  });
});
