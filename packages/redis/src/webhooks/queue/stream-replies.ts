/**
 * Reading Redis stream replies (XREADGROUP, XAUTOCLAIM) defensively: entries as `{ id, fields }`,
 * anything of another shape skipped rather than trusted.
 * @internal
 */

/** One stream entry. */
export interface StreamEntry {
  readonly id: string;
  readonly fields: Readonly<Record<string, string>>;
}

function entryOf(raw: unknown): StreamEntry | undefined {
  if (!Array.isArray(raw) || typeof raw[0] !== 'string' || !Array.isArray(raw[1])) return undefined;
  const list = raw[1] as unknown[];
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  for (let i = 0; i + 1 < list.length; i += 2) {
    const name = list[i];
    const value = list[i + 1];
    if (typeof name === 'string' && typeof value === 'string') fields[name] = value;
  }
  return { id: raw[0], fields };
}

function entriesOf(raw: unknown): StreamEntry[] {
  if (!Array.isArray(raw)) return [];
  const entries: StreamEntry[] = [];
  for (const item of raw) {
    const entry = entryOf(item);
    if (entry !== undefined) entries.push(entry);
  }
  return entries;
}

/** XREADGROUP: `[[stream, [[id, [field, value, ...]], ...]]]` or null. */
export function readGroupReply(reply: unknown): StreamEntry[] {
  if (!Array.isArray(reply)) return [];
  return reply.flatMap((stream: unknown) => (Array.isArray(stream) ? entriesOf(stream[1]) : []));
}

/** XAUTOCLAIM: `[next cursor, [[id, fields] | null, ...], [deleted ids]]`. */
export function readAutoClaimReply(reply: unknown): { next: string; entries: StreamEntry[] } {
  if (!Array.isArray(reply) || typeof reply[0] !== 'string') return { next: '0-0', entries: [] };
  return { next: reply[0], entries: entriesOf(reply[1]) };
}

/** Orders stream ids (`<ms>-<seq>`) as Redis does. */
export function compareStreamIds(a: string, b: string): number {
  const [aMs = '0', aSeq = '0'] = a.split('-');
  const [bMs = '0', bSeq = '0'] = b.split('-');
  const byMs = BigInt(aMs) - BigInt(bMs);
  if (byMs !== 0n) return byMs < 0n ? -1 : 1;
  const bySeq = BigInt(aSeq) - BigInt(bSeq);
  return bySeq === 0n ? 0 : bySeq < 0n ? -1 : 1;
}
