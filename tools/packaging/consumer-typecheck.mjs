// The packaging test's consumer type check: what `tsc --noEmit --skipLibCheck false` reports for a
// consumer's files and for the declarations our packages install (and, with `declaration` on, what
// writing the consumer's own declarations would report), run in process.
// tsc would also check every other library's declarations (@types/node above all): not ours to fix, and
// most of its time (two tsc processes took 14 CPU-s; this takes about 6). Types our declarations use
// from another library are still resolved and checked where our files use them.
import path from 'node:path';
import ts from 'typescript';

/** A file whose diagnostics are ours: the consumer's, or one of our installed packages'. */
function isOurs(program, file, dir) {
  if (program.isSourceFileDefaultLibrary(file)) return false;
  const relative = path.relative(dir, file.fileName).split(path.sep);
  return relative[0] !== 'node_modules' || relative[1] === '@commerce-kit';
}

/**
 * Type-checks `files` of the consumer project in `dir` with `compilerOptions` (as in a tsconfig.json);
 * returns tsc's messages (`file(line,col): error TSxxxx: …`), none when it compiles.
 * @param {string} dir
 * @param {{ compilerOptions: Record<string, unknown>, files: readonly string[] }} check
 * @returns {string[]}
 */
export function consumerTypeErrors(dir, { compilerOptions, files }) {
  const { options, errors } = ts.convertCompilerOptionsFromJson({ ...compilerOptions, noEmit: true }, dir);
  const program = ts.createProgram({ rootNames: files.map((file) => path.resolve(dir, file)), options });
  const diagnostics = [
    ...errors,
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...program
      .getSourceFiles()
      .filter((file) => isOurs(program, file, dir))
      .flatMap((file) => [
        ...program.getSyntacticDiagnostics(file),
        ...program.getSemanticDiagnostics(file),
        // With `declaration` on, what tsc reports while writing the consumer's .d.ts: a type of ours it
        // cannot name there (TS4023) is an error of ours.
        ...(options.declaration ? program.getDeclarationDiagnostics(file) : []),
      ]),
  ];
  const host = { getCanonicalFileName: (file) => file, getCurrentDirectory: () => dir, getNewLine: () => '\n' };
  return diagnostics.map((diagnostic) => ts.formatDiagnostic(diagnostic, host).trimEnd());
}
