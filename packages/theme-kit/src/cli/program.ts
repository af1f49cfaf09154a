/** The `theme-kit` program: its own commands, and theme-config's `validate`, `mock` and `editor` run as they are. */
import type { CliOptions } from '@commerce-kit/internal/cli/main';
import { editorCommand, mockCommand, validateCommand } from '@commerce-kit/theme-config/cli';
import { checkCommand } from './check-command.js';
import { devCommand } from './dev-command.js';
import { initCommand } from './init-command.js';
import { languageServerCommand } from './language-server-command.js';
import { renderCommand } from './render-command.js';
import { VERSION } from './version.js';

/** `theme-kit` and its subcommands. */
export const THEME_KIT_CLI = {
  program: 'theme-kit',
  version: VERSION,
  commands: [
    initCommand,
    devCommand,
    checkCommand,
    renderCommand,
    validateCommand,
    mockCommand,
    editorCommand,
    languageServerCommand,
  ],
} as const satisfies CliOptions;
