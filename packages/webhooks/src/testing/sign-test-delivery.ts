import { resolveClock, type Clock } from '../clock.js';
import type { WebhookEventType } from '../events.js';
import { SIGNATURE_HEADER } from '../headers.js';
import { prepareSecrets, type WebhookSecret } from '../secret.js';
import { signatureOf } from '../signature.js';

/** Overrides for {@link signTestDelivery}. */
export interface TestDeliveryOverrides {
  /** Payload `timestamp` (default: the clock's now, as Unix seconds). */
  readonly timestamp?: string | undefined;
  /** Payload `token` (default: 32 random hex characters). */
  readonly token?: string | undefined;
  /** Event type, written to the payload's `type` field (omitted by default). */
  readonly type?: WebhookEventType | (string & {}) | undefined;
  /** Extra top-level payload fields. */
  readonly fields?: Readonly<Record<string, unknown>> | undefined;
  /** Send this signature instead of the correct one (to test rejections). */
  readonly signature?: string | undefined;
  /** Clock for the default timestamp (default: the system clock); pass the receiver's `ManualClock`. */
  readonly clock?: Clock | undefined;
}

/** A signed delivery ready to send: a JSON body and the headers that go with it. */
export interface TestDelivery {
  /** JSON text of the payload. */
  readonly body: string;
  /** `content-type` and `x-service-signature`. */
  readonly headers: Readonly<Record<string, string>>;
  /** The payload before serialisation. */
  readonly payload: Readonly<Record<string, unknown>>;
}

function randomToken(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Builds a delivery signed the way the platform signs: `{ timestamp, token, data }` plus the
 * `x-service-signature` header. Use it to test your receiver end to end. Given the list of secrets
 * of a key rotation (the handler's `secret` option as is), it signs with the first one.
 *
 * @example
 * ```ts
 * import { signTestDelivery } from '@commerce-kit/webhooks/testing';
 * const { body, headers } = signTestDelivery('whsec_test_secret', { id: 'cus_123' }, { type: 'customer_created' });
 * await fetch('http://127.0.0.1:3000/webhooks', { method: 'POST', body, headers });
 * ```
 */
export function signTestDelivery(
  secret: WebhookSecret | readonly WebhookSecret[],
  data: { readonly id: string; readonly [field: string]: unknown },
  overrides: TestDeliveryOverrides = {},
): TestDelivery {
  const timestamp = overrides.timestamp ?? String(Math.floor(resolveClock(overrides.clock).now() / 1000));
  const token = overrides.token ?? randomToken();
  const payload: Record<string, unknown> = {
    ...(overrides.type === undefined ? {} : { type: overrides.type }),
    ...overrides.fields,
    timestamp,
    token,
    data,
  };
  const signature = overrides.signature ?? signatureOf(prepareSecrets(secret)[0]!, timestamp, token);
  return {
    body: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
    payload,
  };
}
