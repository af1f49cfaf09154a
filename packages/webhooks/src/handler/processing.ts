/**
 * The processing side of the handler: a queue per user key that runs `onEvent` with retries and
 * reports final failures, holding the optional cross-process user lock around each event.
 * @internal
 */
import { WebhookProcessingError } from '../errors/processing-error.js';
import type { WebhookEvent } from '../events.js';
import { KeyedQueue } from '../queue.js';
import type { UserLockRelease } from '../user-lock.js';
import type { HandlerConfig } from './options.js';

/** One accepted event on its way through the queue. @internal */
export interface Job {
  readonly event: WebhookEvent;
  readonly userKey: string;
  /** Set while the job holds the user lock. */
  release?: UserLockRelease | undefined;
}

function releaseLock(job: Job): void {
  const release = job.release;
  if (release === undefined) return;
  job.release = undefined;
  // An unreleasable lock is the lock's own business (its expiry); processing goes on.
  void Promise.resolve()
    .then(release)
    .catch(() => undefined);
}

/** The queue that runs `onEvent` for accepted events. @internal */
export function createProcessingQueue(config: HandlerConfig): KeyedQueue<Job> {
  const { onEvent, onError, userLock, verifier } = config;
  return new KeyedQueue<Job>({
    concurrency: config.concurrency,
    retries: config.retries,
    backoff: config.backoff,
    sleep: (ms) => verifier.clock.sleep(ms),
    run: async (job, attempt) => {
      if (userLock !== undefined && job.release === undefined) job.release = await userLock.acquire(job.userKey);
      return onEvent(job.event, { attempt, userKey: job.userKey });
    },
    onFailure: (error, job, attempts) => onError(new WebhookProcessingError(job.event, attempts, error), job.event),
    onSettled: releaseLock,
  });
}
