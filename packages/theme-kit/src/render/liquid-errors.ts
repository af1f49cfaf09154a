/**
 * LiquidJS errors -> diagnostics with file, line and column (inside the JSON file for a region's
 * `rawMarkup`), a stable code and, for an unknown filter or tag, a suggestion.
 */
import { LiquidError } from 'liquidjs';
import type { ThemeDiagnostic, ThemeDiagnosticCode } from '../diagnostics.js';
import { closest, didYouMean } from '@commerce-kit/internal/suggest';
import { positionInJsonString } from './json-position.js';

/** Where a `rawMarkup` source parsed under a virtual file name came from. */
export interface RawMarkupSource {
  /** The config file's path, as diagnostics show it. */
  readonly file: string;
  /** Its text. */
  readonly text: string;
  /** JSON Pointer of the string. */
  readonly pointer: string;
  /** The string's value (the Liquid source). */
  readonly value: string;
}

/** What turning an error into diagnostics needs to know about the engine. */
export interface ErrorContext {
  /** Names of the filters the engine has. */
  readonly filters: Iterable<string>;
  /** Names of the tags the engine has. */
  readonly tags: Iterable<string>;
  /** The origin of a virtual `rawMarkup` file name. */
  rawMarkup(file: string): RawMarkupSource | undefined;
}

// LiquidJS appends ", file:x, line:1, col:2" to its messages; the diagnostic carries them as fields.
const POSITION_SUFFIX = /,(?: file:.*?,)? line:\d+, col:\d+$/;

interface TokenLike {
  readonly file?: string;
  /** The whole source, and where the token stands in it. */
  readonly input?: string;
  readonly begin?: number;
  readonly end?: number;
  getPosition(): [number, number];
}

/**
 * Where the unknown filter's name stands inside the output or tag LiquidJS blames (it points at the start
 * of `{{ ... | name }}`): the diagnostic points at the name, as the contract warnings do.
 */
function filterPosition(token: TokenLike, name: string): [number, number] | undefined {
  const { input, begin, end } = token;
  if (typeof input !== 'string' || typeof begin !== 'number' || typeof end !== 'number') return undefined;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`\\|\\s*(${escaped})(?![\\w-])`).exec(input.slice(begin, end));
  if (!match) return undefined;
  const offset = begin + match.index + match[0].length - name.length;
  const before = input.slice(0, offset);
  return [before.split('\n').length, offset - before.lastIndexOf('\n')];
}

function classify(
  message: string,
  error: LiquidError,
  context: ErrorContext,
): { code: ThemeDiagnosticCode; suggestion?: string } {
  const filter = /^undefined filter: (.+)$/.exec(message)?.[1];
  if (filter !== undefined) {
    const near = closest(filter, context.filters);
    return { code: 'unknown-filter', ...(near ? { suggestion: didYouMean(near) } : {}) };
  }
  const tag = /^tag "(.+)" not found$/.exec(message)?.[1];
  if (tag !== undefined) {
    const near = closest(tag, context.tags);
    return { code: 'unknown-tag', ...(near ? { suggestion: didYouMean(near) } : {}) };
  }
  if (/^ENOENT: Failed to lookup /.test(message)) return { code: 'missing-snippet' };
  return { code: error.name === 'RenderError' ? 'liquid-render' : 'liquid-syntax' };
}

function readableMessage(message: string): string {
  const filter = /^undefined filter: (.+)$/.exec(message)?.[1];
  if (filter !== undefined) return `unknown filter \`${filter}\``;
  const tag = /^tag "(.+)" not found$/.exec(message)?.[1];
  if (tag !== undefined) return `unknown tag \`${tag}\``;
  const snippet = /^ENOENT: Failed to lookup "(.+)" in /.exec(message)?.[1];
  if (snippet !== undefined) return `no snippet \`${snippet}\`: snippets/${snippet}.liquid does not exist`;
  return message;
}

/** The diagnostics of an error thrown while parsing or rendering; a non-Liquid error becomes one without a position. */
export function diagnosticsOf(error: unknown, context: ErrorContext): ThemeDiagnostic[] {
  if (error instanceof Error && 'errors' in error && Array.isArray((error as { errors: unknown }).errors)) {
    return (error as { errors: unknown[] }).errors.flatMap((e) => diagnosticsOf(e, context));
  }
  if (!LiquidError.is(error)) {
    return [
      {
        severity: 'error',
        code: 'liquid-render',
        message: error instanceof Error ? error.message : String(error),
        pointer: '',
      },
    ];
  }
  const liquidError = error as LiquidError & { token?: TokenLike; originalError?: Error };
  const raw = (liquidError.originalError?.message ?? liquidError.message).replace(POSITION_SUFFIX, '');
  const { code, suggestion } = classify(raw, liquidError, context);
  const diagnostic: ThemeDiagnostic = { severity: 'error', code, message: readableMessage(raw), pointer: '' };
  const token = liquidError.token;
  if (token) {
    const filter = code === 'unknown-filter' ? /^undefined filter: (.+)$/.exec(raw)?.[1] : undefined;
    const [line = 1, column = 1] =
      (filter === undefined ? undefined : filterPosition(token, filter)) ?? token.getPosition();
    const rawMarkup = token.file === undefined ? undefined : context.rawMarkup(token.file);
    if (rawMarkup) {
      const at = positionInJsonString(rawMarkup.text, rawMarkup.pointer, rawMarkup.value, { line, column }) ?? {
        line: 1,
        column: 1,
      };
      Object.assign(diagnostic, { file: rawMarkup.file, line: at.line, column: at.column, pointer: rawMarkup.pointer });
      diagnostic.message = `rawMarkup: ${diagnostic.message}`;
    } else {
      if (token.file !== undefined) diagnostic.file = token.file;
      diagnostic.line = line;
      diagnostic.column = column;
    }
  }
  if (suggestion) diagnostic.suggestion = suggestion;
  return [diagnostic];
}
