import type { BrowserContext, BrowserType, Page } from 'playwright-core';

/** Where Debian's package installs Chromium. */
export declare const CHROMIUM: string;
/** Flags for a headless run on a machine with a closed network. */
export declare const CHROMIUM_FLAGS: readonly string[];
/** Whether Chromium is installed here. */
export declare function chromiumAvailable(): boolean;
/** Whether browser tests run: Chromium is there, or we are in CI (where its absence must fail the test). */
export declare function runBrowserTests(): boolean;
/** Chromium with a fresh browser context; `close()` closes the browser. */
export declare function launchChromium(
  chromium: BrowserType,
): Promise<{ readonly context: BrowserContext; close(): Promise<void> }>;
/** Submits `#form0` … `#form<count - 1>`, each into its frame `f<i>`; resolves once every frame has loaded. */
export declare function submitFormsIntoFrames(page: Page, count: number): Promise<void>;
