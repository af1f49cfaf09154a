/** `reset`, `snapshot NAME`, `restore NAME`, `snapshots`: the sandbox's data back to a known state. */
import { isRecord } from '@commerce-kit/internal/is-record';
import { printJson, UsageError, type ControlCommand, type CommandContext } from './command.js';

/** The positional arguments, exactly as many as `names` (for the messages). */
export function positionals(context: CommandContext, names: readonly string[]): string[] {
  const given = context.positionals;
  if (given.length < names.length) throw new UsageError(`missing ${names[given.length]}`);
  if (given.length > names.length) throw new UsageError(`unexpected argument ${JSON.stringify(given[names.length])}`);
  return [...given];
}

const field = (body: unknown, key: string): unknown => (isRecord(body) ? body[key] : undefined);

function bytes(value: unknown): string {
  return typeof value === 'number' ? `${value.toLocaleString('en-US')} bytes` : 'size unknown';
}

const snapshotLine = (body: unknown): string =>
  `${String(field(body, 'name'))} (${bytes(field(body, 'bytes'))}, taken ${String(field(body, 'created_time'))})`;

export const reset: ControlCommand = {
  name: 'reset',
  summary: 'back to the seeded data, faults and modes cleared',
  usage: `[--url URL]`,
  help: `Puts the seeded data back and clears the faults, the latency, the webhook mode, held deliveries, the
contract violations and the rate-limit counts. The test app and its tokens stay valid.
Prints: reset: 250 customers`,
  flags: {},
  async run(context) {
    positionals(context, []);
    const { body } = await context.client.call('POST', '/_sandbox/reset');
    if (context.json) printJson(context, body);
    else context.out(`reset: ${String(field(body, 'customers'))} customers\n`);
    return 0;
  },
};

/** `snapshot NAME` and `restore NAME`: one call about the snapshot NAME, answered with the snapshot. */
function snapshotCommand(
  name: 'snapshot' | 'restore',
  summary: string,
  help: string,
  call: (context: CommandContext, snapshot: string) => ReturnType<CommandContext['client']['call']>,
): ControlCommand {
  return {
    name,
    summary,
    usage: 'NAME [--url URL]',
    help,
    flags: {},
    async run(context) {
      const [snapshotName] = positionals(context, ['NAME']);
      const { body } = await call(context, snapshotName!);
      if (context.json) printJson(context, body);
      else context.out(`${name}: ${snapshotLine(body)}\n`);
      return 0;
    },
  };
}

export const snapshot = snapshotCommand(
  'snapshot',
  'save the data as NAME',
  `Saves the data and the delivery log as the snapshot NAME (1 to 64 letters, digits, ".", "_" or "-",
starting with a letter or digit), replacing one of the same name. With a data file the snapshot is a
file beside it and outlives the sandbox; in memory it lasts as long as the sandbox runs.`,
  (context, name) => context.client.call('POST', '/_sandbox/snapshots', { name }),
);

export const restore = snapshotCommand(
  'restore',
  'put the snapshot NAME back',
  `Puts the data of the snapshot NAME back (the test app and its tokens stay as they are). Exit 1 when
there is no snapshot of that name.`,
  (context, name) => context.client.call('POST', `/_sandbox/snapshots/${encodeURIComponent(name)}/restore`),
);

export const snapshots: ControlCommand = {
  name: 'snapshots',
  summary: 'list the snapshots',
  usage: `[--url URL]`,
  help: `Lists the snapshots: name, size and when each was taken.`,
  flags: {},
  async run(context) {
    positionals(context, []);
    const { body } = await context.client.call('GET', '/_sandbox/snapshots');
    if (context.json) {
      printJson(context, body);
      return 0;
    }
    const list = field(body, 'data');
    if (!Array.isArray(list) || list.length === 0) context.out('snapshots: none\n');
    else context.out(list.map((entry) => `${snapshotLine(entry)}\n`).join(''));
    return 0;
  },
};
