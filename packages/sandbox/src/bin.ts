#!/usr/bin/env node
/** Entry point of the `commerce-sandbox` binary. */
import { runCliProcess } from '@commerce-kit/internal/cli/main';
import { sandboxCli } from './cli/program.js';

runCliProcess(sandboxCli());
