// Bundled declarations for a package's dist/, run by the tsup preset after tsup has written the JS.
// tsup's own `dts` step (rollup-plugin-dts compiling the .ts sources inside rollup) cost 8-25 s of CPU
// per package; this emits the declarations with one TypeScript program (what `tsc` does, a few seconds)
// and has rollup-plugin-dts only bundle the emitted .d.ts files into the same dist/<entry>.d.ts and
// dist/<entry>.d.cts (plus shared `<name>-<hash>` chunks). @commerce-kit/internal (never published) is
// inlined into the declarations as it is into the code; every other bare import stays an import.
// Type errors are the type check's (`npm run typecheck`); a syntax error or a type the declarations
// cannot name (TS2742) fails the build.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rollup } from 'rollup';
import { dts } from 'rollup-plugin-dts';
import ts from 'typescript';

const REPO_ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
const INTERNAL = /^@commerce-kit\/internal(\/|$)/;
const INTERNAL_DIR = path.join(REPO_ROOT, 'packages/internal');

/**
 * Writes `<outDir>/<name>.d.ts` and `<outDir>/<name>.d.cts` for each entry.
 * @param {{ entry: Record<string, string>, cwd?: string, outDir?: string, tsconfig?: string }} options
 *   `entry` is tsup's entry table (`name -> source file`, relative to `cwd`, the package directory).
 */
export async function buildDeclarations({ entry, cwd = process.cwd(), outDir = 'dist', tsconfig = 'tsconfig.json' }) {
  const started = performance.now();
  await mkdir(path.join(cwd, '.tmp'), { recursive: true });
  const tmpDir = await mkdtemp(path.join(cwd, '.tmp', 'declarations-'));
  try {
    const emitted = emitDeclarations({ entry, cwd, tsconfig: path.resolve(cwd, tsconfig), tmpDir });
    await bundleDeclarations({ ...emitted, entry, cwd, outDir: path.resolve(cwd, outDir) });
  } finally {
    await rm(tmpDir, { recursive: true, force: true });
  }
  console.log(`DTS Build success in ${Math.round(performance.now() - started)}ms`);
}

/** Emits the declarations of the entries (and what they import) with the package's tsconfig, unchecked. */
function emitDeclarations({ entry, cwd, tsconfig, tmpDir }) {
  const parsed = ts.getParsedCommandLineOfConfigFile(tsconfig, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic });
  const options = {
    ...parsed.options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    declarationMap: false,
    sourceMap: false,
    outDir: tmpDir,
    rootDir: REPO_ROOT,
    // Declarations only: the type check is `npm run typecheck` (every project, sources and tests), which
    // npm test and CI run; checking the sources here too did the same work twice.
    noCheck: true,
    // Found through node_modules, @commerce-kit/internal would count as a library, and the compiler
    // emits nothing for a library's .ts files; mapped by path, its modules are sources like the package's.
    paths: { ...parsed.options.paths, '@commerce-kit/internal/*': [`${INTERNAL_DIR}/*`] },
  };
  // Ambient declarations the sources rely on without importing them (`declare module '*.liquid'`).
  const ambient = parsed.fileNames.filter((file) => /\.d\.[cm]?ts$/.test(file));
  const rootNames = [...Object.values(entry).map((file) => path.resolve(cwd, file)), ...ambient];
  const host = ts.createCompilerHost(options);
  const program = ts.createProgram({ rootNames, options, host, configFileParsingDiagnostics: parsed.errors });
  // What stops an emit (configuration, syntax); the declaration emit adds its own errors (TS2742 and the like).
  const diagnostics = [
    ...program.getConfigFileParsingDiagnostics(),
    ...program.getOptionsDiagnostics(),
    ...program.getSyntacticDiagnostics(),
  ];
  /** source file -> its emitted declaration file, and back */
  const declarationOf = new Map();
  const sourceOf = new Map();
  if (!diagnostics.some(isError)) {
    const result = program.emit(undefined, (file, text, bom, onError, sources) => {
      host.writeFile(file, text, bom, onError, sources);
      for (const source of sources ?? []) {
        declarationOf.set(source.fileName, file);
        sourceOf.set(file, source.fileName);
      }
    });
    diagnostics.push(...result.diagnostics);
  }
  const errors = diagnostics.filter(isError);
  if (errors.length > 0) {
    for (const diagnostic of errors) console.error(formatDiagnostic(diagnostic, cwd));
    const count = `${errors.length} TypeScript error${errors.length === 1 ? '' : 's'}`;
    const summary = `declarations: ${count} in ${path.relative(REPO_ROOT, cwd)}`;
    // No stack: the errors above say where; tsup prints the stack of what onSuccess throws.
    throw Object.assign(new Error(summary), { stack: summary });
  }
  return { options, declarationOf, sourceOf };
}

