/** `theme-kit dev [--theme DIR] [--configDir DIR] [--port 9292] [--host 127.0.0.1] [--seed N] [--language CODE]` */
import { integerValue, stringListValue, stringValue } from '@commerce-kit/internal/cli/args';
import { useColor } from '@commerce-kit/internal/cli/color';
import type { Command } from '@commerce-kit/internal/cli/command';
import { EXIT, UsageError, type CliIO } from '@commerce-kit/internal/cli/io';
import { diagnosticLine } from '@commerce-kit/internal/cli/report';
import { allowedHostProblem } from '@commerce-kit/internal/local-server/guard';
import { createColors } from 'picocolors';
import type { ThemeDiagnostic } from '../diagnostics.js';
import { ThemeKitError } from '../errors.js';
import { startDevServer, type DevServer, type DevServerEvent } from '../server/dev-server.js';
import { readThemeOptions, shown, THEME_HELP, THEME_OPTIONS } from './theme-options.js';

const DEFAULT_PORT = 9292;

/** Prints what the server reports, each distinct set of problems once. */
function printer(io: CliIO, program: string, theme: string): (event: DevServerEvent) => void {
  const c = createColors(useColor(io.stdout, io.env));
  let lastProblems = '';
  const problems = (list: readonly ThemeDiagnostic[]): void => {
    const key = JSON.stringify(list);
    if (key === lastProblems) return;
    lastProblems = key;
    for (const d of list) {
      io.stdout.write(`${diagnosticLine({ ...d, ...(d.file === undefined ? {} : { file: shown(io, d.file) }) }, c)}\n`);
      const frame = (d as { frame?: string }).frame;
      if (frame) io.stdout.write(`${c.dim(frame.replace(/^/gm, '    '))}\n`);
    }
  };
  return (event) => {
    switch (event.type) {
      case 'ready':
        io.stdout.write(`${program} dev: serving ${shown(io, theme)} at ${c.bold(event.url)}\n`);
        problems(event.problems);
        io.stdout.write(`Watching for changes; press Ctrl-C to stop.\n`);
        return;
      case 'change': {
        const what = event.files.length === 1 ? event.files[0] : `${event.files.length} files`;
        const done =
          event.action === 'css'
            ? 'stylesheet swapped in the open pages'
            : event.action === 'reload'
              ? `${event.pages} page${event.pages === 1 ? '' : 's'} re-rendered`
              : c.red('the theme has errors; the open pages show them');
        io.stdout.write(`${c.dim('changed')} ${what}: ${done} (${Math.round(event.ms)} ms)\n`);
        problems(event.problems);
        if (event.problems.length === 0) lastProblems = '';
        return;
      }
      case 'render-error':
        problems(event.problems);
        return;
      case 'mock-locale':
        io.stdout.write(`${c.dim('note')} ${event.message}\n`);
        return;
    }
  };
}

/** The `dev` subcommand. */
export const devCommand: Command = {
  name: 'dev',
  summary: 'serve the theme rendered with the mock store, reloading open pages on every change',
  usage:
    '[--theme DIR] [--configDir DIR] [--port 9292] [--host 127.0.0.1] [--allowed-host NAME]... [--seed N] [--language CODE]',
  help: [
    ...THEME_HELP,
    `  --port N          port to listen on (default: ${DEFAULT_PORT}; 0 picks a free one)`,
    '  --host ADDRESS    address to listen on (default: 127.0.0.1, this machine only)',
    '  --allowed-host NAME  also answer requests naming this host (repeatable; .example.test allows a domain);',
    '                    loopback names and addresses, IP literals and --host are always answered, any other',
    '                    Host header gets 403 (DNS rebinding)',
    '',
    'Pages: / (page.template), /blog, /blog/<handle>, /categories/<handle>, /products/<handle>; ?page=N',
    'moves the paginator; /assets/... serves the assets folder; ?debug=context shows the objects a page saw.',
    'Runs until Ctrl-C. Exit status: 0 stopped, 1 the theme directory is missing or the port is taken,',
    '2 usage error.',
  ].join('\n'),
  options: {
    ...THEME_OPTIONS,
    port: { type: 'string' },
    host: { type: 'string' },
    'allowed-host': { type: 'string', multiple: true },
  },
  async run({ program, values }, io) {
    const options = readThemeOptions(values, io);
    const port = integerValue(values, 'port', { min: 0, max: 65_535 }) ?? DEFAULT_PORT;
    const host = stringValue(values, 'host') ?? '127.0.0.1';
    if (host === '') throw new UsageError('--host needs an address');
    const allowedHosts = stringListValue(values, 'allowed-host');
    for (const name of allowedHosts) {
      const problem = allowedHostProblem(name);
      if (problem !== undefined) throw new UsageError(`--allowed-host ${problem}`);
    }
    let server: DevServer;
    try {
      server = await startDevServer({
        ...options,
        port,
        host,
        allowedHosts,
        onEvent: printer(io, program, options.theme),
      });
    } catch (error) {
      if (!(error instanceof ThemeKitError)) throw error;
      io.stderr.write(`${program} dev: ${error.message}\n`);
      return EXIT.INVALID;
    }
    const signal = io.interrupted ?? new AbortController().signal;
    await new Promise<void>((resolve) => {
      if (signal.aborted) resolve();
      else signal.addEventListener('abort', () => resolve(), { once: true });
    });
    await server.close();
    io.stdout.write(`${program} dev: stopped\n`);
    return EXIT.OK;
  },
};
