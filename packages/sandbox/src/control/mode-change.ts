/** Reading a change of the webhook delivery mode, for the JavaScript API (camelCase) and the HTTP control API (snake_case). */
import { MAX_TIMESTAMP_AGE_SECONDS, type WebhookMode } from '../events/mode.js';
import { InputReader } from './input.js';

/** A change to the mode (the fields given replace the current ones). */
export function readModeChange(input: unknown, snakeCase: boolean): Partial<WebhookMode> {
  const reader = new InputReader(input, snakeCase, 'mode');
  const change: { -readonly [K in keyof WebhookMode]?: WebhookMode[K] } = {};
  const duplicate = reader.boolean('duplicate');
  const hold = reader.boolean('hold');
  const concurrent = reader.boolean('concurrent');
  const age = reader.integer('timestampAgeSeconds', 0, MAX_TIMESTAMP_AGE_SECONDS);
  reader.done();
  if (duplicate !== undefined) change.duplicate = duplicate;
  if (hold !== undefined) change.hold = hold;
  if (concurrent !== undefined) change.concurrent = concurrent;
  if (age !== undefined) change.timestampAgeSeconds = age;
  return change;
}
