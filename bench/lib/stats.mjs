// Order statistics the benchmarks print (nearest-rank quantiles).

/** The q-quantile (0..1) of an ascending list, nearest rank. */
export const quantile = (sorted, q) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];

/** p50, p95 and the count of a list of numbers. */
export function summary(list) {
  const sorted = [...list].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), n: sorted.length };
}
