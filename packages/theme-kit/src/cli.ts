#!/usr/bin/env node
/** Entry point of the `theme-kit` binary. */
export {};
