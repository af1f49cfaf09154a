#!/usr/bin/env node
/** Entry point of the `theme-kit` binary. */
import { runCliProcess } from '@commerce-kit/internal/cli/main';
import { THEME_KIT_CLI } from './cli/program.js';

runCliProcess(THEME_KIT_CLI);
