// `npm start`: build the sandbox and what it depends on (nx, cached), then run it on 127.0.0.1:4010.
// Extra arguments go to the sandbox: `npm start -- --seed 7 --data ./sandbox.db`.
import { buildAndRun } from './lib/build-and-run.mjs';

buildAndRun({
  script: 'npm start',
  project: '@commerce-kit/sandbox',
  bin: 'packages/sandbox/dist/cli.js',
  args: ['--port', '4010', '--host', '127.0.0.1', ...process.argv.slice(2)],
});
