// Debian's Chromium for browser tests, driven by playwright-core (never a downloaded browser). `.ci/run`
// installs it with apt-get; on a machine without it, `describeWithChromium` skips with the reason (and
// fails under CI, where it must be there).
import { existsSync } from 'node:fs';

/** Where Debian's package installs it. */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * Flags for a headless run on a machine with a closed network: without the background-networking ones,
 * Chromium keeps trying to reach Google's services.
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Whether Chromium is installed here. */
export const chromiumAvailable = () => existsSync(CHROMIUM);

/** Whether browser tests run: Chromium is there, or we are in CI (where its absence must fail the test). */
export const runBrowserTests = () => chromiumAvailable() || Boolean(process.env.CI);

/** @type {Promise<import('playwright-core').Browser> | undefined} */
let running;

/**
 * A fresh browser context (its own cookies and storage) in this process's Chromium, launched on first use.
 * The test files of a worker share the browser: a launch is about 3.5 s of CPU, and a context a fraction of
 * that. `close()` closes the context; the browser ends with the process (Playwright closes it on exit, and
 * Chromium quits when its pipe to Playwright closes).
 * @param {typeof import('playwright-core').chromium} chromium playwright-core's `chromium`
 */
export async function launchChromium(chromium) {
  if (!chromiumAvailable()) throw new Error(`${CHROMIUM} is missing (.ci/run installs it with apt-get)`);
  running ??= chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
  let browser;
  try {
    browser = await running;
  } catch (error) {
    running = undefined;
    throw error;
  }
  if (!browser.isConnected()) {
    running = undefined;
    return launchChromium(chromium);
  }
  const context = await browser.newContext();
  return { context, close: () => context.close() };
}
