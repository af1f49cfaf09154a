// Type-checks code snippets (README examples) in memory against a package's sources, with the
// repository's strict compiler options: shared by every package's README test.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { REPO_ROOT } from '../lib/generated-files.mjs';

/** The bodies of the ```ts fenced blocks of a Markdown text, in order. */
export function tsCodeBlocks(markdown) {
  return [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
}

function baseCompilerOptions(root) {
  const file = path.join(REPO_ROOT, 'tsconfig.base.json');
  const { config } = ts.readConfigFile(file, ts.sys.readFile);
  return ts.convertCompilerOptionsFromJson(config.compilerOptions, root).options;
}

/**
 * @param {{ root: string, snippets: string[], paths: Record<string, string[]>, ambient?: string }} input
 *   `root`: the package directory; `paths`: module name -> source file(s), relative to `root`;
 *   `ambient`: declarations for modules the snippets mention but the repository does not install.
 * @returns {string[]} one line per diagnostic in a snippet (`snippet N:line message`); empty when all compile
 */
export function typecheckSnippets({ root, snippets, paths, ambient }) {
  const files = new Map(
    snippets.map((code, i) => [path.join(root, 'test', `__snippet_${i}.ts`), `${code}\nexport {};\n`]),
  );
  if (ambient) files.set(path.join(root, 'test', '__snippet_ambient.d.ts'), ambient);
  const options = { ...baseCompilerOptions(root), noEmit: true, types: ['node'], baseUrl: root, paths };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) => {
    const code = files.get(name);
    return code === undefined
      ? getSourceFile(name, language, ...rest)
      : ts.createSourceFile(name, code, language, true);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => files.has(name) || fileExists(name);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => files.get(name) ?? readFile(name);
  const program = ts.createProgram([...files.keys()], options, host);
  // The snippets' diagnostics only: the checker then looks at the package's sources only as far as the
  // snippets use them (the package's own `typecheck` target checks all of them).
  const snippetFiles = [...files.keys()]
    .map((name) => program.getSourceFile(name))
    .filter((file) => file !== undefined);
  return [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...snippetFiles.flatMap((file) => [
      ...program.getSyntacticDiagnostics(file),
      ...program.getSemanticDiagnostics(file),
    ]),
  ]
    .filter((d) => d.file === undefined || files.has(d.file.fileName))
    .map((d) => {
      const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : '';
      const snippet = d.file ? path.basename(d.file.fileName, '.ts').replace('__snippet_', 'snippet ') : '';
      return `${snippet}:${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
}

/** The README of a package, read as text. */
export function readReadme(root) {
  return readFileSync(path.join(root, 'README.md'), 'utf8');
}
