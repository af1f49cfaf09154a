/**
 * Turning a delivery body into a payload object: the size limit, UTF-8, JSON, and the dangerous-key
 * policy for data the platform sends (a hostile key is removed, the delivery is kept).
 * @internal
 */
import { isRecord } from '@commerce-kit/internal/is-record';
import { parseJson, scanDangerousKeys, type DangerousKey } from '@commerce-kit/internal/safe-json';
import { utf8 } from './encoding.js';
import type { VerificationFailureReason } from './errors/verification-error.js';

/**
 * A delivery body: the raw bytes or text as received (preferred), or an object a framework has
 * already parsed from JSON. Both verify the same way, because the signature covers only the
 * payload's `timestamp` and `token`, not the bytes of the body.
 */
export type DeliveryBody = string | Uint8Array | ArrayBuffer | Readonly<Record<string, unknown>>;

/** A payload, or why there is none. @internal */
export type ParsedBody =
  | { readonly ok: true; readonly payload: Record<string, unknown>; readonly removed: readonly DangerousKey[] }
  | { readonly ok: false; readonly reason: VerificationFailureReason; readonly message: string };

const decoder = new TextDecoder('utf-8', { fatal: true });

function fail(reason: VerificationFailureReason, message: string): ParsedBody {
  return { ok: false, reason, message };
}

/** Byte length of `text` in UTF-8 over `limit`, computed only when it might be. */
function exceeds(text: string, limit: number): boolean {
  if (text.length * 3 <= limit) return false;
  if (text.length > limit) return true;
  return utf8(text).length > limit;
}

function fromText(text: string): ParsedBody {
  const parsed = parseJson(text, 'remove');
  if (!parsed.ok) return fail('malformed_body', 'The body is not valid JSON');
  if (!isRecord(parsed.value)) return fail('malformed_body', 'The body is not a JSON object');
  return { ok: true, payload: parsed.value, removed: parsed.removed };
}

/** {@link fromText} of what `read` returns; `message` when it throws. */
function fromTextOf(read: () => string, message: string): ParsedBody {
  let text: string;
  try {
    text = read();
  } catch {
    return fail('malformed_body', message);
  }
  return fromText(text);
}

// An object parsed by a framework's JSON.parse may hold own `__proto__` keys too. It is copied
// (only then) rather than changed: it belongs to the caller.
function fromObject(body: Record<string, unknown>): ParsedBody {
  if (scanDangerousKeys(body, { first: true }).length === 0) return { ok: true, payload: body, removed: [] };
  return fromTextOf(() => JSON.stringify(body), 'The parsed body cannot be read as JSON');
}

/** Parses a delivery body under the size limit (never throws). @internal */
export function parseBody(body: DeliveryBody, maxBodyBytes: number): ParsedBody {
  if (typeof body === 'string') {
    if (exceeds(body, maxBodyBytes)) return fail('body_too_large', `The body is larger than ${maxBodyBytes} bytes`);
    return fromText(body);
  }
  if (body instanceof Uint8Array || body instanceof ArrayBuffer) {
    const bytes = body instanceof Uint8Array ? body : new Uint8Array(body);
    if (bytes.length > maxBodyBytes) return fail('body_too_large', `The body is larger than ${maxBodyBytes} bytes`);
    return fromTextOf(() => decoder.decode(bytes), 'The body is not valid UTF-8');
  }
  if (isRecord(body)) return fromObject(body);
  return fail('malformed_body', 'The body must be a string, bytes or a parsed JSON object');
}
