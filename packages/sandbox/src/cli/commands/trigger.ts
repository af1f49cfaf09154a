/** `trigger EVENT [--data JSON]`: one signed webhook of any documented event type, with the caller's data. */
import { randomBytes } from 'node:crypto';
import { isRecord } from '@commerce-kit/internal/is-record';
import { parseJson } from '@commerce-kit/internal/safe-json';
import { WEBHOOK_EVENT_TYPES } from '@commerce-kit/api-types';
import { CommandFailure, printJson, UsageError, type ControlCommand } from './command.js';
import { positionals } from './state.js';

const KNOWN_EVENTS: ReadonlySet<string> = new Set(WEBHOOK_EVENT_TYPES);

/** The event's data: `--data` (a JSON object with a string `id`), or `{ "id": "<a new id>" }`. */
export function eventData(given: string | undefined): Record<string, unknown> {
  if (given === undefined) return { id: `test_${randomBytes(12).toString('hex')}` };
  // A `__proto__` key is refused, as everywhere the sandbox reads a user's JSON.
  const parsed = parseJson(given, 'error');
  if (!parsed.ok) throw new CommandFailure(`--data is not valid JSON: ${parsed.message}`);
  if (!isRecord(parsed.value)) throw new CommandFailure('--data must be a JSON object, e.g. {"id":"cus_1"}');
  const { id } = parsed.value;
  if (typeof id !== 'string' || id === '')
    throw new CommandFailure('--data must have an "id": the id of the affected object, a non-empty string');
  return parsed.value;
}

export const trigger: ControlCommand = {
  name: 'trigger',
  summary: 'send a signed webhook of any documented event type',
  usage: `EVENT [--data JSON] [--url URL]`,
  help: `Records a webhook event of type EVENT with your data and sends it to the sandbox's webhook URL, signed
as the platform signs deliveries (with the sandbox's webhook mode: duplicates, hold, old timestamps).

  EVENT                 one of: ${WEBHOOK_EVENT_TYPES.join(', ')
    .replace(/(.{1,70})(, |$)/g, '$1$2\n                        ')
    .trimEnd()}
  --data JSON           the event's data, a JSON object with a string "id"
                        (default: {"id":"test_<random>"})

Prints the delivery's id (for the delivery log) and status.`,
  flags: { data: { type: 'string', value: 'the event\'s data, a JSON object with a string "id"' } },
  async run(context) {
    const [type] = positionals(context, ['EVENT']);
    if (!KNOWN_EVENTS.has(type!))
      throw new UsageError(`unknown event type ${JSON.stringify(type)}: one of ${WEBHOOK_EVENT_TYPES.join(', ')}`);
    const data = eventData(context.flags['data'] as string | undefined);
    const { body } = await context.client.call('POST', '/_sandbox/webhooks/trigger', { type, data });
    if (context.json) {
      printJson(context, body);
      return 0;
    }
    const delivery = isRecord(body) ? body : {};
    context.out(
      `trigger: ${type} for ${String(data['id'])}, delivery ${String(delivery['id'])} (${String(delivery['status'])})\n`,
    );
    return 0;
  },
};
