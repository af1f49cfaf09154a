/**
 * The commands of `commerce-sandbox` besides starting one: each a `LazyCommand` of the
 * `@commerce-kit/internal/cli` table, whose module loads only when it runs or its help is asked for (the
 * top-level help and `--version` load none of them). The summaries are the commands' own
 * (test/cli-table.test.ts compares them).
 */
import type { LazyCommand } from '@commerce-kit/internal/cli/command';
import { contractCommand } from './contract-command.js';
import { controlCommand } from './command.js';

/** A command of the table, with its line of the top-level help. */
export interface CommandEntry extends LazyCommand {
  /** How the top-level help shows it (`snapshot NAME`). */
  readonly synopsis: string;
}

/** The commands that control a running sandbox, in the order the help lists them. */
export const CONTROL_COMMANDS: readonly CommandEntry[] = [
  {
    name: 'trigger',
    synopsis: 'trigger EVENT [--data JSON]',
    summary: 'send a signed webhook of any documented event type',
    load: async () => controlCommand((await import('./trigger.js')).trigger),
  },
  {
    name: 'reset',
    synopsis: 'reset',
    summary: 'back to the seeded data, faults and modes cleared',
    load: async () => controlCommand((await import('./state.js')).reset),
  },
  {
    name: 'snapshot',
    synopsis: 'snapshot NAME',
    summary: 'save the data as NAME',
    load: async () => controlCommand((await import('./state.js')).snapshot),
  },
  {
    name: 'restore',
    synopsis: 'restore NAME',
    summary: 'put the snapshot NAME back',
    load: async () => controlCommand((await import('./state.js')).restore),
  },
  {
    name: 'snapshots',
    synopsis: 'snapshots',
    summary: 'list the snapshots',
    load: async () => controlCommand((await import('./state.js')).snapshots),
  },
  {
    name: 'fault',
    synopsis: 'fault KIND ...',
    summary: '429/500/503 answers, delays, dropped connections, latency',
    load: async () => controlCommand((await import('./fault.js')).fault),
  },
  {
    name: 'report',
    synopsis: 'report [--format junit|json]',
    summary: 'the contract violations as JUnit XML or JSON, for CI',
    load: async () => controlCommand((await import('./report.js')).report),
  },
  {
    name: 'order',
    synopsis: 'order --product ID [...]',
    summary: 'a simulated shopper buys: stock, order, charge, webhooks',
    load: async () => controlCommand((await import('./order.js')).order),
  },
];

/** The commands that check an app or an upstream against the contract (not a running sandbox). */
export const CONTRACT_COMMANDS: readonly CommandEntry[] = [
  {
    name: 'verify-webhooks',
    synopsis: 'verify-webhooks --url URL',
    summary: "checks an app's webhook receiver against the documented contract",
    load: async () => contractCommand((await import('./verify-webhooks.js')).verifyWebhooks),
  },
  {
    name: 'proxy',
    synopsis: 'proxy --upstream URL',
    summary: 'forwards API calls and checks every exchange against the spec',
    load: async () => contractCommand((await import('./proxy.js')).proxy),
  },
];

export function isCommandName(name: string | undefined): name is string {
  return name !== undefined && [...CONTROL_COMMANDS, ...CONTRACT_COMMANDS].some((c) => c.name === name);
}

/** Lines of the top-level help: `  <synopsis>  <summary>`. */
export const summaryLines = (entries: readonly CommandEntry[]): string =>
  entries.map((c) => `  ${c.synopsis.padEnd(29)} ${c.summary}`).join('\n');
