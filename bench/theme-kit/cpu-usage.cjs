// Preloaded (`node --require`) into the benchmarks' child processes: at exit, the process's own CPU time
// (user + system, all threads, in ms) on stderr as `cpu-ms <n>`. Less sensitive than the wall time to a
// machine busy with other work; the parent reads it from the child's stderr (cpuMsOf in ./check.mjs).
process.on('exit', () => {
  const { user, system } = process.cpuUsage();
  require('node:fs').writeSync(2, `\ncpu-ms ${((user + system) / 1000).toFixed(1)}\n`);
});
