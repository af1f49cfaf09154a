// `npm start` (tools/start.mjs, which runs the built CLI as its child) stops the sandbox however it is asked:
// a stop sent to the wrapper alone (`kill -INT`, `kill -TERM`, a hang-up, a supervisor) is passed on, so no
// sandbox is left running; the terminal's Ctrl-C, which reaches the whole process group, is one clean stop.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../../tools/testing/wait-for.mjs';
import { startCli } from './support/cli.js';

const START = path.resolve(import.meta.dirname, '../../../tools/start.mjs');
// The package is built before its tests: the wrapper must run it as built, never rebuild `dist/` under the
// other test files.
const ENV = { ...process.env, COMMERCE_KIT_NO_BUILD: '1' };

/** Whether nothing answers at `url` any more. */
async function refused(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(5_000) });
    return false;
  } catch {
    return true;
  }
}

describe('npm start', () => {
  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)(
    'a %s sent to the wrapper alone stops the sandbox cleanly, and both exit 0',
    async (signal) => {
      const cli = await startCli([], { cli: START, env: ENV });
      expect(await refused(cli.url)).toBe(false);
      process.kill(cli.child.pid!, signal);
      expect(await cli.exited).toBe(0);
      await waitFor(() => refused(cli.url), { message: 'the sandbox to stop listening' });
      expect(cli.stderr()).toContain('SIGTERM: stopping');
      expect(cli.stderr()).not.toContain('exiting without waiting');
    },
  );

  it("the terminal's Ctrl-C (the process group) is one clean stop, not a forced one", async () => {
    const cli = await startCli([], { cli: START, env: ENV, detached: true });
    process.kill(-cli.child.pid!, 'SIGINT');
    expect(await cli.exited).toBe(0);
    await waitFor(() => refused(cli.url), { message: 'the sandbox to stop listening' });
    expect(cli.stderr()).toMatch(/SIG(INT|TERM): stopping/);
    expect(cli.stderr()).not.toContain('exiting without waiting');
  });
});
