/**
 * The receiver battery of `verify-webhooks`: what the platform's API documentation asks of a webhook
 * receiver, sent to it and checked. A genuine delivery of each event type must be answered 200; a
 * delivery whose signature is wrong, missing, over another timestamp or token, a digit-shift forgery, or
 * whose body is not JSON must be answered 400; copies and bursts must be answered 200; every answer must
 * come within the budget (ten seconds). Deliveries the documents allow but do not promise (a late
 * retry, an unknown type, unknown fields, a large body) are warnings when refused: refusing them loses data.
 */
import { randomBytes } from 'node:crypto';
import { WEBHOOK_EVENT_TYPES } from '@commerce-kit/api-types';
import type { Clock } from '@commerce-kit/internal/clock';
import { computeSignature, SIGNATURE_HEADER } from '@commerce-kit/webhooks';
import type { ContractCase, ContractFinding } from './findings.js';
import { BURST_SIZE, RECEIVER_BUDGET_MS } from './formats.js';
import { describeAnswer, type TimedAnswer, timedPost } from './timed-post.js';

const TWO_HOURS_S = 2 * 60 * 60;
/** A 1 MB body (10^6 bytes, under the 1 MiB that receivers commonly allow). */
const LARGE_BODY_BYTES = 1_000_000;

export interface ReceiverBatteryOptions {
  /** The receiver's URL. */
  readonly url: string;
  /** The webhook verification key the receiver checks signatures with. */
  readonly secret: string;
  readonly clock: Clock;
  /** Each answer's budget, in milliseconds (default ten seconds). */
  readonly budgetMs?: number | undefined;
  /** Called after each check, for progress lines. */
  readonly onCase?: ((done: ContractCase) => void) | undefined;
}

/** What each check's name means (the report's codes). */
export const RECEIVER_CHECKS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [webhookOperation(type), `a genuine ${type} delivery is answered 200 in time`]),
  ),
  'invalid-signature': 'a delivery signed with another key is answered 400',
  'missing-signature': 'a delivery without the signature header is answered 400',
  'signature-other-timestamp': 'a signature over another timestamp is answered 400',
  'signature-other-token': 'a signature over another token is answered 400',
  'digit-shift-forgery': "the token's leading digits moved onto the timestamp (a far-future timestamp) is answered 400",
  'malformed-json': 'a body that is not JSON is answered 400',
  'duplicate-delivery': 'the same delivery twice is answered 200 both times, in time',
  'concurrent-deliveries': `${BURST_SIZE} deliveries for one user at once are each answered 200 in time`,
  'late-delivery': 'a genuine delivery signed two hours ago (a retry) is accepted',
  'unknown-event-type': 'a genuine delivery of an event type the receiver does not know is accepted',
  'unknown-fields': 'a genuine delivery with fields the documents do not show is accepted',
  'large-body': 'a genuine delivery of 1 MB is accepted',
};

/** `customer_created` -> `customerCreatedWebhook`, the spec's webhook operation. */
export function webhookOperation(type: string): string {
  return `${type.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())}Webhook`;
}

interface Delivery {
  readonly operation: string;
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly summary: string;
}

/** A token whose first characters are digits (so the digit-shift forgery has digits to move). */
const newToken = (): string => `${10 + (randomBytes(1)[0]! % 90)}${randomBytes(15).toString('hex')}`;

