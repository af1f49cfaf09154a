/**
 * One POST with an answer budget: the request is aborted when the budget runs out (an AbortSignal, timed by
 * the house `Clock`), and the answer says how long it took and what came back.
 */
import type { Clock } from '@commerce-kit/internal/clock';

/** What came back: a status and the start of the body, or why nothing did. */
export type TimedAnswer =
  | { readonly kind: 'answered'; readonly status: number; readonly body: string; readonly ms: number }
  | { readonly kind: 'timeout'; readonly ms: number }
  | { readonly kind: 'failed'; readonly error: string; readonly ms: number };

/** How much of a body the report shows. */
const BODY_SHOWN = 300;

export async function timedPost(
  clock: Clock,
  url: string,
  headers: Readonly<Record<string, string>>,
  body: string,
  budgetMs: number,
): Promise<TimedAnswer> {
  const controller = new AbortController();
  const timer = new AbortController();
  const started = clock.now();
  let timedOut = false;
  // The budget's end aborts the request; the sleep is cancelled when the answer comes first.
  clock.sleep(budgetMs, timer.signal).then(
    () => {
      timedOut = true;
      controller.abort();
    },
    () => undefined,
  );
  try {
    const res = await fetch(url, { method: 'POST', headers, body, signal: controller.signal, redirect: 'manual' });
    const text = await res.text();
    return {
      kind: 'answered',
      status: res.status,
      body: text.length > BODY_SHOWN ? `${text.slice(0, BODY_SHOWN)}…` : text,
      ms: clock.now() - started,
    };
  } catch (error) {
    const ms = clock.now() - started;
    if (timedOut) return { kind: 'timeout', ms };
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
    return { kind: 'failed', error: cause ?? (error instanceof Error ? error.message : String(error)), ms };
  } finally {
    timer.abort();
  }
}

/** `200 in 12 ms`, `no answer within 10000 ms`, `connection failed: ECONNREFUSED`. */
export function describeAnswer(answer: TimedAnswer, budgetMs: number): string {
  switch (answer.kind) {
    case 'answered':
      return `${answer.status} in ${answer.ms} ms${answer.status >= 500 && answer.body !== '' ? `: ${JSON.stringify(answer.body)}` : ''}`;
    case 'timeout':
      return `no answer within ${budgetMs} ms`;
    case 'failed':
      return `no answer (${answer.error}) after ${answer.ms} ms`;
  }
}
