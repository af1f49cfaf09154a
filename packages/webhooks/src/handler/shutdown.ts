/**
 * `drain` and `close`: wait for the queue, optionally no longer than `timeoutMs` on the handler's
 * clock, and hand back what is unfinished.
 * @internal
 */
import type { Clock } from '../clock.js';
import { WebhookConfigurationError } from '../errors/configuration-error.js';
import { WebhookShutdownTimeoutError } from '../errors/shutdown-timeout-error.js';
import type { KeyedQueue } from '../queue.js';
import type { Job } from './processing.js';
import type { WebhookShutdownOptions } from './types.js';

/** Waits for the queue to empty; on timeout rejects with the unfinished events (and stops the queue if asked). @internal */
export async function waitForQueue(
  queue: KeyedQueue<Job>,
  clock: Clock,
  options: WebhookShutdownOptions | undefined,
  stopOnTimeout: boolean,
): Promise<void> {
  const timeoutMs = options?.timeoutMs;
  if (timeoutMs === undefined) return queue.drain();
  if (typeof timeoutMs !== 'number' || !(timeoutMs >= 0) || !Number.isFinite(timeoutMs)) {
    throw new WebhookConfigurationError('timeoutMs must be a finite number of milliseconds >= 0');
  }
  const timer = new AbortController();
  const timedOut = clock.sleep(timeoutMs, timer.signal).then(
    () => false,
    () => false,
  );
  const drained = await Promise.race([queue.drain().then(() => true), timedOut]);
  timer.abort();
  if (drained) return;
  const unfinished = queue.unfinished().map((job) => job.event);
  if (stopOnTimeout) queue.stop();
  throw new WebhookShutdownTimeoutError(unfinished, timeoutMs);
}
