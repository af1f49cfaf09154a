// The lint's import-cycle check (tools/lib/import-cycles.mjs) on small programs: type imports count, a dynamic
// import() does not, and every file of a cycle is named with the imports that keep it there.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { importCycleReport, stronglyConnected } from '../lib/import-cycles.mjs';
import { testTempDir } from '../testing/temp-dir.mjs';

/** A program (no standard library: only the imports matter) of `files` written in a temp dir. */
function program(files) {
  const root = testTempDir('import-cycles-');
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
  const options = { noLib: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext };
  const rootNames = Object.keys(files).map((name) => path.join(root, name));
  return { root, programs: [ts.createProgram({ rootNames, options })] };
}

describe('import cycles', () => {
  it('a type-only import closes a cycle; each file is named with the import that keeps it there', () => {
    const { root, programs } = program({
      'options.ts': "import { open } from './store.js';\nexport type Mode = 'a' | 'b';\nexport const o = open;\n",
      'store.ts':
        "import type { Mode } from './options.js';\nexport function open(mode: Mode): Mode { return mode; }\n",
      'leaf.ts': "import { open } from './store.js';\nexport const l = open;\n",
    });
    const report = importCycleReport(ts, programs, root);
    expect(report.cycles).toBe(1);
    expect(report.text).toBe(
      'import cycle of 2 file(s):\n  options.ts:1: imports store.ts\n  store.ts:1: imports options.ts\nimport cycles: 1 in 3 files\n',
    );
  });

  it('re-exports and import() types count; a dynamic import() call does not', () => {
    const { root, programs } = program({
      'a.ts': "export * from './b.js';\nexport const a = 1;\n",
      'b.ts': "export type B = import('./a.js').A;\nexport const lazy = () => import('./c.js');\n",
      'c.ts': "import { a } from './a.js';\nexport const c = a;\n",
    });
    const text = importCycleReport(ts, programs, root).text;
    expect(text).toContain('a.ts:1: imports b.ts');
    expect(text).toContain('b.ts:1: imports a.ts');
    expect(text).not.toContain('c.ts');
  });

  it('finds every strongly connected component, self-imports included, on a long chain without recursion', () => {
    const graph = new Map();
    const n = 20_000;
    for (let i = 0; i < n; i++) graph.set(`f${i}`, new Map([[`f${(i + 1) % n}`, 1]]));
    graph.set('self', new Map([['self', 1]]));
    graph.set('alone', new Map([['f0', 1]]));
    const components = stronglyConnected(graph);
    expect(components.map((c) => c.length).sort((a, b) => a - b)).toEqual([1, n]);
    expect(components.find((c) => c.length === 1)).toEqual(['self']);
  });
});
