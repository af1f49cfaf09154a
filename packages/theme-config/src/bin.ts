#!/usr/bin/env node
/** Entry point of the `theme-config` binary. */
import { runCliProcess } from '@commerce-kit/internal/cli/main';
import { THEME_CONFIG_CLI } from './cli/commands.js';

runCliProcess(THEME_CONFIG_CLI);
