/**
 * Validation of one value, one file's text, or a whole config directory: parse (with positions),
 * top-level shape, the precompiled JSON Schema validator, then the semantic rules.
 */
import type { Diagnostic, DiagnosticCode, ValidateOptions, ValidationResult } from './diagnostics.js';
import { finishResult } from './diagnostics.js';
import { fileInfo, type ConfigKind, type ConfigKindName } from './files.js';
import { bytePosition, decodeUtf8, looksLikeUtf16 } from './json/decode.js';
import { isDangerousEntry } from '@commerce-kit/internal/safe-json';
import { forbiddenKey, MAX_NESTING_DEPTH, parseJson, tooDeep, type JsonValue, type SourceMap } from './json/parse.js';
import { fromPointer, toPointer } from './json/pointer.js';
import { BLOCK_TYPES } from './rules/blocks.js';
import { semanticRules } from './rules/files.js';
import { schemaErrorsToDiagnostics } from './schema/errors.js';
import { SCHEMAS, VALIDATORS } from './schema/schemas.js';

/**
 * Options of {@link validateConfig} and {@link validateConfigText}. A type alias, not an interface: it is not
 * exported by name, and a user's declarations can still spell out its shape (an interface could not be named).
 */
export type ValidateValueOptions = ValidateOptions & {
  /** File path to put on the diagnostics. */
  readonly file?: string | undefined;
};

/** A file's analysis: its diagnostics and, when it parsed, its value. */
export interface FileAnalysis {
  /** Diagnostics (positions filled in when the source text is known). */
  diagnostics: Diagnostic[];
  /** The parsed value (undefined when the file could not be parsed). */
  value: JsonValue | undefined;
}

/**
 * Copies an arbitrary JS value into a JSON value, reporting what JSON cannot hold or what could pollute
 * prototypes. The path is a shared stack and pointers are only built for reports: this runs on every
 * value of every validation.
 */
function toJsonValue(
  input: unknown,
  path: (string | number)[],
  out: Diagnostic[],
  seen: Set<object>,
): JsonValue | undefined {
  if (input === null || typeof input === 'string' || typeof input === 'boolean') return input;
  if (path.length >= MAX_NESTING_DEPTH && typeof input === 'object') {
    // Reported once (where the limit is crossed); the whole value is then dropped by validateConfig.
    if (!out.some((d) => d.code === 'too-deep')) out.push(tooDeep(toPointer(path)));
    return undefined;
  }
  const report = (code: DiagnosticCode, message: string): undefined => {
    out.push({ severity: 'error', code, message, pointer: toPointer(path) });
    return undefined;
  };
  if (typeof input === 'number')
    return Number.isFinite(input) ? input : report('invalid-type', `${String(input)} is not a JSON number`);
  if (typeof input !== 'object')
    return report(
      'invalid-type',
      `${typeof input === 'undefined' ? 'undefined' : `a ${typeof input}`} is not a JSON value`,
    );
  if (seen.has(input)) return report('invalid-value', 'the value contains a cycle');
  seen.add(input);
  try {
    if (Array.isArray(input)) {
      const result: JsonValue[] = new Array<JsonValue>(input.length);
      for (let index = 0; index < input.length; index += 1) {
        path.push(index);
        result[index] = toJsonValue(input[index], path, out, seen) ?? null;
        path.pop();
      }
      return result;
    }
    const result: { [key: string]: JsonValue } = {}; // dangerous keys are refused before any assignment
    for (const key of Object.keys(input)) {
      path.push(key);
      const raw = (input as Record<string, unknown>)[key];
      if (isDangerousEntry(key, raw)) {
        out.push(forbiddenKey(key, toPointer(path)));
      } else {
        const value = toJsonValue(raw, path, out, seen);
        if (value !== undefined) result[key] = value;
      }
      path.pop();
    }
    return result;
  } finally {
    seen.delete(input);
  }
}

