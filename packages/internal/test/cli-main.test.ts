import { describe, expect, it, vi } from 'vitest';
import { flagValue, parseCommandArgs, stringValue } from '../cli/args.js';
import type { Command, LazyCommand } from '../cli/command.js';
import { EXIT, UsageError } from '../cli/io.js';
import { runCli } from '../cli/main.js';
import { memoryIO } from './support/memory-io.js';

/** A command that echoes what it was given, or fails as told by `--fail`. */
const echo: Command = {
  name: 'echo',
  summary: 'print the arguments',
  usage: '[--fail usage|crash] [--loud] [WORD]',
  help: '  --loud   upper case',
  options: { fail: { type: 'string' }, loud: { type: 'boolean', default: false } },
  maxPositionals: 1,
  async run({ program, values, positionals }, io) {
    const fail = stringValue(values, 'fail');
    if (fail === 'usage') throw new UsageError('--fail usage was asked for');
    if (fail === 'crash') throw new Error('boom');
    const word = positionals[0] ?? '';
    io.stdout.write(`${program}: ${flagValue(values, 'loud') ? word.toUpperCase() : word}\n`);
    return EXIT.OK;
  },
};
const bare: Command = {
  name: 'bare',
  summary: 'takes nothing',
  usage: '',
  help: 'No options.',
  options: {},
  run: async () => EXIT.INVALID,
};

async function run(argv: string[], program = 'tool') {
  const io = memoryIO();
  const code = await runCli(argv, { program, version: '1.2.3', commands: [echo, bare], io });
  return { code, stdout: io.out(), stderr: io.err() };
}

describe('runCli', () => {
  it('runs the named command with its options, positionals and the program name', async () => {
    expect(await run(['echo', '--loud', 'hi'], 'theme-kit')).toEqual({
      code: 0,
      stdout: 'theme-kit: HI\n',
      stderr: '',
    });
    expect((await run(['bare'])).code).toBe(1);
  });

  it('without a command: the overview of the given commands on stderr, exit 2', async () => {
    const { code, stdout, stderr } = await run([], 'theme-kit');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      [
        'Usage: theme-kit <command> [options]',
        '',
        'Commands:',
        '  echo  print the arguments',
        '  bare  takes nothing',
        '',
        'Options:',
        '  -h, --help      show help (also `theme-kit <command> --help`)',
        '  -v, --version   print the version',
        '',
      ].join('\n'),
    );
  });

  it('--help, -h, help: the overview; help <command> and <command> --help: its usage under the program name', async () => {
    for (const argv of [['--help'], ['-h'], ['help'], ['help', 'nope']]) {
      const { code, stdout } = await run(argv);
      expect(code).toBe(0);
      expect(stdout).toMatch(/^Usage: tool <command> \[options\]\n/);
    }
    const usage = 'Usage: tool echo [--fail usage|crash] [--loud] [WORD]\n\n  --loud   upper case\n';
    expect(await run(['help', 'echo'])).toEqual({ code: 0, stdout: usage, stderr: '' });
    expect(await run(['echo', '--bogus', '-h'])).toEqual({ code: 0, stdout: usage, stderr: '' });
    expect((await run(['bare', '--help'])).stdout).toBe('Usage: tool bare\n\nNo options.\n');
  });

  it('--version and -v print the version, before or after the command', async () => {
    for (const argv of [['--version'], ['-v'], ['echo', '-v']])
      expect(await run(argv)).toEqual({ code: 0, stdout: '1.2.3\n', stderr: '' });
  });

  it('usage errors (unknown command, bad option, extra argument, thrown UsageError) exit 2 naming the program and command', async () => {
    const unknown = await run(['nope'], 'theme-kit');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^theme-kit: unknown command "nope"\n\nUsage: theme-kit <command>/);
    for (const [argv, message] of [
      [['echo', '--bogus'], "Unknown option '--bogus'"],
      [['echo', 'a', 'b'], 'expected at most 1 argument, got 2'],
      [['bare', 'a'], 'unexpected argument "a"'],
      [['echo', '--fail', 'usage'], '--fail usage was asked for'],
    ] as const) {
      const { code, stdout, stderr } = await run([...argv], 'theme-kit');
      expect(code, argv.join(' ')).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toContain(`theme-kit ${argv[0]}: ${message}`);
      expect(stderr).toMatch(new RegExp(`\\n\\nUsage: theme-kit ${argv[0]}( |\\n)`));
    }
  });

  it('any other failure is exit 1 with the message', async () => {
    expect(await run(['echo', '--fail', 'crash'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'tool echo: unexpected failure: boom\n',
    });
  });

  it("recognises the usage errors of a command from another copy of the module (another package's bundle)", async () => {
    vi.resetModules();
    const other = await import('../cli/io.js');
    expect(other.UsageError).not.toBe(UsageError);
    const foreign: Command = {
      ...bare,
      name: 'foreign',
      run: async () => Promise.reject(new other.UsageError('from the other copy')),
    };
    const io = memoryIO();
    expect(await runCli(['foreign'], { program: 'tool', version: '1', commands: [foreign], io })).toBe(2);
    expect(io.err()).toMatch(/^tool foreign: from the other copy\n\nUsage: tool foreign\n/);
    expect(new other.UsageError('x')).toBeInstanceOf(UsageError);
    expect(new other.UsageError('x').name).toBe('UsageError');
  });
});

