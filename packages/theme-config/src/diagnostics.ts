/** Diagnostics: what validation reports, one problem each, in words a person understands. */

/** How bad a diagnostic is. Warnings do not make a config invalid unless `strict` is set. */
export type Severity = 'error' | 'warning';

/** Every diagnostic code, with what it means. */
export const DIAGNOSTIC_CODES = {
  'invalid-json': 'The file is not valid JSON (syntax error).',
  'empty-file': 'The file is empty.',
  'invalid-encoding': 'The file is not UTF-8 text.',
  'not-a-file': 'A config path is a directory or another non-file.',
  'read-error': 'The file or directory could not be read.',
  'config-dir-not-found': 'The config directory does not exist or is not a directory.',
  'no-config-files': 'The config directory holds no *.stk.config.json file.',
  'unknown-file': 'A *.stk.config.json file the theme kit does not know.',
  'wrong-top-level-type': 'The file holds an object where an array is expected, or the reverse.',
  'forbidden-key':
    'A `__proto__` key, or a `constructor` key holding a `prototype` key (they could pollute object prototypes).',
  'too-deep': 'Arrays and objects nested more than 512 levels deep.',
  'duplicate-key': 'The same key twice in one object (the last one wins).',
  'unknown-property': 'A property the format does not have.',
  'missing-property': 'A required property is missing.',
  'invalid-type': 'A value of the wrong JSON type.',
  'invalid-enum': 'A value that is not one of the allowed values.',
  'invalid-format': 'A string that is not a URL, URI, date, hex colour, column name or currency code.',
  'out-of-range': 'A number outside its allowed range.',
  'unknown-block-type': 'A block `type` that is not one of the 18 block types.',
  'invalid-value': 'A value that breaks another constraint of the schema.',
  'conflicting-spelling': '`backgound_*` and `background_*` are both given with different values.',
  'conflicting-position': 'A block property is in both `props` and `props.settings` with different values.',
  'boolean-url': '`dribbbleUrl` / `flickrUrl` given as a boolean instead of a URL.',
  'ignored-property': 'A property set where its "only when" condition does not hold.',
  'empty-region': 'An editable region with neither `rawMarkup` nor `blocks`.',
  'grid-column-name': 'Grid columns not named `column_1`, `column_2`, ... in order.',
  'grid-column-count': 'The `columns` setting disagrees with the number of columns given.',
  'page-out-of-range': '`currentPage` is outside 1..`numPages`.',
  'unknown-menu-name': 'A menu name other than `main-menu` or `footer-menu`.',
  'item-count-mismatch': 'A category whose `items` count differs from `numItems`.',
} as const;

/** A diagnostic code (see {@link DIAGNOSTIC_CODES}). */
export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

/** One problem found in a config. */
export interface Diagnostic {
  /** `error` makes the config invalid; `warning` only with `strict`. */
  severity: Severity;
  /** Stable machine-readable code. */
  code: DiagnosticCode;
  /** One-line explanation. */
  message: string;
  /** Path of the file (absent when a value was validated without a file). */
  file?: string;
  /** 1-based line (absent when there is no source text to point into). */
  line?: number;
  /** 1-based column (absent when there is no source text to point into). */
  column?: number;
  /** JSON Pointer of the value concerned (`""` is the whole file). */
  pointer: string;
  /** A likely fix, e.g. "did you mean `background_type`?". */
  suggestion?: string;
}

/** The outcome of a validation. */
export interface ValidationResult {
  /** True when there is no diagnostic of severity `error`. */
  valid: boolean;
  /** Every diagnostic, ordered by file, line and column. */
  diagnostics: Diagnostic[];
}

/** Options shared by the validating functions. */
export interface ValidateOptions {
  /** Treat warnings as errors. */
  readonly strict?: boolean | undefined;
  /**
   * The menu identifiers the theme's templates use (`menus['sidebar-menu']`), when known: a menu `name`
   * among them (or `main-menu` / `footer-menu`) is no `unknown-menu-name`. The theme kit's `check` passes them.
   */
  readonly menuNames?: Iterable<string> | undefined;
}

/** Sorts diagnostics by file, position, then pointer; applies `strict`; computes `valid`. */
export function finishResult(diagnostics: Diagnostic[], options: ValidateOptions = {}): ValidationResult {
  const out = diagnostics.map((d) =>
    ordered(options.strict && d.severity === 'warning' ? { ...d, severity: 'error' } : d),
  );
  out.sort(
    (a, b) =>
      (a.file ?? '').localeCompare(b.file ?? '') ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      a.pointer.localeCompare(b.pointer),
  );
  return { valid: !out.some((d) => d.severity === 'error'), diagnostics: out };
}

/** The same diagnostic with its keys in one fixed order (stable JSON output), absent fields omitted. */
function ordered(d: Diagnostic): Diagnostic {
  const out: Diagnostic = { severity: d.severity, code: d.code, message: d.message, pointer: d.pointer };
  if (d.file !== undefined) out.file = d.file;
  if (d.line !== undefined) out.line = d.line;
  if (d.column !== undefined) out.column = d.column;
  if (d.suggestion !== undefined) out.suggestion = d.suggestion;
  return out;
}
