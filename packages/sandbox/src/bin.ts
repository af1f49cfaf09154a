#!/usr/bin/env node
/** Entry point of the `commerce-sandbox` binary. */
import { runCli } from './cli/main.js';

process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') return;
  throw error;
});

void runCli(process.argv.slice(2)).then((code) => {
  if (code !== undefined) process.exitCode = code;
});
