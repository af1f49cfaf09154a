// Runs a CLI (Prism's) inside this process and exits as soon as the parent's stdin pipe closes: the
// mock server then never outlives the test process that started it, even one killed with SIGKILL,
// where no `afterAll` or exit hook runs. Usage: node prism-child.mjs <cli.js> [args...]
import { pathToFileURL } from 'node:url';

const [cli, ...args] = process.argv.slice(2);
if (!cli) {
  process.stderr.write('usage: node prism-child.mjs <cli.js> [args...]\n');
  process.exit(2);
}
process.stdin.on('end', () => process.exit(0));
process.stdin.on('error', () => process.exit(0));
process.stdin.resume();
// The CLI parses process.argv as if it had been started directly.
process.argv = [process.argv[0], cli, ...args];
await import(pathToFileURL(cli).href);
