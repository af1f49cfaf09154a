/**
 * The `commerce-sandbox` program: with options only, it starts a sandbox (the default command); with a
 * command first (`reset`, `fault 503`, `report`…), it controls a running one over HTTP, or checks an app
 * or an upstream against the contract. Run by `@commerce-kit/internal/cli/main`.
 */
import type { CliOptions } from '@commerce-kit/internal/cli/main';
import { CONTRACT_COMMANDS, CONTROL_COMMANDS } from './commands/index.js';
import { invocation } from './invocation.js';
import { VERSION } from './version.js';

/**
 * The CLI's table. Each command's module loads when it runs or its help is asked for: `--version` and the
 * control commands never load the sandbox itself (its database, its seed data).
 * @param helpCommand how the user runs commerce-sandbox here, in the pointers to `--help` (see `invocation`)
 */
export function sandboxCli(helpCommand: string = invocation()): CliOptions {
  return {
    program: 'commerce-sandbox',
    version: VERSION,
    commands: [...CONTROL_COMMANDS, ...CONTRACT_COMMANDS],
    defaultCommand: {
      name: 'serve',
      summary: 'start a sandbox',
      load: async () => (await import('./serve.js')).serveCommand,
    },
    helpCommand,
  };
}