function checkValue(
  kind: ConfigKind,
  value: JsonValue,
  sourceMap: SourceMap | undefined,
  menuNames: Iterable<string> | undefined,
): Diagnostic[] {
  const info = fileInfo(kind);
  const isArray = Array.isArray(value);
  const isObject = typeof value === 'object' && value !== null && !isArray;
  if ((info.shape === 'array' && !isArray) || (info.shape === 'object' && !isObject)) {
    const got =
      value === null ? 'null' : isArray ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;
    return [
      withPosition(
        {
          severity: 'error',
          code: 'wrong-top-level-type',
          message: `\`${info.fileName}\` must hold ${info.shape === 'array' ? 'an array ([...])' : 'an object ({...})'}, not ${got}`,
          pointer: '',
        },
        sourceMap,
        '',
      ),
    ];
  }
  const validator = VALIDATORS[kind];
  const diagnostics: Diagnostic[] = [];
  if (!validator(value)) {
    const mapped = schemaErrorsToDiagnostics(validator.errors ?? [], {
      data: value,
      schema: SCHEMAS[kind],
      blockTypes: BLOCK_TYPES,
    });
    for (const { atKey, locate, ...d } of mapped) diagnostics.push(withPosition(d, sourceMap, locate, atKey));
  }
  mergeTypoIntoMissing(diagnostics);
  // A property the block does not have at all is already reported; "ignored because ..." would repeat it.
  const unknownAt = new Set(diagnostics.filter((d) => d.code === 'unknown-property').map((d) => d.pointer));
  const semantic = semanticRules(kind, value, menuNames).filter(
    (d) => !(d.code === 'ignored-property' && unknownAt.has(d.pointer)),
  );
  // A rule that restates a schema bound more precisely (`currentPage` below 1, a negative `numItems`
  // with nothing to generate from) replaces the schema's message.
  const restated = new Set(
    semantic
      .filter((d) => d.severity === 'error' && (d.code === 'page-out-of-range' || d.code === 'out-of-range'))
      .map((d) => d.pointer),
  );
  const schema =
    restated.size === 0
      ? diagnostics
      : diagnostics.filter((d) => !(d.code === 'out-of-range' && restated.has(d.pointer)));
  return [...schema, ...semantic.map((d) => withPosition(d, sourceMap, d.pointer, true))];
}

const canonicalName = (name: string): string => name.replace(/^backgound_/, 'background_');

/**
 * A misspelled required property gives two schema errors: the unknown name and the missing one. The
 * unknown-property diagnostic (with its "did you mean") then explains both, so the missing-property one
 * for the same object is dropped and its fact folded into the message: one mistake, one diagnostic.
 */
