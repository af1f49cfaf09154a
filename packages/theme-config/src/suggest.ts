/** "Did you mean ...?" hints: the closest candidate by edit distance, if it is close enough. */
import { distance } from 'fastest-levenshtein';

/** The candidate closest to `input` when at most a small number of edits away (1 for short words, 2 from 6 chars, 3 from 12). */
export function closest(input: string, candidates: Iterable<string>): string | undefined {
  const limit = input.length >= 12 ? 3 : input.length >= 6 ? 2 : 1;
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
