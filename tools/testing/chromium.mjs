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

/**
 * Chromium with a fresh browser context (its own cookies and storage); `close()` closes the browser. One
 * browser per test file, not one per worker process: a browser that outlives its file is never closed
 * (vitest ends a worker with SIGTERM), and Playwright removes its temporary profile only on close.
 * @param {typeof import('playwright-core').chromium} chromium playwright-core's `chromium`
 */
export async function launchChromium(chromium) {
  if (!chromiumAvailable()) throw new Error(`${CHROMIUM} is missing (.ci/run installs it with apt-get)`);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext();
    return { context, close: () => browser.close() };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/**
 * Submits the page's forms `#form0` … `#form<count - 1>`, each into its own frame (`iframe[name=f<i>]`), as an
 * attack page posts across sites, and resolves once every frame has loaded its answer.
 * @param {import('playwright-core').Page} page
 * @param {number} count
 */
export async function submitFormsIntoFrames(page, count) {
  await page.evaluate(async (n) => {
    await Promise.all(
      Array.from({ length: n }, (_, i) => {
        const frame = /** @type {HTMLIFrameElement} */ (document.querySelector(`iframe[name=f${i}]`));
        const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
        /** @type {HTMLFormElement} */ (document.querySelector(`#form${i}`)).submit();
        return loaded;
      }),
    );
  }, count);
}
