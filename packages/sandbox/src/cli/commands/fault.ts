/**
 * `fault 429|500|503|delay|drop|latency|list|clear`: faults on demand. The next N requests matching a
 * method, a path pattern or an access token answer a status, wait, or lose their connection; a latency
 * applies to every API request.
 */
import { isRecord } from '@commerce-kit/internal/is-record';
import { printJson, UsageError, wholeNumber, type ControlCommand, type CommandContext } from './command.js';

const STATUSES = ['429', '500', '503'];
const MATCHERS = ['count', 'method', 'path', 'token'] as const;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

/** One line for an active fault: `flt_1: 429 (Retry-After 2 s), the next 3 requests matching GET /customers*`. */
export function describeFault(fault: unknown): string {
  const f = isRecord(fault) ? fault : {};
  let action: string;
  if (f['type'] === 'delay') action = `delay ${text(f['delay_ms']) ?? '?'} ms`;
  else if (f['type'] === 'drop') action = 'drop the connection';
  else
    action = `${text(f['status']) ?? '?'}${f['retry_after'] == null ? '' : ` (Retry-After ${text(f['retry_after'])} s)`}`;
  const remaining = typeof f['remaining'] === 'number' ? f['remaining'] : 1;
  const match = [text(f['method']), text(f['path'])].filter((s) => s !== undefined).join(' ');
  const token = text(f['token']);
  return `${text(f['id']) ?? '?'}: ${action}, the next ${remaining === 1 ? 'request' : `${remaining} requests`}${match ? ` matching ${match}` : ''}${token ? ` with token ${token}` : ''}`;
}

const latencyLine = (ms: unknown): string => (ms === 0 ? 'latency: off' : `latency: ${text(ms) ?? '?'} ms`);

function refuseFlags(context: CommandContext, kind: string, flags: readonly string[]): void {
  for (const flag of flags) {
    if (context.flags[flag] !== undefined) throw new UsageError(`--${flag} does not apply to \`fault ${kind}\``);
  }
}

function positionalCount(context: CommandContext, count: number, what: string): void {
  const extra = context.positionals[count];
  if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`);
  if (context.positionals.length < count) throw new UsageError(`missing ${what}`);
}

/** The fault to add, in the control API's JSON, from the command line. */
function faultInput(context: CommandContext, kind: string): Record<string, unknown> {
  const { flags } = context;
  const input: Record<string, unknown> = {};
  if (STATUSES.includes(kind)) {
    positionalCount(context, 1, '');
    input['type'] = 'status';
    input['status'] = Number(kind);
    if (flags['retry-after'] !== undefined) {
      if (kind !== '429') throw new UsageError('--retry-after applies to 429 faults only');
      input['retry_after'] = wholeNumber('--retry-after', flags['retry-after'] as string);
    }
  } else {
    refuseFlags(context, kind, ['retry-after']);
    if (kind === 'delay') {
      positionalCount(context, 2, 'MS: the delay in milliseconds');
      input['type'] = 'delay';
      input['delay_ms'] = wholeNumber('MS', context.positionals[1]!);
    } else {
      positionalCount(context, 1, '');
      input['type'] = 'drop';
    }
  }
  if (flags['count'] !== undefined) input['count'] = wholeNumber('--count', flags['count'] as string);
  if (flags['method'] !== undefined) input['method'] = (flags['method'] as string).toUpperCase();
  if (flags['path'] !== undefined) input['path'] = flags['path'];
  if (flags['token'] !== undefined) {
    context.secret(flags['token'] as string);
    input['token'] = flags['token'];
  }
  return input;
}

export const fault: ControlCommand = {
  name: 'fault',
  summary: '429/500/503 answers, delays, dropped connections, latency',
  usage: `KIND [options] [--url URL]`,
  help: `  fault 429|500|503 [--retry-after S] [matchers]
                        the next matching requests answer that status (a 429 with Retry-After S,
                        default 1; 500 and 503 with an api_error body)
  fault delay MS [matchers]
                        the next matching requests wait MS milliseconds, then are answered as usual
  fault drop [matchers] the next matching requests have their connection closed unanswered
  fault latency MS      every API request waits MS milliseconds (0 turns it off)
  fault list            the active faults and the latency
  fault clear           remove every fault (the latency stays; \`reset\` clears both)

Matchers (faults only; left out, a fault matches every API request):
  --count N             how many matching requests the fault applies to (default 1); listed until spent
  --method M            only requests with this method (GET, POST, PUT, DELETE…)
  --path P              only requests whose path matches P: exact, or * for any characters (/customers*)
  --token T             only requests carrying this access token (never printed: shown as …last4)

Faults apply to the platform API's routes, never to the sandbox's own /_sandbox/ routes.`,
  flags: {
    count: { type: 'string', value: 'how many requests, a whole number' },
    'retry-after': { type: 'string', value: 'seconds, a whole number' },
    method: { type: 'string', value: 'an HTTP method, e.g. GET' },
    path: { type: 'string', value: 'a path pattern, e.g. /customers*' },
    token: { type: 'string', value: 'an access token' },
  },
  async run(context) {
    const kind = context.positionals[0];
    if (kind === undefined) throw new UsageError('missing KIND: 429, 500, 503, delay, drop, latency, list or clear');
    if (kind === 'latency' || kind === 'list' || kind === 'clear') {
      refuseFlags(context, kind, ['retry-after', ...MATCHERS]);
      if (kind === 'latency') {
        positionalCount(context, 2, 'MS: the latency in milliseconds (0 turns it off)');
        const { body } = await context.client.call('PUT', '/_sandbox/latency', {
          latency_ms: wholeNumber('MS', context.positionals[1]!),
        });
        if (context.json) printJson(context, body);
        else context.out(`${latencyLine(isRecord(body) ? body['latency_ms'] : undefined)}\n`);
        return 0;
      }
      positionalCount(context, 1, '');
      if (kind === 'clear') {
        const { body } = await context.client.call('DELETE', '/_sandbox/faults');
        if (context.json) printJson(context, body);
        else context.out('fault clear: every fault removed (the latency stays)\n');
        return 0;
      }
      const { body } = await context.client.call('GET', '/_sandbox/faults');
      if (context.json) {
        printJson(context, body);
        return 0;
      }
      const list = isRecord(body) && Array.isArray(body['data']) ? body['data'] : [];
      context.out(
        `${latencyLine(isRecord(body) ? body['latency_ms'] : undefined)}\n${list.length === 0 ? 'faults: none\n' : list.map((f) => `${describeFault(f)}\n`).join('')}`,
      );
      return 0;
    }
    if (!STATUSES.includes(kind) && kind !== 'delay' && kind !== 'drop') {
      throw new UsageError(`unknown fault ${JSON.stringify(kind)}: 429, 500, 503, delay, drop, latency, list or clear`);
    }
    const { body } = await context.client.call('POST', '/_sandbox/faults', faultInput(context, kind));
    if (context.json) printJson(context, body);
    else context.out(`fault ${describeFault(body)}\n`);
    return 0;
  },
};
