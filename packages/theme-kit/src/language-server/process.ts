/**
 * The language server as the process `theme-kit language-server --stdio` runs: the protocol on stdin and
 * stdout, nothing else on stdout (console output goes to stderr), a promise rejection nobody handled
 * logged to the editor instead of ending the server.
 */
import { format } from 'node:util';
import type { CliIO } from '@commerce-kit/internal/cli/io';
import { systemClock } from '@commerce-kit/internal/clock';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node.js';
import { VERSION } from '../cli/version.js';
import { startThemeLanguageServer } from './server.js';

/**
 * Serves the editor on `process.stdin` and `io.stdout` until it says `exit` or goes away; the protocol
 * library ends the process then (status 0 after `shutdown`, else 1).
 */
export function runLanguageServerProcess(io: CliIO): Promise<number> {
  // Whatever a library prints must not corrupt the protocol stream.
  const toStderr = (...args: unknown[]): void => {
    io.stderr.write(`${format(...args)}\n`);
  };
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  console.warn = toStderr;

  const connection = createConnection(ProposedFeatures.all, process.stdin, io.stdout);
  process.on('unhandledRejection', (reason) => {
    connection.console.error(
      `theme-kit: unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`,
    );
  });
  startThemeLanguageServer(connection, { clock: systemClock, serverInfo: { name: 'theme-kit', version: VERSION } });
  connection.listen();
  // Ctrl-C or SIGTERM (the CLI's `interrupted`): stop at once. Otherwise the protocol library ends the process.
  io.interrupted?.addEventListener('abort', () => process.exit(0), { once: true });
  return new Promise<number>(() => undefined);
}
