/**
 * Node's file system, found at run time (`process.getBuiltinModule`) instead of imported, so the main
 * entry has no Node import at all: bundlers for browsers and edge runtimes never see one, and only the
 * functions that read directories need Node (20.16 or later, or a runtime with Node's API).
 */
import { ThemeConfigConfigurationError } from './errors.js';

/** What reading a theme directory needs from the runtime. */
export interface NodeRuntime {
  readonly fs: typeof import('node:fs/promises');
  readonly path: typeof import('node:path');
  /** The current working directory. */
  cwd(): string;
}

/** Node's modules, or a configuration error naming `what` needs them. */
export function nodeRuntime(what: string): NodeRuntime {
  const proc = (globalThis as { process?: NodeJS.Process }).process;
  if (typeof proc?.getBuiltinModule !== 'function') {
    throw new ThemeConfigConfigurationError(
      `${what} reads the file system, which needs Node.js 20.16 or later (or a runtime with Node's process.getBuiltinModule)`,
    );
  }
  return {
    fs: proc.getBuiltinModule('node:fs/promises'),
    path: proc.getBuiltinModule('node:path'),
    cwd: () => proc.cwd(),
  };
}
