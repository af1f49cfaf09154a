/** "Did you mean ...?" hints, worded the same in every package: the closest candidate by edit distance, if it is close enough. */
import { distance } from 'fastest-levenshtein';

/** The candidate closest to `input` when at most a small number of edits away (1 for words up to 3 chars, 2 up to 11, then 3; a swap of two letters counts as 2). */
export function closest(input: string, candidates: Iterable<string>): string | undefined {
  const limit = input.length <= 3 ? 1 : input.length <= 11 ? 2 : 3;
  let best: string | undefined;
  let bestDistance = Infinity;
  const lower = input.toLowerCase();
  for (const candidate of candidates) {
    if (candidate === input) continue;
    const d = candidate.toLowerCase() === lower ? 0.5 : distance(lower, candidate.toLowerCase());
    if (d < bestDistance || (d === bestDistance && best !== undefined && candidate < best)) {
      best = candidate;
      bestDistance = d;
    }
  }
  return bestDistance <= limit ? best : undefined;
}

/** Formats a suggestion the same way everywhere. */
export function didYouMean(candidate: string): string {
  return `did you mean \`${candidate}\`?`;
}
