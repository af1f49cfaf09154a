/** In-memory themes for the editor features' tests (`src/language/`), which need no disk and no connection. */
import { pathToFileURL } from 'node:url';
import type { ThemeSnapshot } from '../../src/workspace/snapshot.js';

/** Where the in-memory theme pretends to be. */
export const ROOT = '/themes/shop';

/** The file URL of a theme-relative path. */
export const uri = (rel: string): string => pathToFileURL(`${ROOT}/${rel}`).href;

/** A snapshot from theme-relative paths -> texts: `*.stk.config.json` are config files, `assets/` assets. */
export function snapshot(entries: Iterable<readonly [string, string | Uint8Array]>): ThemeSnapshot {
  const files = new Map<string, string>();
  const assets: string[] = [];
  const configTexts = new Map<string, { file: string; text: string }>();
  for (const [rel, content] of entries) {
    if (rel.endsWith('.stk.config.json')) configTexts.set(rel, { file: `${ROOT}/${rel}`, text: String(content) });
    else if (rel.startsWith('assets/')) assets.push(rel.slice('assets/'.length));
    else files.set(rel, typeof content === 'string' ? content : new TextDecoder().decode(content));
  }
  return { root: ROOT, configDir: ROOT, files, assets: assets.sort(), configTexts };
}

/** The position of the `|^|` marker in `source`, and the text without it. */
export function marked(source: string): { text: string; line: number; character: number } {
  const offset = source.indexOf('|^|');
  const before = source.slice(0, offset).split('\n');
  return { text: source.replace('|^|', ''), line: before.length - 1, character: before.at(-1)!.length };
}
