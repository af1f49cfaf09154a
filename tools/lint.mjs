// `npm run lint`: the repository's style and static checks, configured once at the root.
//  - Biome (biome.json): formatting and lint rules, every script and source file but generated code;
//  - ESLint (eslint.config.mjs): the type-aware rules Biome has no checker for (floating and misused
//    promises, `await` on a non-thenable, a `switch` that misses a union member). Its type information
//    comes from the type check's programs (tools/typecheck.mjs: each project with its own tsconfig.json)
//    and, for the files no project holds (tools, benchmarks, specs, root scripts), one program of
//    tsconfig.eslint.json;
//  - no import cycle among the repository's own files, type imports included (tools/lib/import-cycles.mjs,
//    on the same programs: each strongly connected component of the import graph, with its imports);
//  - with `--typecheck`: the type check itself on those same programs, which ESLint has then no need to
//    build again (`npm test` runs this, instead of building every program twice in two processes);
//  - with `--packages` (the default for `npm run lint`): Redocly on the spec (the tools project's `lint`
//    target, through nx), and publint --strict and attw (node16 profile) on each package's tarball
//    (tools/packaging/lint-tarball.mjs; the packages must be built).
// `npm test` runs it with `--no-packages --typecheck`: nx runs Redocly there, and the packaging test checks
// the tarballs it packs anyway.
// Exit 1 when any check fails; `--fix` lets Biome format and apply its safe fixes first.
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runChild as run } from './lib/child.mjs';
import { importCycleReport } from './lib/import-cycles.mjs';
import { REPO_ROOT } from './lib/generated-files.mjs';
import { assertBuilt, publishedPackages, repoRoot } from './packaging/workspace.mjs';

const require = createRequire(import.meta.url);

const BIOME = path.join(path.dirname(require.resolve('@biomejs/biome/package.json')), 'bin', 'biome');
const ESLINT_TSCONFIG = path.join(REPO_ROOT, 'tsconfig.eslint.json');

/**
 * The programs ESLint reads types from: the type check's, then one of tsconfig.eslint.json for the files
 * none of them holds. A file is linted with the first program that has it, so a package's file is seen
 * with its own compiler options (redis without the DOM library).
 */
function lintPrograms({ ts, projectPrograms }, projects) {
  const { programs, configErrors } = projectPrograms(projects);
  const { config, error } = ts.readConfigFile(ESLINT_TSCONFIG, ts.sys.readFile);
  if (error) return { projects: programs, all: programs, configErrors: [...configErrors, error] };
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, REPO_ROOT, undefined, ESLINT_TSCONFIG);
  const rest = parsed.fileNames.filter((file) => programs.every((program) => !program.getSourceFile(file)));
  const others = ts.createProgram({ rootNames: rest, options: parsed.options });
  return { projects: programs, all: [...programs, others], configErrors: [...configErrors, ...parsed.errors] };
}

/** ESLint over the tree with `programs`; any message (error or warning) fails, as `--max-warnings 0`. */
async function eslintWith(ESLint, programs) {
  // No ESLint cache: its key is the configuration, which now holds the programs.
  const eslint = new ESLint({
    cwd: REPO_ROOT,
    overrideConfig: { languageOptions: { parserOptions: { programs } } },
  });
  const results = await eslint.lintFiles(['.']);
  const formatter = await eslint.loadFormatter('stylish');
  const problems = results.reduce((sum, result) => sum + result.errorCount + result.warningCount, 0);
  return { ok: problems === 0, output: await formatter.format(results) };
}

/**
 * Biome (a child process, beside the rest), ESLint and with `typecheck` the type check, in this process;
 * resolves with what each found and everything they printed, in that order.
 */
