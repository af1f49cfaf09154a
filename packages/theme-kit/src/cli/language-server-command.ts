/** `theme-kit language-server [--stdio]`: the theme language server, for editors (VS Code, Neovim, any LSP client). */
import { integerValue } from '@commerce-kit/internal/cli/args';
import type { Command } from '@commerce-kit/internal/cli/command';
import { UsageError } from '@commerce-kit/internal/cli/io';

/** Transports other servers take that this one does not: a usage error that names them. */
const OTHER_TRANSPORTS = ['node-ipc', 'socket', 'pipe'] as const;

/** The `language-server` subcommand. */
export const languageServerCommand: Command = {
  name: 'language-server',
  summary: 'the theme language server for editors (Language Server Protocol over stdio)',
  usage: '[--stdio] [--clientProcessId PID]',
  help: [
    '  --stdio                  the protocol on stdin and stdout (the default, and the only transport)',
    "  --clientProcessId PID    stop when the editor's process PID ends (VS Code's language client passes it)",
    '',
    'Started by an editor, not by hand: completions, hover, go to definition, references, rename,',
    'document links, diagnostics as you type and quick fixes for Liquid templates and the config files.',
    'Nothing but protocol messages is written to stdout; logs go to the editor (window/logMessage).',
    'Exit status: 0 after the editor asked it to shut down (or on Ctrl-C), 1 when the editor went away',
    'without asking, 2 usage error.',
  ].join('\n'),
  options: {
    stdio: { type: 'boolean' },
    'node-ipc': { type: 'boolean' },
    socket: { type: 'string' },
    pipe: { type: 'string' },
    clientProcessId: { type: 'string' },
  },
  async run({ values }, io) {
    for (const name of OTHER_TRANSPORTS) {
      if (values[name] !== undefined)
        throw new UsageError(`--${name} is not supported: the language server speaks over --stdio only`);
    }
    integerValue(values, 'clientProcessId', { min: 1 }); // watched by the protocol library itself
    // Loaded here, so that `theme-kit --help` and the other commands never load the server.
    const { runLanguageServerProcess } = await import('../language-server/process.js');
    return runLanguageServerProcess(io);
  },
};
