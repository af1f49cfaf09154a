// `npm start` and `npm run sandbox`: build the sandbox and what it depends on (nx, cached), then run
// `commerce-sandbox` with the arguments, from the directory npm was started in (INIT_CWD), so relative
// paths mean what they say. Without arguments it starts a sandbox on 127.0.0.1:4010; with a command first
// it controls a running one: `npm run sandbox -- snapshot seeded`, `npm start -- --seed 7 --data ./sandbox.db`.
import { buildAndRun } from './lib/build-and-run.mjs';

buildAndRun({
  script: process.env.npm_lifecycle_event === 'sandbox' ? 'npm run sandbox' : 'npm start',
  project: '@commerce-kit/sandbox',
  bin: 'packages/sandbox/dist/cli.js',
  args: process.argv.slice(2),
  cwd: process.env.INIT_CWD ?? process.cwd(),
  // A command first controls a running sandbox, which was built when it started: the CLI runs as built.
  runAsBuilt: (args) => args.length > 0 && !args[0].startsWith('-'),
});
