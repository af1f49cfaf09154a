/** The commands that control a running sandbox, by name. */
import type { Command } from './command.js';
import { fault } from './fault.js';
import { order } from './order.js';
import { report } from './report.js';
import { reset, restore, snapshot, snapshots } from './state.js';
import { trigger } from './trigger.js';

export const COMMANDS: ReadonlyMap<string, Command> = new Map(
  [trigger, reset, snapshot, restore, snapshots, fault, report, order].map((c) => [c.name, c]),
);

export function isCommandName(name: string | undefined): name is string {
  return name !== undefined && COMMANDS.has(name);
}

/** The commands' lines of the top-level help. */
export const COMMAND_SUMMARIES = [...COMMANDS.values()]
  .map((c) => `  ${c.synopsis.padEnd(29)} ${c.summary}`)
  .join('\n');
