/** How the sandbox sends webhooks: normally, or in one of the ways the platform warns receivers about. */

/** The webhook delivery mode (every switch off by default). */
export interface WebhookMode {
  /** Send each delivery twice: identical copies (same timestamp, token and signature), as a network retry would. */
  readonly duplicate: boolean;
  /** Keep deliveries until `release()` sends them (in their order, reversed or shuffled). */
  readonly hold: boolean;
  /** Send every delivery that is due at once instead of one at a time: a burst for one user. */
  readonly concurrent: boolean;
  /** Sign with a timestamp this many seconds old, as a late retry of the platform would carry. */
  readonly timestampAgeSeconds: number;
}

export const DEFAULT_WEBHOOK_MODE: WebhookMode = {
  duplicate: false,
  hold: false,
  concurrent: false,
  timestampAgeSeconds: 0,
};

/** At most a week old: older timestamps only test the receiver's window, which a day already does. */
export const MAX_TIMESTAMP_AGE_SECONDS = 7 * 86_400;

/** Order in which held deliveries are released. */
export type ReleaseOrder = 'sent' | 'reverse' | 'shuffle';
export const RELEASE_ORDERS: readonly ReleaseOrder[] = ['sent', 'reverse', 'shuffle'];

/** `items` in the release order; `shuffle` is a seeded Fisher–Yates, so a failing order can be replayed. */
export function ordered<T>(items: readonly T[], order: ReleaseOrder, seed: number): T[] {
  const out = [...items];
  if (order === 'reverse') return out.reverse();
  if (order === 'shuffle') {
    let state = seed >>> 0 || 0x9e3779b9;
    const next = (): number => {
      // xorshift32: small, deterministic, good enough to permute a test's deliveries
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return (state >>> 0) / 0x1_0000_0000;
    };
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
  }
  return out;
}
