/**
 * Plays the platform for the multi-process webhook tests: sends deliveries to several receivers,
 * a user's deliveries one after the other (each after the previous one was acknowledged, so their
 * order is defined) in bursts that land on different receivers, many users at once, and copies of
 * deliveries — some at the same moment as their original, to another receiver. A delivery that gets
 * no 200 (a receiver died, Redis unavailable) is sent again to another receiver, as the platform
 * would redeliver it.
 */
import type { TestDelivery } from '@commerce-kit/webhooks/testing';
import { delivery } from './deliveries.js';

export interface FeedPlan {
  readonly users: number;
  readonly unique: number;
  readonly duplicates: number;
  /** Burst-sending lanes running at once. */
  readonly lanes: number;
  /** Deterministic choices: a seed for the pseudo-random generator. */
  readonly seed: number;
}

export interface FeedResult {
  /** Per user, the seq numbers of the unique deliveries in the order they were acknowledged. */
  readonly order: ReadonlyMap<string, readonly number[]>;
  readonly sent: number;
  readonly resent: number;
  readonly duplicatesAcknowledged: number;
}

function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function feed(
  receivers: () => readonly string[],
  plan: FeedPlan,
  afterEach?: (sent: number) => void,
): Promise<FeedResult> {
  const random = generator(plan.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  let sent = 0;
  let resent = 0;
  let duplicatesAcknowledged = 0;

  /** Sends until a receiver answers 200; returns whether it was a duplicate. */
  async function send(d: TestDelivery): Promise<boolean> {
    for (let tries = 0; ; tries++) {
      const target = pick(receivers());
      sent++;
      try {
        const response = await fetch(`${target}/webhooks`, { method: 'POST', body: d.body, headers: d.headers });
        const body = (await response.json()) as { duplicate?: boolean };
        if (response.status === 200) return body.duplicate === true;
        if (response.status < 500) throw new Error(`receiver answered ${response.status}: ${JSON.stringify(body)}`);
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('receiver answered')) throw error;
      }
      resent++;
      if (tries > 50) throw new Error('no receiver acknowledged a delivery after 50 tries');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  const users = Array.from({ length: plan.users }, (_, i) => `user-${i}`);
  const order = new Map<string, number[]>(users.map((user) => [user, []]));
  const nextSeq = new Map<string, number>(users.map((user) => [user, 0]));
  const busy = new Set<string>();
  const sentBefore: TestDelivery[] = [];
  let uniqueLeft = plan.unique;
  let duplicatesLeft = plan.duplicates;

  async function lane(): Promise<void> {
    while (uniqueLeft > 0 || duplicatesLeft > 0) {
      // A duplicate on its own, now and then: a copy of something sent earlier.
      if (duplicatesLeft > 0 && sentBefore.length > 0 && (uniqueLeft === 0 || random() < 0.1)) {
        duplicatesLeft--;
        if (await send(pick(sentBefore))) duplicatesAcknowledged++;
        continue;
      }
      if (uniqueLeft === 0) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        continue;
      }
      const free = users.filter((user) => !busy.has(user));
      if (free.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        continue;
      }
      const user = pick(free);
      busy.add(user);
      const burst = Math.min(uniqueLeft, 1 + Math.floor(random() * 8));
      uniqueLeft -= burst;
      for (let i = 0; i < burst; i++) {
        const seq = nextSeq.get(user) ?? 0;
        nextSeq.set(user, seq + 1);
        const d = delivery(user, seq);
        // Some copies race their original (to a receiver picked independently).
        const racing = duplicatesLeft > 0 && random() < 0.12;
        if (racing) duplicatesLeft--;
        const answers = await Promise.all([send(d), ...(racing ? [send(d)] : [])]);
        duplicatesAcknowledged += answers.filter(Boolean).length;
        order.get(user)?.push(seq);
        sentBefore.push(d);
        afterEach?.(sent);
      }
      busy.delete(user);
    }
  }
  await Promise.all(Array.from({ length: plan.lanes }, lane));
  return { order, sent, resent, duplicatesAcknowledged };
}
