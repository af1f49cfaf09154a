// `npm run typecheck` (and `npm test`): type-checks every package and example, sources and tests, with
// its own tsconfig.json — but in as few TypeScript programs as the options allow. Projects whose compiler
// options are the same share one program, so the standard library, @types/node, vitest and playwright's
// declarations are parsed and checked once instead of once per project (nine `tsc -p` runs: about 65 s of
// CPU; grouped: about 30). A project with options of its own (redis: no DOM library) gets a program of
// its own. The ```ts examples of each published package's README.md are modules of its project's program
// (tools/lib/readme-blocks.mjs), compiled against the packages as built, as a user's code is; a
// diagnostic's line is the README's. `node tools/typecheck.mjs packages/sandbox …` checks only the
// projects named.
// Exit 0 when there is no error, 1 when there is one, 2 on a usage error.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import ts from 'typescript';
import { REPO_ROOT } from './lib/generated-files.mjs';
import { readmeModules } from './lib/readme-blocks.mjs';
import { workspaceDirs } from './lib/workspaces.mjs';

const host = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: () => process.cwd(),
  getNewLine: () => '\n',
};

/** Every workspace directory (`packages/*`, `editors/*`, `examples/*`) with a tsconfig.json. */
export function typecheckedProjects(root = REPO_ROOT) {
  return workspaceDirs(root).filter((dir) => existsSync(path.join(dir, 'tsconfig.json')));
}

/** A compiler host that also reads `files` (file name -> text), which are not on disk. */
function hostWith(files, options) {
  const host = ts.createCompilerHost(options);
  if (files.size === 0) return host;
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) => {
    const text = files.get(name);
    return text === undefined
      ? getSourceFile.call(host, name, language, ...rest)
      : ts.createSourceFile(name, text, language, true);
  };
  host.fileExists = (name) => files.has(name) || fileExists.call(host, name);
  host.readFile = (name) => files.get(name) ?? readFile.call(host, name);
  return host;
}

/** A project's files and options, as `tsc -p DIR` reads them. */
function readProject(dir) {
  const file = path.join(dir, 'tsconfig.json');
  const { config, error } = ts.readConfigFile(file, ts.sys.readFile);
  if (error) return { dir, errors: [error], fileNames: [], options: {} };
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dir, undefined, file);
  return { dir, errors: parsed.errors, fileNames: parsed.fileNames, options: parsed.options };
}

/** The options that decide how a file is checked (not where the configuration file is). */
function optionsKey(options) {
  const { configFilePath: _file, ...rest } = options;
  return JSON.stringify(rest, Object.keys(rest).sort());
}

/**
 * The TypeScript programs of the projects in `dirs`, one per set of identical compiler options, and the
 * errors of reading their tsconfig.json files. ESLint's type-aware rules use the same programs
 * (tools/lint.mjs), so a run that lints and type-checks builds them once.
 * @param {string[]} dirs absolute project directories
 * @returns {{ programs: ts.Program[], configErrors: readonly ts.Diagnostic[] }}
 */
export function projectPrograms(dirs) {
  const projects = dirs.map(readProject);
  const configErrors = projects.flatMap((project) => project.errors);
  /** @type {Map<string, { options: ts.CompilerOptions, files: Set<string>, readme: Map<string, string> }>} */
  const groups = new Map();
  for (const project of projects) {
    const key = optionsKey(project.options);
    const group = groups.get(key) ?? { options: project.options, files: new Set(), readme: new Map() };
    for (const name of project.fileNames) group.files.add(name);
    for (const { fileName, text } of readmeModules(project.dir)) group.readme.set(fileName, text);
    groups.set(key, group);
  }
  const programs = [...groups.values()].map(({ options, files, readme }) =>
    ts.createProgram({ rootNames: [...files, ...readme.keys()], options, host: hostWith(readme, options) }),
  );
  return { programs, configErrors };
}

/** Every error and warning of `programs`, as `tsc` reports them. */
export function programDiagnostics(programs) {
  return programs.flatMap((program) => ts.getPreEmitDiagnostics(program));
}

/**
 * Type-checks the projects in `dirs`, one program per set of identical compiler options.
 * @param {string[]} dirs absolute project directories
 * @returns {{ diagnostics: readonly ts.Diagnostic[], programs: number }}
 */
export function typecheck(dirs) {
  const { programs, configErrors } = projectPrograms(dirs);
  return { diagnostics: [...configErrors, ...programDiagnostics(programs)], programs: programs.length };
}

/**
 * `diagnostics` as tsc prints them (with colour and context for a terminal), and how many are errors.
 * @param {readonly ts.Diagnostic[]} diagnostics
 */
export function formatDiagnostics(diagnostics, { color = false } = {}) {
  const format = color ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
  return {
    text: diagnostics.length > 0 ? format(diagnostics, host) : '',
    errors: diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error).length,
  };
}

/** The closing line of a type check: `typecheck: no errors in 9 projects (2 programs, 12.3 s)`. */
export function typecheckSummary({ errors, projects, programs, started }) {
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const found = errors === 0 ? 'no errors' : `${errors} error${errors === 1 ? '' : 's'}`;
  return `typecheck: ${found} in ${projects} projects (${programs} programs, ${seconds} s)`;
}

if (process.argv[1] === import.meta.filename) {
  let positionals;
  try {
    ({ positionals } = parseArgs({ allowPositionals: true, options: {} }));
  } catch (error) {
    console.error(`typecheck: ${error instanceof Error ? error.message : String(error)}`);
    console.error('usage: node tools/typecheck.mjs [PROJECT_DIR …]');
    process.exit(2);
  }
  const all = typecheckedProjects();
  const dirs = positionals.length === 0 ? all : positionals.map((dir) => path.resolve(dir));
  const unknown = dirs.filter((dir) => !all.includes(dir));
  if (unknown.length > 0) {
    console.error(`typecheck: not a project with a tsconfig.json: ${unknown.join(', ')}`);
    process.exit(2);
  }
  const started = performance.now();
  const { diagnostics, programs } = typecheck(dirs);
  const { text, errors } = formatDiagnostics(diagnostics, { color: process.stderr.isTTY });
  if (text !== '') process.stderr.write(text);
  const names = dirs.map((dir) => path.relative(REPO_ROOT, dir)).join(', ');
  console.log(`${typecheckSummary({ errors, projects: dirs.length, programs, started })}: ${names}`);
  process.exit(errors === 0 ? 0 : 1);
}
