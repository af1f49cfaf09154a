// tools/testing/prism.mjs: a Prism that is missing, crashes or never gets ready fails with a clear
// message and promptly; a running one is always stopped, and never outlives the process that started it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolvePrismCli, startPrism, usePrismMock } from '../testing/prism.mjs';
import { waitFor } from '../testing/wait-for.mjs';

const fixture = (name) => fileURLToPath(new URL(`./fixtures/prism/${name}`, import.meta.url));
// A spec of one operation: the helper's behaviour does not depend on the spec (the packages' Prism tests
// run the real one), and Prism loads it in a fraction of the time.
const SPEC = fixture('small.yaml');
const HELPER = new URL('../testing/prism.mjs', import.meta.url).href;

const isRunning = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const waitUntilGone = (pid) => waitFor(() => !isRunning(pid), { message: `process ${pid} to exit` });

describe('startPrism', () => {
  it('finds the installed Prism CLI', () => {
    expect(resolvePrismCli()).toMatch(/@stoplight[\\/]prism-cli[\\/]dist[\\/]index\.js$/);
  });

  // Prism beside a stand-in that listens like it (a Prism start is about 2 s of CPU): the real one is
  // stopped, the other killed as a crash would.
  it('starts Prism on a free port, answers through it, and stops it; two run side by side; a crashed one says so', async () => {
    const [prism, other] = await Promise.all([
      startPrism({ specFile: SPEC }),
      startPrism({ specFile: SPEC, cli: fixture('listening-cli.cjs') }),
    ]);
    try {
      expect(prism.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(Number(new URL(prism.url).port)).toBeGreaterThan(0);
      expect(other.url).not.toBe(prism.url);
      const response = await prism.fetch('/customers', { headers: { authorization: 'Bearer t' } });
      expect(response.status).toBe(200);
      expect(prism.output()).toMatch(/GET \/customers|get \/customers/);
      // A Prism that crashes after starting makes the next request fail with a clear message.
      process.kill(other.pid, 'SIGKILL');
      await waitUntilGone(other.pid);
      await expect(other.fetch('/customers')).rejects.toThrow(
        /the Prism mock \(pid \d+\) was killed by SIGKILL; its last output:/,
      );
    } finally {
      await Promise.all([prism.stop(), other.stop()]);
    }
    await waitUntilGone(prism.pid);
    expect(() => prism.assertRunning()).toThrow(/the Prism mock \(pid \d+\) was killed by SIGTERM|exited with code/);
    await prism.stop(); // a second stop is harmless
  });

  it("a spec Prism cannot load fails the start with Prism's own message", async () => {
    await expect(startPrism({ specFile: fixture('no-such-spec.yaml') })).rejects.toThrow(
      /Prism exited with code 1 before it was ready \(spec .*no-such-spec\.yaml\); its last output:[\s\S]*ENOENT/,
    );
  });

  it('a CLI that crashes while starting fails the start with its exit code and output', async () => {
    await expect(startPrism({ specFile: SPEC, cli: fixture('crash-cli.cjs') })).rejects.toThrow(
      /Prism exited with code 3 before it was ready[\s\S]*fatal: cannot load the document/,
    );
  });

  it('a CLI that never gets ready fails after readyTimeoutMs instead of hanging, and is killed', async () => {
    const error = await startPrism({ specFile: SPEC, cli: fixture('silent-cli.cjs'), readyTimeoutMs: 500 }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toMatch(
      /Prism \(pid \d+\) did not start listening within 500 ms[\s\S]*it was stopped[\s\S]*\(no output\)/,
    );
    expect(isRunning(Number(/pid (\d+)/.exec(error.message)[1]))).toBe(false);
  });

  it('a missing CLI script fails the start with a clear message', async () => {
    await expect(startPrism({ specFile: SPEC, cli: fixture('missing-cli.js') })).rejects.toThrow(
      /Prism exited with code 1 before it was ready[\s\S]*missing-cli\.js/,
    );
  });

  // The parent writes its line itself: console.log colours a number under FORCE_COLOR (which nx sets for
  // a task run in a terminal), and the pid would not match. The stand-in CLI runs in the same child
  // (prism-child.mjs) as Prism would, and that child is what must go.
  it('Prism exits when the process that started it is killed (no afterAll ran)', async () => {
    const parent = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { startPrism } = await import(${JSON.stringify(HELPER)}); const p = await startPrism({ specFile: ${JSON.stringify(SPEC)}, cli: ${JSON.stringify(fixture('listening-cli.cjs'))} }); process.stdout.write(\`pid \${p.pid}\\n\`); setInterval(() => {}, 60_000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const pid = await new Promise((resolve, reject) => {
      let text = '';
      parent.stdout.on('data', (d) => {
        text += d;
        const match = /pid (\d+)/.exec(text);
        if (match) resolve(Number(match[1]));
      });
      parent.once('exit', (code) => reject(new Error(`the parent exited with ${code} before Prism started`)));
    });
    expect(isRunning(pid)).toBe(true);
    parent.kill('SIGKILL');
    await waitUntilGone(pid);
  });
});

describe('usePrismMock', () => {
  const prism = usePrismMock({ specFile: SPEC });

  it('runs one mock for the tests of a file, checking its own answers (--errors)', async () => {
    expect(isRunning(prism.pid)).toBe(true);
    const response = await prism.fetch('/customers', { headers: { authorization: 'Bearer t' } });
    expect(response.status).toBe(200);
    expect(prism.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });
});
