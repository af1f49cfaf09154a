/**
 * The first diagnostics of documents just opened, before the whole theme is checked (on a theme of a few
 * hundred files that check takes most of a second): `theme-kit check`'s own checks over the opened Liquid
 * files and the snippets they may render, keeping only the diagnostics such a check finds exactly as the
 * whole theme's check does. Everything that depends on other files (snippets that exist, regions and
 * menus across templates, the config files) waits for the whole theme's check, which publishes the rest:
 * a document may first show fewer diagnostics than it has, never one it does not have.
 */
import path from 'node:path';
import { checkSnapshot } from '../check/run.js';
import type { ThemeDiagnostic } from '../diagnostics.js';
import { LIQUID_EXTENSION, liquidPath } from '../theme/files.js';
import type { ThemeSnapshot } from '../workspace/snapshot.js';
import { WORKER_FILE_LENGTH } from './check-runner.js';

/** Checks whose diagnostics in a Liquid file follow from that file alone (and the contract). */
const FILE_CODES: ReadonlySet<string> = new Set(['liquid-syntax', 'not-analysed', 'unknown-filter', 'unknown-tag']);

/**
 * In a template or block template (which no other file renders), also the objects: its analysis follows
 * the snippets it renders, and no other file's analysis reports a place in it. A snippet's objects depend
 * on every `render` of it, a layout's on the templates that use it: they wait.
 */
const PAGE_CODES: ReadonlySet<string> = new Set([...FILE_CODES, 'unknown-object']);

/** The codes the first check publishes for a theme-relative path. */
export const firstCodes = (relative: string): ReadonlySet<string> =>
  relative.startsWith('templates/') || relative.startsWith('blocks/') ? PAGE_CODES : FILE_CODES;

/** Quoted names in a Liquid source: every name a `render` or `include` of a literal snippet can hold. */
const QUOTED = /'([^'\n]+)'|"([^"\n]+)"/g;

/** The file a snippet name stands for, as the renderer resolves it (`card` and `card.liquid` alike). */
const snippetPath = (name: string): string =>
  name.endsWith(LIQUID_EXTENSION) ? `snippets/${name}` : liquidPath('snippets', name);

/** The first diagnostics of the opened documents. */
export interface FirstDiagnostics {
  /** The part of the theme checked: the opened files, the snippets they may render, every config file. */
  readonly snapshot: ThemeSnapshot;
  /** The opened files checked (absolute paths): each gets its diagnostics, none when it has none. */
  readonly files: readonly string[];
  /** Their diagnostics of {@link firstCodes}, as the whole theme's check reports them, in its order. */
  readonly diagnostics: readonly ThemeDiagnostic[];
}

/**
 * Checks the opened Liquid files of `snapshot` (theme-relative paths) with the snippets they may render:
 * every snippet named by a quoted string in them, transitively (more than they render is harmless). Undefined
 * when none of them is a Liquid file of the theme, or when one of the files is long enough to be checked
 * off the server's thread (the whole theme's check does it there).
 */
export function checkOpenedFirst(snapshot: ThemeSnapshot, opened: Iterable<string>): FirstDiagnostics | undefined {
  const files = new Map<string, string>();
  const pending: string[] = [];
  const add = (relative: string): void => {
    const text = snapshot.files.get(relative);
    if (text === undefined || files.has(relative)) return;
    files.set(relative, text);
    pending.push(text);
  };
  for (const relative of opened) add(relative);
  const checked = [...files.keys()];
  if (checked.length === 0) return undefined;
  for (let text = pending.pop(); text !== undefined; text = pending.pop()) {
    if (text.length >= WORKER_FILE_LENGTH) return undefined;
    for (const match of text.matchAll(QUOTED)) add(snippetPath(match[1] ?? match[2] ?? ''));
  }
  const part: ThemeSnapshot = { ...snapshot, files };
  const codes = new Set(checked.flatMap((relative) => [...firstCodes(relative)]));
  const wanted = new Map(checked.map((relative) => [path.join(snapshot.root, relative), firstCodes(relative)]));
  const { diagnostics } = checkSnapshot(part, { only: codes });
  return {
    snapshot: part,
    files: [...wanted.keys()],
    diagnostics: diagnostics.filter((d) => d.file !== undefined && wanted.get(d.file)?.has(d.code) === true),
  };
}
