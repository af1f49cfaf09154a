// Import cycles between the repository's own source files, type imports included: a layer that imports a type
// from a module above it ties the two together (`import type` today, a value import the next time someone
// moves a constant), so no package may have one. Read from the TypeScript programs the lint process builds
// anyway: each file's static imports and re-exports (`import`, `import type`, `export … from`, `import x =
// require()`, `import('…').T` in a type), resolved as the program resolves them. A dynamic `import()` call
// is a lazy load at run time, not a static dependency, and is left out. Files of node_modules and of built
// `dist/` folders are not the repository's sources, and another package reached through its built
// declarations is not an edge.
import path from 'node:path';

/** The module names a source file imports statically, each with the node that names it. */
function staticImports(ts, sourceFile) {
  const found = [];
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      found.push(node.moduleSpecifier);
    else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    )
      found.push(node.moduleReference.expression);
    else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    )
      found.push(node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

const isOwnSource = (root, file) => {
  const relative = path.relative(root, file);
  return (
    !relative.startsWith('..') &&
    !path.isAbsolute(relative) &&
    !relative.split(path.sep).some((part) => part === 'node_modules' || part === 'dist')
  );
};

/**
 * The import graph of the repository's files in `programs`: file -> the files it imports, with the line of
 * each import (1-based) for the report.
 * @param {typeof import('typescript')} ts
 * @param {readonly import('typescript').Program[]} programs
 * @param {string} root
 * @returns {Map<string, Map<string, number>>}
 */
export function importGraph(ts, programs, root) {
  /** @type {Map<string, Map<string, number>>} */
  const graph = new Map();
  for (const program of programs) {
    const options = program.getCompilerOptions();
    const cache = ts.createModuleResolutionCache(program.getCurrentDirectory(), (name) => name, options);
    for (const sourceFile of program.getSourceFiles()) {
      const file = path.resolve(sourceFile.fileName);
      if (!isOwnSource(root, file) || program.isSourceFileFromExternalLibrary(sourceFile) || graph.has(file)) continue;
      /** @type {Map<string, number>} */
      const edges = new Map();
      graph.set(file, edges);
      for (const specifier of staticImports(ts, sourceFile)) {
        const mode = program.getModeForUsageLocation(sourceFile, specifier);
        // The program has resolved every import already; `getResolvedModule` is not in TypeScript's typings
        // (it is on the program object since 5.3), so resolving again is the fallback.
        const { resolvedModule } =
          program.getResolvedModule?.(sourceFile, specifier.text, mode) ??
          ts.resolveModuleName(specifier.text, file, options, ts.sys, cache, undefined, mode);
        if (!resolvedModule || resolvedModule.isExternalLibraryImport) continue;
        const target = path.resolve(resolvedModule.resolvedFileName);
        if (!isOwnSource(root, target) || edges.has(target)) continue;
        edges.set(target, sourceFile.getLineAndCharacterOfPosition(specifier.getStart(sourceFile)).line + 1);
      }
    }
  }
  return graph;
}

/**
 * The graph's cycles: each strongly connected component of more than one file (or a file importing itself),
 * its files sorted (Tarjan's algorithm, iterative: a long chain of imports does not overflow the stack).
 * @param {Map<string, Map<string, number>>} graph
 * @returns {string[][]}
 */
export function stronglyConnected(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const components = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [{ node: start, edges: [...(graph.get(start)?.keys() ?? [])], i: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work.at(-1);
      if (frame.i < frame.edges.length) {
        const to = frame.edges[frame.i++];
        if (!graph.has(to)) continue;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edges: [...(graph.get(to)?.keys() ?? [])], i: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node), index.get(to)));
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.node, Math.min(low.get(parent.node), low.get(frame.node)));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      if (component.length > 1 || graph.get(frame.node)?.has(frame.node)) components.push(component.sort());
    }
  }
  return components.sort((a, b) => a[0].localeCompare(b[0]));
}

/**
 * The cycles among the repository's files in `programs`, as a report: each cycle's files, each with the
 * imports (file:line) that keep it in the cycle. Empty text when there is none.
 * @returns {{ cycles: number, text: string }}
 */
export function importCycleReport(ts, programs, root) {
  const graph = importGraph(ts, programs, root);
  const lines = [];
  const components = stronglyConnected(graph);
  for (const component of components) {
    const members = new Set(component);
    lines.push(`import cycle of ${component.length} file(s):`);
    for (const file of component)
      for (const [target, line] of graph.get(file) ?? [])
        if (members.has(target))
          lines.push(`  ${path.relative(root, file)}:${line}: imports ${path.relative(root, target)}`);
  }
  return {
    cycles: components.length,
    text: `${lines.join('\n')}${lines.length > 0 ? '\n' : ''}import cycles: ${components.length === 0 ? 'none' : components.length} in ${graph.size} files\n`,
  };
}
