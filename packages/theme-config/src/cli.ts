#!/usr/bin/env node
/** Entry point of the `theme-config` binary. */
import { runCli } from './cli/main.js';

// `theme-config validate | head` closes the pipe early: that is not a failure worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

void runCli(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
