/** Whether to colour a stream: decided per stream, so `mock 2>log` keeps escape codes out of the log. */
import type { OutputStream } from '@commerce-kit/internal/cli/io';

/**
 * `FORCE_COLOR` (any value but `0` / `false`) turns colour on and wins over `NO_COLOR`, as in Node
 * itself; `FORCE_COLOR=0` or a non-empty `NO_COLOR` turns it off; otherwise colour follows whether
 * this stream is a terminal.
 */
export function useColor(stream: OutputStream, env: Readonly<Record<string, string | undefined>>): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return stream.isTTY === true;
}
