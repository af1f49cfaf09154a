// One table for the tinybench benchmarks that compare a few tasks with the peers of the same run:
// ops/sec, mean and p99 latency, and the ratio to each named peer row.

/** The completed tasks of a tinybench `Bench` as rows; a task that failed stops the benchmark. */
export function taskRows(bench) {
  return bench.tasks.map((task) => {
    const r = task.result;
    if (r.state !== 'completed') throw new Error(`${task.name}: ${r.state} ${r.error ?? ''}`);
    return { name: task.name, opsPerSec: r.throughput.mean, meanMs: r.latency.mean, p99Ms: r.latency.p99 };
  });
}

/**
 * Prints `heading`, then one line per row with its ratio to each peer (`{ 'vs floor': row }`) and any
 * `extra(row)` columns.
 */
export function printComparison(rows, heading, peers, extra = () => ({})) {
  console.log(heading);
  console.table(
    rows.map((r) => ({
      task: r.name,
      'ops/sec': Math.round(r.opsPerSec),
      'mean µs': Math.round(r.meanMs * 1000),
      'p99 µs': Math.round(r.p99Ms * 1000),
      ...Object.fromEntries(
        Object.entries(peers).map(([label, peer]) => [label, `${(r.opsPerSec / peer.opsPerSec).toFixed(2)}x`]),
      ),
      ...extra(r),
    })),
  );
}
