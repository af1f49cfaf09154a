/** The shape of every check (as Theme Check's checks carry their `meta`). */
import type { CheckContext } from '../context.js';

/** One check: its code, its usual severity, what it reports, and how. */
export interface ThemeCheck<Code extends string = string> {
  /** The code of its diagnostics. */
  readonly code: Code;
  /** Its diagnostics' severity (before `strict`); some report an error where the page cannot render. */
  readonly severity: 'error' | 'warning';
  /** What it reports, in one sentence. */
  readonly description: string;
  /** Reports through `context.report`; reads the shared parses, never parses. */
  run(context: CheckContext): void;
}

/** A check, with its code as a literal type (so that the list of codes is derived from the checks). */
export const defineCheck = <Code extends string>(check: ThemeCheck<Code>): ThemeCheck<Code> => check;
