/**
 * What every HTTP control route shares: the JSON body it reads (small, JSON only, dangerous keys
 * refused), the replies it sends (snake_case keys, never cached), and how a refusal is answered — an
 * input problem 400, something missing 404, a service's {@link Problem} its own status and error body.
 */
import { parseJson } from '@commerce-kit/internal/safe-json';
import type { Context } from 'hono';
import { snakeCaseKeys } from '../control/deliveries.js';
import { InputProblem, NotFound } from '../control/input.js';
import { Problem } from '../services/problem.js';
import { readBody } from './body.js';
import type { Reply } from './reply.js';
import { problemReply, send } from './send.js';

/** Control request bodies are small. */
const MAX_CONTROL_BODY = 256 * 1024;

/** A JSON answer, its keys in snake_case. */
export const json = (status: number, body: unknown): Reply => ({
  status,
  body: snakeCaseKeys(body),
  headers: { 'cache-control': 'no-store' },
});

/** The error body with one field's message. */
export const error = (status: number, type: string, field: string, message: string): Reply => ({
  status,
  body: { type, errors: { [field]: [message] } },
});

export const noContent = (): Reply => ({ status: 204 });

/** The request's JSON body (`{}` when empty); an {@link InputProblem} for `body` when it cannot be read. */
export async function jsonBody(c: Context): Promise<unknown> {
  const read = await readBody(c.req.raw, 'application/json', MAX_CONTROL_BODY);
  if (!read.ok) throw new InputProblem('body', read.failure.message);
  if (read.text === '') return {};
  const parsed = parseJson(read.text, 'error');
  if (!parsed.ok)
    throw new InputProblem(
      'body',
      parsed.reason === 'syntax' ? `is not valid JSON: ${parsed.message}` : parsed.message,
    );
  return parsed.value;
}

/** Runs a control operation and sends its reply, answering its refusals (see the module's description). */
export async function answer(c: Context, run: () => Promise<Reply> | Reply): Promise<Response> {
  try {
    return send(c, await run());
  } catch (caught) {
    if (caught instanceof InputProblem)
      return send(c, error(400, 'invalid_request_error', caught.field, caught.detail));
    if (caught instanceof NotFound) return send(c, error(404, 'not_found_error', caught.field, caught.message));
    if (caught instanceof Problem) return send(c, problemReply(caught));
    throw caught;
  }
}
