// The most arrivals any window of `windowMs` holds: what a platform counting requests per minute sees.
/**
 * @param {readonly number[]} arrivals arrival times in ascending order (ms)
 * @param {number} windowMs the window's length; a window is (t - windowMs, t]
 */
export function maxInAnyWindow(arrivals, windowMs) {
  let max = 0;
  let start = 0;
  for (let end = 0; end < arrivals.length; end++) {
    while ((arrivals[start] ?? 0) <= (arrivals[end] ?? 0) - windowMs) start++;
    max = Math.max(max, end - start + 1);
  }
  return max;
}
