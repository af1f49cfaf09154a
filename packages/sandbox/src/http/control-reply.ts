/**
 * What every HTTP control route shares: the JSON body it reads (small, JSON only, dangerous keys
 * refused) and the replies it sends (snake_case keys, never cached). A refusal (a bad input 400,
 * something missing 404, a service's own) is thrown and answered by the app's `onError`, as every
 * route's is.
 */
import { parseJson } from '@commerce-kit/internal/safe-json';
import type { Context } from 'hono';
import { snakeCaseKeys } from '../control/deliveries.js';
import { invalidInput } from '../refusal.js';
import { readBody } from './body.js';
import type { Reply } from './reply.js';
import { send } from './send.js';

/** Control request bodies are small. */
const MAX_CONTROL_BODY = 256 * 1024;

/** A JSON answer, its keys in snake_case. */
export const json = (status: number, body: unknown): Reply => ({
  status,
  body: snakeCaseKeys(body),
  headers: { 'cache-control': 'no-store' },
});

export const noContent = (): Reply => ({ status: 204 });

/** The request's JSON body (`{}` when empty); a 400 refusal for `body` when it cannot be read. */
export async function jsonBody(c: Context): Promise<unknown> {
  const read = await readBody(c.req.raw, 'application/json', MAX_CONTROL_BODY);
  if (!read.ok) throw invalidInput('body', read.failure.message);
  if (read.text === '') return {};
  const parsed = parseJson(read.text, 'error');
  if (!parsed.ok)
    throw invalidInput('body', parsed.reason === 'syntax' ? `is not valid JSON: ${parsed.message}` : parsed.message);
  return parsed.value;
}

/** Runs a control operation and sends its reply; its refusals go on to the app's `onError`. */
export async function answer(c: Context, run: () => Promise<Reply> | Reply): Promise<Response> {
  return send(c, await run());
}
