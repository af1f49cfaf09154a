/** The subcommand table. Adding a subcommand = adding its {@link Command} here. */
import type { Command } from './command.js';
import { editorCommand } from './editor-command.js';
import { initCommand } from './init-command.js';
import { mockCommand } from './mock-command.js';
import { validateCommand } from './validate-command.js';

/** Every subcommand, by name. */
export const COMMANDS: ReadonlyMap<string, Command> = new Map([validateCommand, initCommand, editorCommand, mockCommand].map((c) => [c.name, c]));
