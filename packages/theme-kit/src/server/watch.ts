/**
 * Watching a theme for changes: the theme directory itself (config files, folders appearing), each of
 * its folders and their subfolders, and the config directory. Changes are batched until the files have
 * been quiet for a moment (editors write a file in several steps), then reported as one list of paths.
 *
 * Every folder has a watcher of its own rather than one recursive watcher per tree: Node's recursive
 * watching on Linux follows the files it found, so a file an editor saves by writing a copy and renaming
 * it over the original (an "atomic save") is seen once, and never again.
 */
import { readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import type { Clock } from '@commerce-kit/internal/clock';
import { ASSETS_FOLDER, LIQUID_FOLDERS } from '../theme/files.js';

/**
 * Quiet time after the last event before a batch is reported: long enough for an editor's save in several
 * steps (truncate and write, write a copy and rename it) to arrive as one batch, short beside the rest of a
 * save's way to the screen (was 25 ms; a save's steps arrive within a few milliseconds of each other).
 */
export const DEBOUNCE_MS = 15;

const WATCHED_FOLDERS: readonly string[] = [...LIQUID_FOLDERS, ASSETS_FOLDER];

/** Options of {@link watchTheme}. */
export interface WatchOptions {
  readonly dir: string;
  readonly configDir: string;
  readonly clock: Clock;
  /** Called with the changed paths (absolute), once per quiet batch. */
  readonly onChange: (files: readonly string[]) => void;
  /** Called when watching fails (the directory was removed, too many watchers). */
  readonly onError: (error: Error) => void;
}

/** Stops watching. */
export type StopWatching = () => void;

/** Watches the theme; returns the function that stops it. */
export function watchTheme(options: WatchOptions): StopWatching {
  const watchers = new Map<string, FSWatcher>();
  const pending = new Set<string>();
  let timer: AbortController | undefined;
  let stopped = false;

  const flush = (): void => {
    if (stopped || pending.size === 0) return;
    const files = [...pending];
    pending.clear();
    options.onChange(files);
  };

  const schedule = (): void => {
    timer?.abort();
    const controller = new AbortController();
    timer = controller;
    options.clock.sleep(DEBOUNCE_MS, controller.signal).then(flush, () => undefined);
  };

  const isFolder = (file: string): boolean => statSync(file, { throwIfNoEntry: false })?.isDirectory() === true;

  /** Watches `dir` and every folder under it. */
  const addTree = (dir: string): void => {
    add(dir, true);
    let entries: string[] = [];
    try {
      entries = readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name);
    } catch {
      return; // gone already: watched again when it appears
    }
    for (const name of entries) addTree(path.join(dir, name));
  };

  /** @param inTree whether `dir` is one of the theme's folders (or under one): its new subfolders are watched too */
  const add = (dir: string, inTree: boolean): void => {
    if (watchers.has(dir) || stopped) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, { persistent: true });
    } catch {
      return; // a folder that does not exist yet is watched when it appears
    }
    watcher.on('change', (_event, name) => {
      const file = path.join(dir, name === null ? '' : String(name));
      if (name !== null && (inTree || WATCHED_FOLDERS.includes(String(name))) && isFolder(file)) {
        // A folder created (or deleted and created again) after the start: watch the new one.
        watchers.get(file)?.close();
        watchers.delete(file);
        addTree(file);
      }
      pending.add(file);
      schedule();
    });
    watcher.on('error', (error) => {
      watcher.close();
      watchers.delete(dir);
      if (!stopped && dir === options.dir) options.onError(error);
    });
    watchers.set(dir, watcher);
  };

  add(options.dir, false);
  for (const folder of WATCHED_FOLDERS) addTree(path.join(options.dir, folder));
  if (path.resolve(options.configDir) !== path.resolve(options.dir)) add(options.configDir, false);

  return () => {
    stopped = true;
    timer?.abort();
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
  };
}
