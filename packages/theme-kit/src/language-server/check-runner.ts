/**
 * Where the checks run. A theme of ordinary files is checked in the server's thread (tens of milliseconds
 * after an edit); a theme holding a long file (a template of hundreds of kilobytes takes a second or more)
 * in a worker thread, started the first time one is needed, so that its checks never hold up completion or
 * hover. The worker runs the server's own built file; from sources, in a bundle without `import.meta.url`,
 * or when the worker fails, every check runs in the server's thread. Either way one {@link ParseCache} per
 * theme, so a run after an edit re-parses the edited file only.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { checkSnapshot, ParseCache } from '../check/run.js';
import type { ThemeDiagnostic } from '../diagnostics.js';
import type { ThemeSnapshot } from '../workspace/snapshot.js';

/** Runs the checks of snapshots, one theme (by root) after another. */
export interface CheckRunner {
  /** The diagnostics of `snapshot` (`theme-kit check`'s, in its order). */
  check(snapshot: ThemeSnapshot): Promise<readonly ThemeDiagnostic[]>;
  /** Stops the worker, if any. */
  close(): Promise<void>;
}

/** A theme with a file this long (UTF-16 code units) or longer is checked in the worker. */
export const WORKER_FILE_LENGTH = 100_000;

/** Whether `snapshot` holds a file long enough to check it off the server's thread. */
function isLong(snapshot: ThemeSnapshot): boolean {
  for (const text of snapshot.files.values()) if (text.length >= WORKER_FILE_LENGTH) return true;
  return false;
}

/** `workerData` of the checks' worker: what makes a module loaded in a worker serve checks. */
const WORKER_FLAG = 'theme-kit-checks';

type Request = { readonly id: number; readonly snapshot: ThemeSnapshot };
type Response =
  | { readonly id: number; readonly diagnostics: readonly ThemeDiagnostic[] }
  | { readonly id: number; readonly error: string };

/** Checks in this thread, one parse cache per theme root. */
function checksHere(): (snapshot: ThemeSnapshot) => readonly ThemeDiagnostic[] {
  const caches = new Map<string, ParseCache>();
  return (snapshot) => {
    let cache = caches.get(snapshot.root);
    if (cache === undefined) {
      cache = new ParseCache();
      caches.set(snapshot.root, cache);
    }
    return checkSnapshot(snapshot, { cache }).diagnostics;
  };
}

// Loaded as the checks' worker (the same built file as the server, see `workerRunner`): serve requests.
if (!isMainThread && parentPort !== null && (workerData as Record<string, unknown> | null)?.[WORKER_FLAG] === true) {
  const port = parentPort;
  const check = checksHere();
  port.on('message', ({ id, snapshot }: Request) => {
    let response: Response;
    try {
      response = { id, diagnostics: check(snapshot) };
    } catch (error) {
      response = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    port.postMessage(response);
  });
}

/** Checks in this thread. */
export function inThreadRunner(): CheckRunner {
  const check = checksHere();
  return { check: async (snapshot) => check(snapshot), close: async () => undefined };
}

/** The URL of this module's built file, when it is one a worker can load. */
function builtFile(): URL | undefined {
  try {
    const url = new URL(import.meta.url);
    return /\.[cm]?js$/.test(url.pathname) ? url : undefined;
  } catch {
    return undefined; // a CommonJS bundle without import.meta.url
  }
}

/**
 * Checks in this thread, and those of a theme with a long file in a worker thread running this module's
 * built file (started when first needed); when the worker cannot start or fails, the pending and later
 * checks run in this thread (`onFallback` says why).
 */
export function checkRunner(onFallback: (reason: string) => void): CheckRunner {
  const here = inThreadRunner();
  let offThread: CheckRunner | undefined;
  return {
    check(snapshot) {
      if (!isLong(snapshot)) return here.check(snapshot);
      offThread ??= workerRunner(here, onFallback);
      return offThread.check(snapshot);
    },
    close: async () => offThread?.close(),
  };
}

/** Checks in a worker thread, or in `here` when there is none. */
function workerRunner(here: CheckRunner, onFallback: (reason: string) => void): CheckRunner {
  const file = builtFile();
  if (file === undefined) return here;
  let worker: Worker | undefined;
  try {
    worker = new Worker(file, { workerData: { [WORKER_FLAG]: true } });
  } catch (error) {
    onFallback(error instanceof Error ? error.message : String(error));
    return here;
  }
  worker.unref();
  const pending = new Map<
    number,
    { snapshot: ThemeSnapshot; resolve: (d: readonly ThemeDiagnostic[]) => void; reject: (e: Error) => void }
  >();
  let nextId = 0;
  let failed = false;
  const fallBack = (reason: string): void => {
    if (failed) return;
    failed = true;
    onFallback(reason);
    void worker?.terminate().catch(() => undefined); // nothing is waiting on it any more
    worker = undefined;
    for (const [, request] of pending) here.check(request.snapshot).then(request.resolve, request.reject);
    pending.clear();
  };
  worker.on('message', (response: Response) => {
    const request = pending.get(response.id);
    if (request === undefined) return;
    pending.delete(response.id);
    if ('error' in response) request.reject(new Error(response.error));
    else request.resolve(response.diagnostics);
  });
  worker.on('error', (error) => fallBack(`the checks' worker failed: ${error.message}`));
  worker.on('exit', (code) => fallBack(`the checks' worker exited (${code})`));
  return {
    check(snapshot) {
      if (failed || worker === undefined) return here.check(snapshot);
      const id = nextId++;
      const target = worker;
      return new Promise((resolve, reject) => {
        pending.set(id, { snapshot, resolve, reject });
        target.postMessage({ id, snapshot } satisfies Request);
      });
    },
    async close() {
      failed = true;
      await worker?.terminate();
    },
  };
}
