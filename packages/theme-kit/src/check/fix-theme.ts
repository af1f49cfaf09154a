/**
 * `theme-kit check --fix`: applies the safe fixes of the checks on disk, then checks again, until no safe
 * fix is left (fixes that touch the same place wait for the next round, made on the files as they then are).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LineIndex } from '@commerce-kit/internal/line-index';
import type { ThemeDiagnostic, ThemeFix } from '../diagnostics.js';
import { checkTheme, type CheckThemeOptions } from './check-theme.js';
import { applyTextEdits } from './fixes.js';
import type { CheckThemeResult } from './run.js';

/** A fix applied: the file, the line, what it did, and the code of the diagnostic it fixed. */
export interface AppliedFix {
  readonly file: string;
  readonly line: number;
  readonly title: string;
  readonly code: ThemeDiagnostic['code'];
}

/** What {@link fixTheme} did, and the check of the theme afterwards. */
export interface FixThemeResult {
  readonly applied: readonly AppliedFix[];
  readonly result: CheckThemeResult;
}

/** Rounds at most (each fix removes a diagnostic, so a theme needs as many as fixes at one place). */
const MAX_ROUNDS = 20;

interface Chosen {
  readonly diagnostic: ThemeDiagnostic;
  readonly fix: ThemeFix;
}

/** The safe fixes of `diagnostics` that touch no place another chosen fix touches. */
function choose(diagnostics: readonly ThemeDiagnostic[]): Chosen[] {
  const chosen: Chosen[] = [];
  const touched = new Map<string, Array<[number, number, number, number]>>();
  const created = new Set<string>();
  const overlaps = (file: string, span: [number, number, number, number]): boolean =>
    (touched.get(file) ?? []).some(([l1, c1, l2, c2]) => {
      const startsBeforeEnd = span[0] < l2 || (span[0] === l2 && span[1] <= c2);
      const endsAfterStart = span[2] > l1 || (span[2] === l1 && span[3] >= c1);
      return startsBeforeEnd && endsAfterStart;
    });
  for (const diagnostic of diagnostics) {
    const fix = diagnostic.fixes?.find((f) => f.safe);
    if (!fix) continue;
    const spans = fix.edits.map((e) => [e.file, [e.line, e.column, e.endLine, e.endColumn]] as const);
    if (spans.some(([file, span]) => overlaps(file, [...span]) || created.has(file))) continue;
    if ((fix.createFiles ?? []).some((f) => created.has(f.file) || touched.has(f.file))) continue;
    for (const [file, span] of spans) touched.set(file, [...(touched.get(file) ?? []), [...span]]);
    for (const f of fix.createFiles ?? []) created.add(f.file);
    chosen.push({ diagnostic, fix });
  }
  return chosen;
}

async function apply(fixes: readonly Chosen[]): Promise<AppliedFix[]> {
  const applied: AppliedFix[] = [];
  const byFile = new Map<string, ThemeFix['edits'][number][]>();
  for (const { fix } of fixes)
    for (const edit of fix.edits) byFile.set(edit.file, [...(byFile.get(edit.file) ?? []), edit]);
  for (const [file, edits] of byFile) {
    const text = await readFile(file, 'utf8');
    const index = new LineIndex(text);
    await writeFile(
      file,
      applyTextEdits(text, edits, (line, column) =>
        Math.min(index.lineStart(line, text.length) + column - 1, text.length),
      ),
    );
  }
  for (const { diagnostic, fix } of fixes) {
    for (const create of fix.createFiles ?? []) {
      await mkdir(path.dirname(create.file), { recursive: true });
      // Never over a file that appeared since the check.
      await writeFile(create.file, create.text, { flag: 'wx' }).catch(() => undefined);
    }
    const first = fix.edits[0];
    applied.push({
      file: first?.file ?? fix.createFiles?.[0]?.file ?? diagnostic.file ?? '',
      line: first?.line ?? 1,
      title: fix.title,
      code: diagnostic.code,
    });
  }
  return applied;
}

/**
 * Applies every safe fix of the theme's diagnostics on disk and checks it again.
 * @example
 * ```ts
 * const { applied, result } = await fixTheme({ theme: './my-theme' });
 * ```
 */
export async function fixTheme(options: CheckThemeOptions = {}): Promise<FixThemeResult> {
  const applied: AppliedFix[] = [];
  let result = await checkTheme(options);
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const chosen = choose(result.diagnostics);
    if (chosen.length === 0) break;
    applied.push(...(await apply(chosen)));
    result = await checkTheme(options);
  }
  return { applied, result };
}
