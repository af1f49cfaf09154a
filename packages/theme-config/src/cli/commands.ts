/** The `theme-config` program: its subcommand table, name and version, as `runCli` takes them. */
import type { CliOptions } from '@commerce-kit/internal/cli/main';
import { editorCommand } from './editor-command.js';
import { initCommand } from './init-command.js';
import { mockCommand } from './mock-command.js';
import { validateCommand } from './validate-command.js';
import { VERSION } from './version.js';

/** `theme-config` and its subcommands. Adding a subcommand = adding its `Command` here. */
export const THEME_CONFIG_CLI = {
  program: 'theme-config',
  version: VERSION,
  commands: [validateCommand, initCommand, editorCommand, mockCommand],
} as const satisfies CliOptions;
