// The `commerce-sandbox` table of `@commerce-kit/internal/cli`: each command's module loads only when it
// runs or its help is asked for, and the table's names and summaries are the loaded commands' own.
import type { CommandEntry, LazyCommand } from '@commerce-kit/internal/cli/command';
import { runCli } from '@commerce-kit/internal/cli/main';
import { describe, expect, test } from 'vitest';
import { memoryStream } from '../../internal/test/support/memory-io.js';
import { sandboxCli } from '../src/cli/program.js';

/** The program with every entry counting its loads. */
function countingCli(): { readonly loads: string[]; readonly run: (args: string[]) => Promise<number> } {
  const cli = sandboxCli('npx commerce-sandbox');
  const loads: string[] = [];
  const counted = (entry: CommandEntry): LazyCommand => {
    if (!('load' in entry)) throw new Error(`${entry.name} is not lazy`);
    return {
      name: entry.name,
      summary: entry.summary,
      load: () => {
        loads.push(entry.name);
        return entry.load();
      },
    };
  };
  const run = (args: string[]): Promise<number> =>
    runCli(args, {
      ...cli,
      commands: cli.commands.map(counted),
      defaultCommand: cli.defaultCommand === undefined ? undefined : counted(cli.defaultCommand),
      io: { stdout: memoryStream(), stderr: memoryStream(), cwd: process.cwd(), env: {} },
    });
  return { loads, run };
}

describe('the command table', () => {
  test("every entry's name and summary are its command's", async () => {
    const cli = sandboxCli();
    for (const entry of [...cli.commands, cli.defaultCommand!]) {
      if (!('load' in entry)) throw new Error(`${entry.name} is not lazy`);
      const command = await entry.load();
      expect({ name: command.name, summary: command.summary }).toEqual({ name: entry.name, summary: entry.summary });
    }
  });

  test('an unknown command loads nothing; a command, or its help, loads itself only', async () => {
    const { loads, run } = countingCli();
    expect(await run(['resett'])).toBe(2);
    expect(loads).toEqual([]);
    expect(await run(['reset', '--help'])).toBe(0);
    expect(await run(['proxy', '--bogus'])).toBe(2);
    expect(loads).toEqual(['reset', 'proxy']);
    // A line that names no command (the top-level help, --version) is the default command's: starting a
    // sandbox, whose module does not load the sandbox itself until it starts one.
    expect(await run(['--help'])).toBe(0);
    expect(await run(['--version'])).toBe(0);
    expect(loads).toEqual(['reset', 'proxy', 'serve', 'serve']);
  });

  test('`serve` is the default command, not a command name', async () => {
    const { loads, run } = countingCli();
    expect(await run(['serve'])).toBe(2);
    expect(loads).toEqual([]);
  });
});
