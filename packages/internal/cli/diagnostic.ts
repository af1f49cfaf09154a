/** What the report formatters print: diagnostics, their outcome, and the tool that found them. */

/** One problem found in a checked file (the shape of theme-config's `Diagnostic`, with any code). */
export interface ReportDiagnostic {
  /** `error` makes the input invalid; `warning` does not. */
  readonly severity: 'error' | 'warning';
  /** Stable machine-readable code: a key of {@link ReportTool.codes}. */
  readonly code: string;
  /** One-line explanation. */
  readonly message: string;
  /** Path of the file, relative to where the command was run (absent: not about a file). */
  readonly file?: string;
  /** 1-based line (absent: 1). */
  readonly line?: number;
  /** 1-based column (absent: 1). */
  readonly column?: number;
  /** JSON Pointer of the value concerned (`""`: the whole file). */
  readonly pointer: string;
  /** A likely fix, e.g. "did you mean `background_type`?". */
  readonly suggestion?: string;
}

/** The outcome of a check: the diagnostics to print and whether the input passed. */
export interface ReportResult {
  /** True when no diagnostic is an error (after `--strict` turned warnings into errors). */
  readonly valid: boolean;
  /** Every diagnostic, in the order to print them (grouped by file). */
  readonly diagnostics: readonly ReportDiagnostic[];
}

/** The tool that reports: SARIF's driver and rules, GitHub annotation titles, the summary line. */
export interface ReportTool {
  /** Tool name: SARIF's driver name and the first word of GitHub annotation titles (`theme-config invalid-json`). */
  readonly name: string;
  /** Tool version (SARIF `version` and `semanticVersion`). */
  readonly version: string;
  /** Where the tool is described (SARIF `informationUri`). */
  readonly informationUri: string;
  /** Where the codes are explained (each SARIF rule's `helpUri`). */
  readonly helpUri: string;
  /** Sentence after a code's meaning in its SARIF rule's help text: where to read more. */
  readonly helpText: string;
  /** What the checked files are, singular, for the summary line (`config file` -> `7 config files checked`). */
  readonly fileNoun: string;
  /** Every code the tool reports, with what it means (one SARIF rule each, in this order). */
  readonly codes: Readonly<Record<string, string>>;
}
