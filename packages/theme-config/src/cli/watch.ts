/**
 * `validate --watch`: the full report once, then, after each burst of changes in the directory
 * (debounced: editors write a file in several steps), only what changed: new problems as report lines,
 * fixed ones prefixed `fixed`, and the summary line. Ends when the user interrupts (Ctrl-C).
 */
import { watch, type FSWatcher } from 'node:fs';
import { createColors } from 'picocolors';
import { systemClock, type Clock } from '@commerce-kit/internal/clock';
import { useColor } from '@commerce-kit/internal/cli/color';
import { EXIT, type CliIO } from '@commerce-kit/internal/cli/io';
import { diagnosticLine, formatText } from '@commerce-kit/internal/cli/report';
import { summarize, summaryLine } from '@commerce-kit/internal/cli/report-summary';
import type { Diagnostic } from '../diagnostics.js';
import { checkThemeDir, themeDirOf, type CheckOptions, type DirCheck } from './check-dir.js';
import { THEME_CONFIG_TOOL } from './report-tool.js';

/** Quiet time after the last change before validating again. */
const DEBOUNCE_MS = 150;

/** A diagnostic's identity across edits: not its line and column, which move when lines are added above it. */
const identity = (d: Diagnostic): string => [d.file, d.severity, d.code, d.pointer, d.message].join('\u0000');

/** The lines for what changed between two checks; empty when nothing did. */
export function describeChanges(before: DirCheck, after: DirCheck, color: boolean): string {
  const c = createColors(color);
  const previous = new Set(before.result.diagnostics.map(identity));
  const current = new Set(after.result.diagnostics.map(identity));
  const added = after.result.diagnostics.filter((d) => !previous.has(identity(d)));
  const fixed = before.result.diagnostics.filter((d) => !current.has(identity(d)));
  if (added.length === 0 && fixed.length === 0 && before.files === after.files) return '';
  const files = new Set(after.result.diagnostics.map((d) => d.file)).size;
  return [
    ...added.map((d) => diagnosticLine(d, c)),
    ...fixed.map((d) => `${c.green('fixed')} ${diagnosticLine(d, createColors(false))}`),
    summaryLine(THEME_CONFIG_TOOL, summarize(after.result.diagnostics, after.files), files, c),
    '',
  ].join('\n');
}

/** Resolves at the next change event, or when `signal` aborts. */
function nextChange(watcher: FSWatcher, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      watcher.off('change', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    watcher.on('change', done);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Runs watch mode until `io.interrupted` aborts; resolves to the exit code. `program` starts its messages. */
export async function watchThemeDir(
  io: CliIO,
  options: CheckOptions,
  program: string,
  clock: Clock = systemClock,
): Promise<number> {
  const color = useColor(io.stdout, io.env);
  let previous = await checkThemeDir(io, options);
  io.stdout.write(
    formatText(
      THEME_CONFIG_TOOL,
      previous.result.diagnostics,
      summarize(previous.result.diagnostics, previous.files),
      color,
    ),
  );
  const dir = themeDirOf(io, options);
  let watcher: FSWatcher;
  try {
    watcher = watch(dir, { persistent: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    io.stderr.write(`${program} validate: cannot watch ${options.configDir ?? '.'} (${code})\n`);
    return EXIT.INVALID;
  }
  const signal = io.interrupted ?? new AbortController().signal;
  let failure: NodeJS.ErrnoException | undefined;
  const stop = new AbortController();
  const onAbort = (): void => stop.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  watcher.on('error', (error: NodeJS.ErrnoException) => {
    failure = error;
    stop.abort();
  });
  let dirty = false;
  watcher.on('change', () => {
    dirty = true;
  });
  io.stdout.write(`Watching ${options.configDir ?? '.'} for changes; press Ctrl-C to stop.\n`);
  try {
    while (!stop.signal.aborted) {
      if (!dirty) await nextChange(watcher, stop.signal);
      // Debounce: wait until the directory has been quiet for a moment.
      do {
        dirty = false;
        await clock.sleep(DEBOUNCE_MS, stop.signal).catch(() => undefined);
      } while (dirty && !stop.signal.aborted);
      if (stop.signal.aborted) break;
      const next = await checkThemeDir(io, options);
      io.stdout.write(describeChanges(previous, next, color));
      previous = next;
    }
  } finally {
    watcher.close();
    signal.removeEventListener('abort', onAbort);
  }
  if (failure) {
    io.stderr.write(
      `${program} validate: stopped watching ${options.configDir ?? '.'} (${failure.code ?? failure.message})\n`,
    );
    return EXIT.INVALID;
  }
  return EXIT.OK;
}
