/**
 * `theme-kit console`: a Liquid read-eval-print loop on the mock store, with the objects of one page (the
 * `--url`). Each entry is rendered as a template of its own (`{{ store.storeName | upcase }}`, a tag, or a
 * bare expression, read as `{{ ... }}`); what `assign` and `capture` set stays for the next entries. A
 * block tag left open (`{% for p in category.products %}`) continues on the next lines until it closes.
 * On a terminal: line editing, the session's history, and Tab completion of objects (and their fields),
 * filters after `|` and tags after `{%`. From a pipe: each entry's output, then the end of the input ends it.
 */
import { createInterface, type Completer } from 'node:readline';
import type { ThemeData } from '../context/build.js';
import type { ThemeDiagnostic } from '../diagnostics.js';
import { ThemeRenderError } from '../errors.js';
import { CONTRACT_FILTERS, CONTRACT_TAGS, PAGE_OBJECTS } from '../render/contract.js';
import type { ThemeRenderer } from '../render/renderer.js';
import { resolveRoute } from '../render/routes.js';
import { codeFrame } from '../server/frame.js';

/** The file name an entry's diagnostics carry. */
export const CONSOLE_FILE = '<console>';

/** Options of {@link runConsole}. */
export interface ConsoleOptions {
  readonly renderer: ThemeRenderer;
  readonly data: ThemeData;
  /** The page whose objects the entries see (path and query). */
  readonly url: string;
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream;
  /** Where errors go (the output when absent). */
  readonly errors?: NodeJS.WritableStream | undefined;
  /** A terminal: prompts, line editing, history, completion. */
  readonly terminal: boolean;
  /** Prints one diagnostic (the CLI's report line). */
  readonly formatDiagnostic: (d: ThemeDiagnostic) => string;
}

/** How a console session ended. */
export interface ConsoleResult {
  /** Entries evaluated. */
  readonly entries: number;
  /** Entries that failed. */
  readonly failed: number;
}

const OPEN_BLOCK = /not closed|unexpected end|missing end/i;

/** An entry as a template: a bare expression is read as `{{ ... }}`. */
export function entrySource(entry: string): string {
  return /\{\{|\{%/.test(entry) ? entry : `{{ ${entry} }}`;
}

/** The names completing `line` at its end (readline's completer). */
export function completions(line: string, scope: Record<string, unknown>): [string[], string] {
  const tag = /\{%-?\s*(\w*)$/.exec(line);
  if (tag) {
    const word = tag[1] ?? '';
    return [[...CONTRACT_TAGS].filter((name) => name.startsWith(word)).sort(), word];
  }
  const filter = /\|\s*(\w*)$/.exec(line);
  if (filter) {
    const word = filter[1] ?? '';
    return [[...CONTRACT_FILTERS].filter((name) => name.startsWith(word)).sort(), word];
  }
  const path = /([A-Za-z_][\w-]*(?:\.[\w-]+)*)\.([\w-]*)$/.exec(line);
  if (path) {
    // Fields of an object: `store.` -> store.storeName, store.currency, ...
    let value: unknown = scope;
    for (const key of (path[1] ?? '').split('.')) {
      value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    }
    if (Array.isArray(value)) value = { first: value[0], last: value.at(-1), size: value.length };
    if (value === null || typeof value !== 'object') return [[], path[2] ?? ''];
    const word = path[2] ?? '';
    const prefix = `${path[1]}.`;
    return [
      Object.keys(value)
        .filter((key) => key.startsWith(word))
        .sort()
        .map((key) => `${prefix}${key}`),
      `${prefix}${word}`,
    ];
  }
  const name = /([A-Za-z_][\w-]*)$/.exec(line)?.[1] ?? '';
  const names = new Set([...PAGE_OBJECTS, ...Object.keys(scope)]);
  return [[...names].filter((n) => n.startsWith(name)).sort(), name];
}

/** Runs the loop until the input ends; resolves with what it did. */
export async function runConsole(options: ConsoleOptions): Promise<ConsoleResult> {
  const { renderer, data, url, output, terminal } = options;
  const errors = options.errors ?? output;
  const resolved = resolveRoute(url, data);
  const pageObjects: Record<string, unknown> = resolved.found ? { ...resolved.context } : {};
  const variables: Record<string, unknown> = {};
  const completer: Completer = (line) => completions(line, { ...pageObjects, ...variables });
  const rl = createInterface({
    input: options.input,
    output: terminal ? output : undefined,
    terminal,
    ...(terminal ? { completer, historySize: 1000, prompt: 'liquid> ' } : {}),
  });
  let entries = 0;
  let failed = 0;
  let pending = '';
  let line = 0;
  let startLine = 1;

  const report = (error: unknown, source: string): void => {
    failed += 1;
    const diagnostics: readonly ThemeDiagnostic[] =
      error instanceof ThemeRenderError
        ? error.diagnostics
        : [
            {
              severity: 'error',
              code: 'liquid-render',
              message: error instanceof Error ? error.message : String(error),
              pointer: '',
            },
          ];
    for (const d of diagnostics) {
      // Positions count the session's lines, as a file would.
      const shown: ThemeDiagnostic =
        d.file === CONSOLE_FILE && d.line !== undefined ? { ...d, line: d.line + startLine - 1 } : d;
      errors.write(`${options.formatDiagnostic(shown)}\n`);
      if (d.file === CONSOLE_FILE && d.line !== undefined) {
        const frame = codeFrame(source, d.line, d.column ?? 1);
        if (frame) errors.write(`${frame.replace(/^/gm, '    ')}\n`);
      }
    }
  };

  const evaluate = async (text: string, final: boolean): Promise<void> => {
    const source = entrySource(text);
    try {
      const out = await renderer.renderSource(source, CONSOLE_FILE, url, data, variables);
      entries += 1;
      pending = '';
      if (out !== '') output.write(out.endsWith('\n') ? out : `${out}\n`);
    } catch (error) {
      const open =
        !final && error instanceof ThemeRenderError && error.diagnostics.some((d) => OPEN_BLOCK.test(d.message));
      if (open) {
        pending = text; // a block still open: read on
        return;
      }
      entries += 1;
      pending = '';
      report(error, source);
    }
  };

  const prompt = (): void => {
    if (!terminal) return;
    rl.setPrompt(pending === '' ? 'liquid> ' : '...     ');
    rl.prompt();
  };

  if (terminal) {
    output.write(
      `Liquid on the mock store, with the objects of ${url}: ${PAGE_OBJECTS.filter((name) => name in pageObjects).join(', ')}.\n` +
        'Type {{ ... }}, a tag, or an expression; Tab completes; Ctrl-D ends.\n',
    );
  }
  prompt();
  // Entries are evaluated one after the other, in the order they were typed (or piped).
  let chain = Promise.resolve();
  rl.on('line', (text) => {
    chain = chain.then(async () => {
      line += 1;
      if (pending === '') {
        if (text.trim() === '') {
          prompt();
          return;
        }
        startLine = line;
        await evaluate(text, false);
      } else await evaluate(`${pending}\n${text}`, false);
      prompt();
    });
  });
  await new Promise<void>((resolve) => rl.once('close', resolve));
  await chain;
  if (pending !== '') await evaluate(pending, true);
  if (terminal) output.write('\n');
  return { entries, failed };
}