describe('runCli with lazy commands', () => {
  /** `bare` and `echo` as entries that count their loads. */
  function lazyTable() {
    const loads: string[] = [];
    const lazy = (command: Command): LazyCommand => ({
      name: command.name,
      summary: command.summary,
      load: async () => {
        loads.push(command.name);
        return command;
      },
    });
    return { loads, commands: [lazy(echo), lazy(bare)] };
  }

  it('the overview, --version and an unknown command load nothing; a command loads itself only', async () => {
    const { loads, commands } = lazyTable();
    const go = async (argv: string[]) => {
      const io = memoryIO();
      const code = await runCli(argv, { program: 'tool', version: '1.2.3', commands, io });
      return { code, stdout: io.out(), stderr: io.err() };
    };
    expect((await go([])).stderr).toContain('  echo  print the arguments\n  bare  takes nothing\n');
    expect((await go(['--help'])).code).toBe(0);
    expect(await go(['--version'])).toEqual({ code: 0, stdout: '1.2.3\n', stderr: '' });
    expect((await go(['nope'])).code).toBe(2);
    expect(loads).toEqual([]);
    expect(await go(['echo', '--loud', 'hi'])).toEqual({ code: 0, stdout: 'tool: HI\n', stderr: '' });
    expect(loads).toEqual(['echo']);
    expect((await go(['help', 'bare'])).stdout).toBe('Usage: tool bare\n\nNo options.\n');
    expect((await go(['echo', '--bogus'])).stderr).toMatch(
      /^tool echo: Unknown option '--bogus'.*\n\nUsage: tool echo /s,
    );
    expect(loads).toEqual(['echo', 'bare', 'echo']);
  });

  it('a module that fails to load, or loads another command, is exit 1 with the message', async () => {
    const broken: LazyCommand = {
      name: 'broken',
      summary: 'fails to load',
      load: () => Promise.reject(new Error('Cannot find module ./broken.js')),
    };
    const wrong: LazyCommand = { name: 'wrong', summary: 'loads bare', load: async () => bare };
    for (const [argv, message] of [
      [['broken'], 'tool broken: unexpected failure: Cannot find module ./broken.js\n'],
      [['help', 'broken'], 'tool broken: unexpected failure: Cannot find module ./broken.js\n'],
      [['wrong'], `tool wrong: unexpected failure: the command table's entry "wrong" loaded "bare"\n`],
    ] as const) {
      const io = memoryIO();
      expect(await runCli([...argv], { program: 'tool', version: '1', commands: [broken, wrong], io })).toBe(1);
      expect(io.err()).toBe(message);
    }
  });
});

