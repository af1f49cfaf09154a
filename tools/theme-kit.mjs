// `npm run theme-kit -- <command> [options]`: build the theme kit (nx, cached), then run `theme-kit` with
// the arguments, from the directory npm was started in (INIT_CWD), so relative paths mean what they say.
import { buildAndRun } from './lib/build-and-run.mjs';

buildAndRun({
  script: 'npm run theme-kit',
  project: '@commerce-kit/theme-kit',
  bin: 'packages/theme-kit/dist/cli.js',
  args: process.argv.slice(2),
  cwd: process.env.INIT_CWD ?? process.cwd(),
});