/** Bundles the emitted declarations of the entries, resolving imports as the compiler did. */
async function bundleDeclarations({ options, declarationOf, sourceOf, entry, cwd, outDir }) {
  const input = {};
  for (const [name, file] of Object.entries(entry)) {
    const declaration = declarationOf.get(ts.sys.resolvePath(path.resolve(cwd, file)));
    if (!declaration) throw new Error(`declarations: no declaration file was emitted for entry "${name}" (${file})`);
    input[name] = declaration;
  }
  const cache = ts.createModuleResolutionCache(REPO_ROOT, (file) => file, options);
  /** @type {import('rollup').Plugin} */
  const resolveAsCompiled = {
    name: 'resolve-as-compiled',
    resolveId(source, importer) {
      if (!importer) return null;
      if (!source.startsWith('.') && !INTERNAL.test(source)) return { id: source, external: true };
      // Resolve from the source file the importer was emitted from; a module that was compiled resolves
      // to its emitted declaration, a .d.ts or .json the sources use to itself.
      const from = sourceOf.get(importer) ?? importer;
      const resolved = ts.resolveModuleName(source, from, options, ts.sys, cache).resolvedModule;
      if (!resolved) return this.error(`declarations: cannot resolve "${source}" from ${from}`);
      const file = resolved.resolvedFileName;
      const declaration = declarationOf.get(file);
      if (declaration) return declaration;
      if (/\.d\.[cm]?ts$|\.json$/.test(file)) return file;
      return this.error(`declarations: "${source}" from ${from} resolves to ${file}, which has no declarations`);
    },
  };
  const seen = new Set();
  const bundle = await rollup({
    input,
    plugins: [resolveAsCompiled, dts({ compilerOptions: options })],
    onwarn(warning, warn) {
      // Type-only cycles are harmless in declarations; a CLI entry (src/bin.ts) exports nothing.
      if (warning.code === 'CIRCULAR_DEPENDENCY' || warning.code === 'EMPTY_BUNDLE') return;
      // Warnings about an entry come once per output (.d.ts, .d.cts): say each once.
      const key = warning.message.replaceAll('.d.cts"', '.d.ts"');
      if (seen.has(key)) return;
      seen.add(key);
      warn(warning);
    },
  });
  try {
    for (const extension of ['.d.ts', '.d.cts']) {
      await bundle.write({
        dir: outDir,
        format: 'es',
        exports: 'named',
        entryFileNames: `[name]${extension}`,
        // A chunk is named after a module, `clock.d.ts` -> `clock.d`: drop the `.d`, as tsup's names had none.
        chunkFileNames: (chunk) => `${chunk.name.replace(/\.d$/, '')}-[hash]${extension}`,
      });
    }
  } finally {
    await bundle.close();
  }
}

function isError(diagnostic) {
  return diagnostic.category === ts.DiagnosticCategory.Error;
}

/** `file:line:col - error TSxxxx: message`, with the file relative to the package. */
function formatDiagnostic(diagnostic, cwd) {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  if (!diagnostic.file) return `error TS${diagnostic.code}: ${message}`;
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
  const file = path.relative(cwd, diagnostic.file.fileName);
  return `${file}:${line + 1}:${character + 1} - error TS${diagnostic.code}: ${message}`;
}

function onUnRecoverableConfigFileDiagnostic(diagnostic) {
  throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}