describe('runCli with a default command and a help pointer', () => {
  /** `serve`: the command of a line that names none; it parses its own line (a negative number is a value). */
  const serve: Command = {
    name: 'serve',
    summary: 'start',
    usage: '[--port N]',
    help: 'Starts it.',
    options: { port: { type: 'string' } },
    parse: (args) => {
      if (args.includes('--help')) return { kind: 'help' };
      if (args.includes('--version')) return { kind: 'version' };
      const port = args[args.indexOf('--port') + 1];
      if (port !== undefined && !/^-?\d+$/.test(port))
        throw new UsageError(`--port must be a whole number, not "${port}"`);
      return { kind: 'run', values: { port }, positionals: [] };
    },
    async run({ program, values }, io) {
      io.stdout.write(`${program} on ${String(values['port'])}\n`);
      return EXIT.OK;
    },
  };

  async function go(argv: string[], helpCommand: string | null = 'npx tool') {
    const io = memoryIO();
    const code = await runCli(argv, {
      program: 'tool',
      version: '1.2.3',
      commands: [echo, bare],
      defaultCommand: serve,
      helpCommand: helpCommand ?? undefined,
      io,
    });
    return { code, stdout: io.out(), stderr: io.err() };
  }

  it('a line that names no command runs the default one, through its own parser', async () => {
    expect(await go(['--port', '-1'])).toEqual({ code: 0, stdout: 'tool on -1\n', stderr: '' });
    expect(await go([])).toEqual({ code: 0, stdout: 'tool on undefined\n', stderr: '' });
    expect(await go(['echo', 'hi'])).toEqual({ code: 0, stdout: 'tool: hi\n', stderr: '' });
  });

  it("its help is the program's; --version is the version; `help` is not a command word", async () => {
    expect(await go(['--help'])).toEqual({ code: 0, stdout: 'Usage: tool [--port N]\n\nStarts it.\n', stderr: '' });
    expect(await go(['--version'])).toEqual({ code: 0, stdout: '1.2.3\n', stderr: '' });
    expect((await go(['help'])).code).toBe(2);
  });

  it('usage errors point to the help; the default command speaks as the program', async () => {
    expect(await go(['--port', 'x'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'tool: --port must be a whole number, not "x"\nRun `npx tool --help` for the options.\n',
    });
    expect((await go(['echo', '--fail', 'usage'])).stderr).toBe(
      'tool echo: --fail usage was asked for\nRun `npx tool echo --help` for its usage.\n',
    );
    expect((await go(['nope'])).stderr).toBe(
      'tool: unknown command "nope": one of echo, bare\nRun `npx tool --help` for the commands and options.\n',
    );
  });

  it('without a help pointer, a usage error of the default command shows its usage and help in full', async () => {
    expect((await go(['--port', 'x'], null)).stderr).toBe(
      'tool: --port must be a whole number, not "x"\n\nUsage: tool [--port N]\nStarts it.\n',
    );
  });
});

describe('parseCommandArgs', () => {
  const options = { dir: { type: 'string' }, strict: { type: 'boolean' } } as const;

  it('help and version only as flags: an option value or a positional after -- is data', () => {
    expect(parseCommandArgs(['--dir=--help'], options)).toEqual({
      kind: 'run',
      values: { dir: '--help' },
      positionals: [],
    });
    expect(parseCommandArgs(['--', '--help'], options, 1)).toEqual({
      kind: 'run',
      values: {},
      positionals: ['--help'],
    });
    expect(parseCommandArgs(['--dir', '--help'], options)).toEqual({ kind: 'help' });
    expect(parseCommandArgs(['--bogus', '-v'], options)).toEqual({ kind: 'version' });
  });

  it('throws UsageError for unknown options and too many positionals', () => {
    expect(() => parseCommandArgs(['--bogus'], options)).toThrow(UsageError);
    expect(() => parseCommandArgs(['a'], options)).toThrow(/unexpected argument "a"/);
    expect(() => parseCommandArgs(['a', 'b', 'c'], options, 2)).toThrow(/expected at most 2 arguments, got 3/);
  });
});
