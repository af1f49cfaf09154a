// `npm run example`: build the example app and what it needs (nx, cached: the api-client, the webhooks
// package, the sandbox), then start the sandbox and the app together in this terminal and print the URL to
// open. Flags go after `--`: `npm run example -- --port 3001` (`npm run example -- --help` lists them).
import { buildAndRun } from './lib/build-and-run.mjs';

buildAndRun({
  script: 'npm run example',
  project: '@commerce-kit/example-app',
  bin: 'examples/app/dist/dev.js',
  args: process.argv.slice(2),
  cwd: process.env.INIT_CWD ?? process.cwd(),
});
