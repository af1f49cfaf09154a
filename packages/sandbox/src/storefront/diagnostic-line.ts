/** A theme kit or theme config diagnostic as one log line: `file:line:column message`. */
export function diagnosticLine(d: {
  readonly file?: string | undefined;
  readonly line?: number | undefined;
  readonly column?: number | undefined;
  readonly message: string;
}): string {
  return d.file === undefined ? d.message : `${d.file}:${d.line ?? 1}:${d.column ?? 1} ${d.message}`;
}
