/**
 * `@commerce-kit/sandbox/testing`: helpers for your own tests.
 *
 * - `useSandbox(hooks, options)`: one sandbox per test file, reset before each test, closed after the
 *   last; works with vitest, Jest and node:test (you pass the runner's hooks).
 * - `ManualClock`: a `Clock` that moves only when told; pass it as `startSandbox({ clock })` and advance
 *   it to expire codes and tokens, refill the rate limit or run webhook retries without waiting.
 *
 * @packageDocumentation
 */
import { ManualClock as BaseManualClock } from '@commerce-kit/internal/manual-clock';
import { SandboxConfigurationError, SandboxError } from '../errors.js';
import type { SandboxOptions } from '../options.js';
import { startSandbox, type Sandbox } from '../sandbox.js';

/**
 * A `Clock` that moves only when told: `now()` stays put and `sleep()` resolves when
 * {@link ManualClock.advance} or {@link ManualClock.set} passes its deadline. Misuse (an invalid
 * instant, a negative advance) throws `SandboxConfigurationError`.
 */
export class ManualClock extends BaseManualClock {
  protected override misuse(message: string): Error {
    return new SandboxConfigurationError(message);
  }
}

/**
 * The lifecycle hooks of your test runner. vitest and Jest: `{ beforeAll, beforeEach, afterAll }`;
 * node:test: `{ beforeAll: before, beforeEach, afterAll: after }`.
 */
export interface TestHooks {
  readonly beforeAll: (fn: () => Promise<void>) => unknown;
  readonly beforeEach: (fn: () => Promise<void>) => unknown;
  readonly afterAll: (fn: () => Promise<void>) => unknown;
}

/**
 * Starts one sandbox for the test file (in `beforeAll`, on a free port unless `options.port` says
 * otherwise), resets it before each test (seeded data back; faults, webhook mode and the contract report
 * cleared; the app's tokens kept) and closes it after the last. The returned object is that sandbox:
 * use it inside tests and hooks (reading it at the top level of the file, before `beforeAll` ran, throws
 * a `SandboxError` saying so).
 */
export function useSandbox(hooks: TestHooks, options?: SandboxOptions): Sandbox {
  for (const name of ['beforeAll', 'beforeEach', 'afterAll'] as const) {
    if (typeof hooks?.[name] !== 'function') {
      throw new SandboxConfigurationError(`useSandbox: hooks.${name} must be your test runner's ${name} function`);
    }
  }
  let running: Sandbox | undefined;
  const current = (): Sandbox => {
    if (running === undefined)
      throw new SandboxError('useSandbox: the sandbox starts in beforeAll; use it inside a test or a hook');
    return running;
  };
  hooks.beforeAll(async () => {
    running = await startSandbox({ port: 0, ...options });
  });
  hooks.beforeEach(async () => {
    await current().reset();
  });
  hooks.afterAll(async () => {
    const sandbox = running;
    running = undefined;
    await sandbox?.close();
  });
  // Every property is read from the running sandbox at the time of use, whatever the Sandbox interface holds.
  return new Proxy({} as Sandbox, {
    // Not a promise: `await useSandbox(…)` or a matcher probing `then` must not need a started sandbox.
    get: (_target, property) => (property === 'then' ? undefined : Reflect.get(current(), property)),
  });
}