export async function runReceiverBattery(options: ReceiverBatteryOptions): Promise<ContractCase[]> {
  const { url, secret, clock } = options;
  const budgetMs = options.budgetMs ?? RECEIVER_BUDGET_MS;
  const path = new URL(url).pathname;
  const nowSeconds = (): string => String(Math.floor(clock.now() / 1000));
  const sign = (timestamp: string, token: string): string => computeSignature(secret, timestamp, token);

  function delivery(
    type: string,
    summary: string,
    change: {
      timestamp?: string;
      token?: string;
      extra?: Record<string, unknown>;
      data?: Record<string, unknown>;
      signature?: string | null;
      body?: string;
    } = {},
  ): Delivery {
    const timestamp = change.timestamp ?? nowSeconds();
    const token = change.token ?? newToken();
    const payload = {
      type,
      timestamp,
      token,
      data: { id: `verify_${token.slice(0, 8)}`, ...change.data },
      ...change.extra,
    };
    const signature = change.signature === undefined ? sign(timestamp, token) : change.signature;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'commerce-sandbox verify-webhooks',
    };
    if (signature !== null) headers[SIGNATURE_HEADER] = signature;
    return { operation: webhookOperation(type), body: change.body ?? JSON.stringify(payload), headers, summary };
  }

  const send = (d: Delivery): Promise<TimedAnswer> => timedPost(clock, url, d.headers, d.body, budgetMs);

  function finding(
    d: Delivery,
    severity: ContractFinding['severity'],
    answer: TimedAnswer,
    expected: string,
    message: string,
    pointer = answer.kind === 'answered' ? '/status' : '/timing',
  ): ContractFinding {
    return {
      severity,
      operation: d.operation,
      method: 'POST',
      path,
      in: answer.kind === 'answered' ? 'response' : 'timing',
      pointer,
      expected,
      actual: describeAnswer(answer, budgetMs),
      status: answer.kind === 'answered' ? answer.status : 0,
      message,
    };
  }

  const sentLine = (d: Delivery, answer: TimedAnswer): string =>
    `sent ${d.summary} (${Buffer.byteLength(d.body)} bytes) → ${describeAnswer(answer, budgetMs)}`;

  /** A delivery the receiver must accept: 200 within the budget. */
  function accepted(d: Delivery, answer: TimedAnswer, refusalSeverity: ContractFinding['severity']): ContractFinding[] {
    if (answer.kind === 'timeout')
      return [
        finding(
          d,
          'error',
          answer,
          `200 within ${budgetMs} ms`,
          'no answer in time: answer at once and do the work afterwards',
        ),
      ];
    if (answer.kind === 'failed') return [finding(d, 'error', answer, '200', 'the receiver could not be reached')];
    if (answer.status === 200) return [];
    if (answer.status >= 200 && answer.status < 300)
      return [finding(d, 'warning', answer, '200', 'accepted with another 2xx status: the documents name 200')];
    if (refusalSeverity === 'warning')
      return [
        finding(
          d,
          'warning',
          answer,
          '200',
          'refused: the documents allow this delivery, and refusing it loses the change',
        ),
      ];
    return [
      finding(
        d,
        'error',
        answer,
        '200',
        answer.status >= 500 ? 'a genuine delivery failed in the receiver' : 'a genuine delivery was refused',
      ),
    ];
  }

  /** A delivery the receiver must refuse: 400 (anything else, an acceptance most of all, is a failure). */
  function refused(d: Delivery, answer: TimedAnswer, why: string): ContractFinding[] {
    if (answer.kind === 'answered' && answer.status === 400) return [];
    if (answer.kind !== 'answered')
      return [finding(d, 'error', answer, `400 within ${budgetMs} ms`, `${why}: no answer in time`)];
    const message =
      answer.status >= 200 && answer.status < 300
        ? `${why}, and the receiver accepted it`
        : answer.status >= 500
          ? `${why}: the receiver failed instead of answering 400`
          : `${why}: the documents ask for 400`;
    return [finding(d, 'error', answer, '400', message)];
  }

  const cases: ContractCase[] = [];
  const record = (c: ContractCase): void => {
    cases.push(c);
    options.onCase?.(c);
  };

  async function single(name: string, d: Delivery, judge: (answer: TimedAnswer) => ContractFinding[]): Promise<void> {
    const answer = await send(d);
    record({ name, checked: 1, findings: judge(answer), log: [sentLine(d, answer)] });
  }

  // A genuine delivery of each event type.
  for (const type of WEBHOOK_EVENT_TYPES) {
    const d = delivery(type, `a genuine ${type}`);
    await single(d.operation, d, (a) => accepted(d, a, 'error'));
  }

  // Forgeries and broken deliveries: 400.
  const type = 'customer_updated';
  {
    const token = newToken();
    const timestamp = nowSeconds();
    const forged = delivery(type, 'a delivery signed with another key', {
      token,
      timestamp,
      signature: computeSignature(`not-${secret}`, timestamp, token),
    });
    await single('invalid-signature', forged, (a) => refused(forged, a, 'the signature is not the HMAC under the key'));
  }
  {
    const d = delivery(type, 'a delivery without the signature header', { signature: null });
    await single('missing-signature', d, (a) => refused(d, a, 'the delivery has no signature header'));
  }
  {
    const token = newToken();
    const other = String(Number(nowSeconds()) - 60);
    const d = delivery(type, 'a signature over another timestamp', { token, signature: sign(other, token) });
    await single('signature-other-timestamp', d, (a) => refused(d, a, 'the signature covers another timestamp'));
  }
  {
    const timestamp = nowSeconds();
    const d = delivery(type, 'a signature over another token', { timestamp, signature: sign(timestamp, newToken()) });
    await single('signature-other-token', d, (a) => refused(d, a, 'the signature covers another token'));
  }
  {
    // The signed message is timestamp + token with nothing between: moving the token's two leading digits
    // onto the timestamp keeps the signature valid and puts the timestamp centuries ahead.
    const timestamp = nowSeconds();
    const token = newToken();
    const d = delivery(type, "a digit-shift forgery (the token's leading digits moved onto the timestamp)", {
      timestamp: timestamp + token.slice(0, 2),
      token: token.slice(2),
      signature: sign(timestamp, token),
    });
    await single('digit-shift-forgery', d, (a) => refused(d, a, 'the timestamp lies far in the future'));
  }
  {
    const timestamp = nowSeconds();
    const token = newToken();
    const d = delivery(type, 'a body that is not JSON', {
      timestamp,
      token,
      body: `{"type":"${type}","timestamp":"${timestamp}","token":"${token}","data":{"id":`,
    });
    await single('malformed-json', d, (a) => refused(d, a, 'the body is not JSON'));
  }

  // The same delivery twice: both 200.
  {
    const d = delivery(type, 'the same delivery, twice');
    const first = await send(d);
    const second = await send(d);
    record({
      name: 'duplicate-delivery',
      checked: 2,
      findings: [...accepted(d, first, 'error'), ...accepted(d, second, 'error')],
      log: [sentLine(d, first), sentLine({ ...d, summary: 'the same delivery again' }, second)],
    });
  }

  // A burst for one user: every one 200 within the budget; the slowest named.
  {
    const objectId = `verify_burst_${randomBytes(4).toString('hex')}`;
    const burst = Array.from({ length: BURST_SIZE }, (_, i) =>
      delivery(type, `delivery ${i + 1} of ${BURST_SIZE} for one user`, { data: { id: objectId } }),
    );
    const answers = await Promise.all(burst.map(send));
    const findings = burst.flatMap((d, i) => accepted(d, answers[i]!, 'error'));
    const timed = answers.map((a, i) => ({ i, ms: a.ms })).sort((a, b) => b.ms - a.ms);
    const slowest = timed.slice(0, 3).map(({ i, ms }) => `#${i + 1} in ${ms} ms`);
    if (findings.length === 0 && timed[0]!.ms > budgetMs / 2)
      findings.push({
        ...finding(
          burst[timed[0]!.i]!,
          'warning',
          answers[timed[0]!.i]!,
          `well within ${budgetMs} ms`,
          `close to the budget; the slowest: ${slowest.join(', ')}`,
        ),
        pointer: '/timing',
        in: 'timing',
      });
    record({
      name: 'concurrent-deliveries',
      checked: BURST_SIZE,
      findings,
      log: [`sent ${BURST_SIZE} deliveries for one user at once; the slowest: ${slowest.join(', ')}`],
    });
  }

  // Allowed but not promised: warnings when refused.
  {
    const d = delivery(type, 'a genuine delivery signed two hours ago', {
      timestamp: String(Number(nowSeconds()) - TWO_HOURS_S),
    });
    await single('late-delivery', d, (a) => accepted(d, a, 'warning'));
  }
  {
    const d = delivery('verify_unknown_event', 'a genuine delivery of an unknown event type');
    await single('unknown-event-type', { ...d, operation: 'unknown-event-type' }, (a) => accepted(d, a, 'warning'));
  }
  {
    const d = delivery(type, 'a genuine delivery with unknown fields', {
      extra: { livemode: false, api_version: 'v1' },
      data: { object: 'customer', previous_attributes: {} },
    });
    await single('unknown-fields', d, (a) => accepted(d, a, 'warning'));
  }
  {
    const d = delivery(type, 'a genuine delivery of 1 MB', { data: { padding: 'x'.repeat(LARGE_BODY_BYTES - 400) } });
    await single('large-body', d, (a) => accepted(d, a, 'warning'));
  }
  return cases;
}