function mergeTypoIntoMissing(diagnostics: Diagnostic[]): void {
  const typos = diagnostics
    .filter((d) => d.code === 'unknown-property' && d.suggestion !== undefined)
    .map((d) => ({ d, name: /did you mean `([^`]+)`/.exec(d.suggestion ?? '')?.[1] }))
    .filter((t): t is { d: Diagnostic; name: string } => t.name !== undefined);
  if (typos.length === 0) return;
  for (let i = diagnostics.length - 1; i >= 0; i -= 1) {
    const missing = diagnostics[i]!;
    if (missing.code !== 'missing-property') continue;
    const segments = fromPointer(missing.pointer);
    const name = segments.pop();
    if (name === undefined) continue;
    const parent = toPointer(segments);
    // Same object, or (for blocks) its `props.settings`, where the typo may sit.
    const typo = typos.find(
      (t) => canonicalName(t.name) === canonicalName(name) && t.d.pointer.startsWith(`${parent}/`),
    );
    if (!typo) continue;
    diagnostics.splice(i, 1);
    typo.d.severity = 'error'; // a stated property is missing: an unknown name alone would only be a warning
    if (!typo.d.message.includes('is missing')) typo.d.message += ` (the required \`${typo.name}\` is missing)`;
  }
}

function withPosition(d: Diagnostic, sourceMap: SourceMap | undefined, locate: string, atKey = false): Diagnostic {
  if (!sourceMap) return d;
  return { ...d, ...sourceMap.locate(fromPointer(locate), { key: atKey }) };
}

/** Analyses one file's raw contents (bytes or text). */
export function analyzeSource(
  kind: ConfigKind,
  source: string | Uint8Array,
  menuNames?: Iterable<string> | undefined,
): FileAnalysis {
  let text: string;
  if (typeof source === 'string') {
    text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  } else if (looksLikeUtf16(source)) {
    return {
      value: undefined,
      diagnostics: [
        {
          severity: 'error',
          code: 'invalid-encoding',
          message: 'the file is UTF-16 text, not UTF-8; save it as UTF-8',
          pointer: '',
          line: 1,
          column: 1,
        },
      ],
    };
  } else {
    const decoded = decodeUtf8(source);
    if (!decoded.ok) {
      return {
        value: undefined,
        diagnostics: [
          {
            severity: 'error',
            code: 'invalid-encoding',
            message: `the file is not UTF-8 text (invalid byte 0x${(source[decoded.byteOffset] ?? 0).toString(16).padStart(2, '0')} at offset ${decoded.byteOffset}); save it as UTF-8`,
            pointer: '',
            ...bytePosition(source, decoded.byteOffset),
          },
        ],
      };
    }
    text = decoded.text;
  }
  if (text.trim() === '') {
    return {
      value: undefined,
      diagnostics: [
        {
          severity: 'error',
          code: 'empty-file',
          message: `the file is empty; it must hold ${fileInfo(kind).shape === 'array' ? 'an array ([...])' : 'an object ({...})'}`,
          pointer: '',
          line: 1,
          column: 1,
        },
      ],
    };
  }
  const parsed = parseJson(text);
  if (parsed.value === undefined) return { value: undefined, diagnostics: parsed.diagnostics };
  return {
    value: parsed.value,
    diagnostics: [...parsed.diagnostics, ...checkValue(kind, parsed.value, parsed.sourceMap, menuNames)],
  };
}

const withFile = (diagnostics: Diagnostic[], file: string | undefined): Diagnostic[] =>
  file === undefined ? diagnostics : diagnostics.map((d) => ({ ...d, file }));

/**
 * Validates a value that is already parsed (e.g. from `JSON.parse`) as the contents of one config file.
 * Diagnostics carry JSON Pointers but no line/column (there is no source text).
 * @example
 * ```ts
 * const result = validateConfig('pagination', { numPages: 3, currentPage: 5 });
 * result.valid; // false: page-out-of-range
 * ```
 */
export function validateConfig(
  kind: ConfigKindName,
  value: unknown,
  options: ValidateValueOptions = {},
): ValidationResult {
  const { kind: resolved } = fileInfo(kind);
  const diagnostics: Diagnostic[] = [];
  const json = toJsonValue(value, [], diagnostics, new Set());
  if (json !== undefined && !diagnostics.some((d) => d.code === 'too-deep'))
    diagnostics.push(...checkValue(resolved, json, undefined, options.menuNames));
  return finishResult(withFile(diagnostics, options.file), options);
}

/**
 * Validates the text (or bytes) of one config file; diagnostics carry lines and columns.
 * @example
 * ```ts
 * const result = validateConfigText('menus', '[{ "name": "main-menu", "links": [] }]', { file: 'menus.stk.config.json' });
 * ```
 */
export function validateConfigText(
  kind: ConfigKindName,
  source: string | Uint8Array,
  options: ValidateValueOptions = {},
): ValidationResult {
  return finishResult(
    withFile(analyzeSource(fileInfo(kind).kind, source, options.menuNames).diagnostics, options.file),
    options,
  );
}
