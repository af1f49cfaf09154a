/**
 * `@commerce-kit/theme-config/cli`: the `validate`, `mock` and `editor` subcommands of the
 * `theme-config` binary, for another command-line tool to run as its own (the theme kit's CLI does):
 * the same code, the same options, reports and exit statuses, with messages under that tool's name
 * (`CommandInput.program`). Node only.
 *
 * @packageDocumentation
 */
export { editorCommand } from './editor-command.js';
export { mockCommand } from './mock-command.js';
export { validateCommand } from './validate-command.js';
export type { Command, CommandInput } from '@commerce-kit/internal/cli/command';
export type { CliIO } from '@commerce-kit/internal/cli/io';
