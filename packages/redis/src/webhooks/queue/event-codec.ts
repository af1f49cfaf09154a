/**
 * A verified event as stored in the queue, and back. The payload was already cleaned of dangerous
 * keys when it was verified; it is parsed again with the same policy, since the stream could have
 * been written by anyone with access to Redis.
 * @internal
 */
import { isRecord } from '@commerce-kit/internal/is-record';
import { parseJson } from '@commerce-kit/internal/safe-json';
import type { WebhookEvent } from '@commerce-kit/webhooks';

interface StoredEvent {
  readonly v: 1;
  readonly type: string | null;
  readonly timestamp: string;
  readonly timestampMs: number | null;
  readonly token: string;
  readonly deliveryKey: string;
  readonly payload: Readonly<Record<string, unknown>>;
}

export function encodeEvent(event: WebhookEvent): string {
  const stored: StoredEvent = {
    v: 1,
    type: event.type ?? null,
    timestamp: event.timestamp,
    timestampMs: event.timestampMs ?? null,
    token: event.token,
    deliveryKey: event.deliveryKey,
    payload: event.payload,
  };
  return JSON.stringify(stored);
}

/** The event, or `undefined` when the text is not an event this package stored. */
export function decodeEvent(text: string): WebhookEvent | undefined {
  const parsed = parseJson(text, 'remove');
  if (!parsed.ok || !isRecord(parsed.value)) return undefined;
  const { v, type, timestamp, timestampMs, token, deliveryKey, payload } = parsed.value;
  if (
    v !== 1 ||
    typeof timestamp !== 'string' ||
    typeof token !== 'string' ||
    typeof deliveryKey !== 'string' ||
    !isRecord(payload)
  )
    return undefined;
  const data = payload['data'];
  if (!isRecord(data) || typeof data['id'] !== 'string') return undefined;
  return {
    type: typeof type === 'string' ? type : undefined,
    timestamp,
    timestampMs: typeof timestampMs === 'number' ? timestampMs : undefined,
    token,
    deliveryKey,
    data: data as WebhookEvent['data'],
    payload,
  } as WebhookEvent;
}