export async function lintSources({ fix = false, typecheck = false } = {}) {
  // Loaded here rather than on import (together about 2 s of CPU), so that a usage error answers at once.
  const [{ ESLint }, { default: ts }, checker] = await Promise.all([
    import('eslint'),
    import('typescript'),
    import('./typecheck.mjs'),
  ]);
  const { formatDiagnostics, programDiagnostics, typecheckedProjects, typecheckSummary } = checker;
  const biome = run(process.execPath, [BIOME, fix ? 'check' : 'ci', ...(fix ? ['--write'] : []), '.'], {
    capture: true,
  });
  const started = performance.now();
  const projects = typecheckedProjects();
  const programs = lintPrograms({ ts, projectPrograms: checker.projectPrograms }, projects);
  // A tsconfig.json that does not read is reported either way: ESLint's types would come from a guess.
  const { text, errors: typeErrors } = formatDiagnostics([
    ...programs.configErrors,
    ...(typecheck ? programDiagnostics(programs.projects) : []),
  ]);
  const summary = typecheckSummary({
    errors: typeErrors,
    projects: projects.length,
    programs: programs.projects.length,
    started,
  });
  const typeOutput = typecheck ? `${text}${summary}\n` : text;
  const cycles = importCycleReport(ts, programs.all, REPO_ROOT);
  const eslint = await eslintWith(ESLint, programs.all);
  const biomeRun = await biome;
  return {
    ok: biomeRun.status === 0 && eslint.ok && typeErrors === 0 && cycles.cycles === 0,
    importCycles: cycles.cycles,
    biomeOk: biomeRun.status === 0,
    eslintOk: eslint.ok,
    typeErrors,
    output: [
      `$ biome ${fix ? 'check --write' : 'ci'} .\n${biomeRun.output}`,
      `$ eslint .\n${eslint.output || 'no problems\n'}`,
      `$ import cycles\n${cycles.text}`,
      ...(typecheck || typeOutput !== '' ? [`$ typecheck\n${typeOutput}`] : []),
    ].join('\n'),
  };
}

/**
 * Packs every published package (npm pack, as publishing would) and runs publint --strict and attw on
 * each tarball; prints what they find. Resolves true when nothing fails.
 */
async function lintPackages() {
  const [{ lintTarball }, { packPackages }] = await Promise.all([
    import('./packaging/lint-tarball.mjs'),
    import('./packaging/pack.mjs'),
  ]);
  const packages = publishedPackages();
  for (const pkg of packages) assertBuilt(pkg);
  const destination = await mkdtemp(path.join(tmpdir(), 'commerce-kit-lint-'));
  try {
    const packed = await packPackages(
      packages.map((pkg) => pkg.dir),
      destination,
      repoRoot,
    );
    const results = await Promise.all(
      packages.map(async (pkg) => ({ pkg, ...(await lintTarball(packed.get(pkg.dir).tarball)) })),
    );
    console.log('\n$ publint --strict and attw --profile node16 on each package tarball');
    for (const { pkg, failures, suggestions } of results) {
      console.log(`${pkg.name}: ${failures.length === 0 ? 'ok' : `${failures.length} problem(s)`}`);
      for (const line of [...failures, ...suggestions]) console.log(`  ${line}`);
    }
    return results.every((result) => result.failures.length === 0);
  } finally {
    await rm(destination, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        fix: { type: 'boolean', default: false },
        packages: { type: 'boolean', default: true },
        typecheck: { type: 'boolean', default: false },
      },
      allowNegative: true,
    }));
  } catch (error) {
    console.error(`lint: ${error instanceof Error ? error.message : String(error)}`);
    console.error('usage: node tools/lint.mjs [--fix] [--no-packages] [--typecheck]');
    process.exit(2);
  }
  const sources = await lintSources({ fix: values.fix, typecheck: values.typecheck });
  console.log(sources.output.trimEnd());
  let packagesOk = true;
  if (values.packages) {
    const nx = await run(process.execPath, [
      'node_modules/nx/dist/bin/nx.js',
      'run-many',
      '-t',
      'lint',
      '--outputStyle=static',
    ]);
    const tarballsOk = await lintPackages();
    packagesOk = nx.status === 0 && tarballsOk;
  }
  if (!sources.biomeOk || !sources.eslintOk)
    console.error('lint: Biome or ESLint found problems (see above; `npm run lint -- --fix` formats)');
  if (sources.typeErrors > 0) console.error('lint: the type check found errors (see above)');
  if (sources.importCycles > 0)
    console.error(
      'lint: files import each other in a cycle (see above): move the shared type or value to the lower layer',
    );
  if (!packagesOk) console.error('lint: Redocly, publint or attw found problems (see above)');
  process.exit(sources.ok && packagesOk ? 0 : 1);
}
