/**
 * One parse of one Liquid source: LiquidJS's syntax tree, what it uses, and every syntax error. A source
 * too large to analyse in the time an editor allows, or not text at all, is not parsed: it gets one
 * diagnostic saying so.
 */
import { Tokenizer, type Liquid, type Template, type TopLevelToken } from 'liquidjs';
import type { ThemeDiagnostic } from '../diagnostics.js';
import type { ThemeRenderer } from '../render/renderer.js';
import type { Positions } from './positions.js';
import { recoverSyntaxErrors } from './recover.js';
import { walkTemplates, type TemplateUses } from './walk.js';

/** The largest Liquid source analysed (characters): about 2 MB, a few seconds at most. */
export const MAX_ANALYSED_LENGTH = 2_000_000;

/** A parsed source; positions are the source's own (1-based), `file` unset on the errors. */
export interface ParsedLiquid {
  /** The source parsed. */
  readonly text: string;
  /** The syntax tree, when the source parses. */
  readonly templates: Template[] | undefined;
  /** What the source uses, when it parses. */
  readonly uses: TemplateUses | undefined;
  /** Every syntax error (empty when it parses). */
  readonly errors: readonly ThemeDiagnostic[];
  /** Why the source was not analysed (too large, not text), when it was not. */
  readonly notAnalysed?: string;
}

/**
 * LiquidJS's token list, taken from the front in constant time. LiquidJS's parser takes each token with
 * `Array#shift`, which moves the whole rest of a large array: a template of 100,000 tokens took seconds
 * for that alone (quadratic). Its tags read only `shift()` and `length` of the list.
 */
class TokenQueue {
  readonly #tokens: Array<TopLevelToken | undefined>;
  #head = 0;

  constructor(tokens: TopLevelToken[]) {
    this.#tokens = tokens;
  }

  get length(): number {
    return this.#tokens.length - this.#head;
  }

  shift(): TopLevelToken | undefined {
    if (this.#head >= this.#tokens.length) return undefined;
    const token = this.#tokens[this.#head];
    this.#tokens[this.#head] = undefined; // parsed: no longer held here
    this.#head += 1;
    return token;
  }
}

/** `liquid.parse(text, file)`, in time linear in the number of tokens. */
export function parseTemplates(liquid: Liquid, text: string, file: string): Template[] {
  const { options } = liquid;
  const tokens = new Tokenizer(text, options.operators, file, undefined, options.groupedExpressions).readTopLevelTokens(
    options,
  );
  return liquid.parser.parseTokens(new TokenQueue(tokens) as unknown as TopLevelToken[]);
}

/** Why `text` is not analysed, or undefined. */
function notAnalysable(text: string): string | undefined {
  if (text.length > MAX_ANALYSED_LENGTH)
    return `it holds ${text.length.toLocaleString('en')} characters, more than the ${MAX_ANALYSED_LENGTH.toLocaleString('en')} the checks analyse`;
  if (text.includes('\u0000')) return 'it holds NUL characters: it is not a text file';
  if (text.includes('\uFFFD')) return 'it is not UTF-8 text';
  return undefined;
}

/**
 * Parses `text` (named `file` in LiquidJS's tokens, so that its analysis can tell its variables from a
 * rendered snippet's).
 */
export function parseLiquid(
  renderer: ThemeRenderer,
  file: string,
  text: string,
  positions: Positions,
  fragments?: Map<string, readonly ThemeDiagnostic[]>,
): ParsedLiquid {
  const reason = notAnalysable(text);
  if (reason !== undefined) return { text, templates: undefined, uses: undefined, errors: [], notAnalysed: reason };
  let templates: Template[];
  try {
    templates = parseTemplates(renderer.liquid, text, file);
  } catch (error) {
    // Per tag, every error; LiquidJS's own (the first) only when the tags alone show nothing wrong.
    const recovered = recoverSyntaxErrors(renderer.liquid, text, (e) => renderer.diagnose(e), positions, fragments);
    const errors = recovered.length > 0 ? recovered : renderer.diagnose(error).map(({ file: _file, ...d }) => d);
    return { text, templates: undefined, uses: undefined, errors };
  }
  return { text, templates, uses: walkTemplates(templates, positions), errors: [] };
}
