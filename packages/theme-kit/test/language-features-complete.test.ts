import { describe, expect, it } from 'vitest';
import type { CompletionItem } from 'vscode-languageserver';
import { complete, createLanguageContext } from '../src/language/index.js';
import { starterTheme } from '../src/starter/files.js';
import type { ThemeSnapshot } from '../src/workspace/snapshot.js';

const ROOT = '/themes/shop';

/** A snapshot from theme-relative paths -> texts: `*.stk.config.json` are config files, `assets/` assets. */
function snapshot(entries: Iterable<readonly [string, string | Uint8Array]>): ThemeSnapshot {
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

/** Completes at the `|` marker of `source` (removed) in `rel`, over the starter theme plus the file. */
function completeAt(rel: string, source: string, extra: Record<string, string> = {}): CompletionItem[] {
  const offset = source.indexOf('|^|');
  const text = source.replace('|^|', '');
  const before = text.slice(0, offset).split('\n');
  const theme = snapshot([...starterTheme(), ...Object.entries(extra), [rel, text]]);
  const ctx = createLanguageContext(theme);
  return complete(ctx, `${ROOT}/${rel}`, { line: before.length - 1, character: before.at(-1)!.length });
}

const labels = (items: CompletionItem[]): string[] => items.map((item) => item.label);

describe('completion in Liquid', () => {
  it('completes the store object', () => {
    const items = completeAt('templates/index.liquid', '<h1>{{ store.|^| }}</h1>');
    expect(labels(items)).toContain('storeName');
    const name = items.find((item) => item.label === 'storeName')!;
    expect(name.detail).toBe('string');
    expect(name.textEdit).toEqual({
      range: { start: { line: 0, character: 13 }, end: { line: 0, character: 13 } },
      newText: 'storeName',
    });
  });
});
