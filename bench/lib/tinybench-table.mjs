// One table for the tinybench benchmarks that compare a few tasks with the peers of the same run:
// ops/sec, mean and p99 latency, and the ratio to each named peer row.
import { Bench } from 'tinybench';

/** The completed tasks of a tinybench `Bench` as rows; a task that failed stops the benchmark. */
export function taskRows(bench) {
  return bench.tasks.map((task) => {
    const r = task.result;
    if (r.state !== 'completed') throw new Error(`${task.name}: ${r.state} ${r.error ?? ''}`);
    return { name: task.name, opsPerSec: r.throughput.mean, meanMs: r.latency.mean, p99Ms: r.latency.p99 };
  });
}

/**
 * Runs `tasks` (name -> async function) in `rounds` rounds of tinybench, each task `time` ms per round,
 * the order rotated from round to round; each row is the median of its rounds. A machine that slows down
 * for a few seconds then costs every task a round, not the one task that was running.
 * @param {Record<string, () => Promise<unknown>>} tasks
 * @returns {Promise<ReturnType<typeof taskRows>>}
 */
export async function interleavedRows(tasks, { rounds = 5, time = 800, warmupTime = 1_000 } = {}) {
  const names = Object.keys(tasks);
  /** @type {Map<string, ReturnType<typeof taskRows>>} */
  const byTask = new Map(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    const bench = new Bench({ time, warmup: round === 0, warmupTime });
    for (const name of [...names.slice(round % names.length), ...names.slice(0, round % names.length)])
      bench.add(name, tasks[name]);
    await bench.run();
    for (const row of taskRows(bench)) byTask.get(row.name)?.push(row);
  }
  const median = (values) => values.sort((x, y) => x - y)[Math.floor(values.length / 2)];
  return names.map((name) => {
    const runs = byTask.get(name) ?? [];
    return {
      name,
      opsPerSec: median(runs.map((r) => r.opsPerSec)),
      meanMs: median(runs.map((r) => r.meanMs)),
      p99Ms: median(runs.map((r) => r.p99Ms)),
    };
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
