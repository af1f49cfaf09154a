// tools/typecheck.mjs: projects with the same compiler options share one program, a project with options
// of its own gets its own, and every error of every project is reported with its file.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { typecheck, typecheckedProjects } from '../typecheck.mjs';

function project(root, name, compilerOptions, files) {
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { strict: true, types: [], ...compilerOptions } }),
  );
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return dir;
}

describe('typecheck', () => {
  it('one program per set of identical options; each error names its file', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'typecheck-'));
    const lib = { lib: ['es2022'], noEmit: true };
    const a = project(root, 'a', lib, { 'a.ts': "export const a: number = 'one';\n" });
    const b = project(root, 'b', lib, { 'b.ts': 'export const b: string = "two";\n' });
    const dom = project(
      root,
      'dom',
      { lib: ['es2022', 'dom'], noEmit: true },
      { 'c.ts': 'export const t = document.title;\n' },
    );
    const nodom = project(root, 'nodom', lib, { 'd.ts': 'export const t = document.title;\n' });
    const { diagnostics, programs } = typecheck([a, b, dom, nodom]);
    expect(programs).toBe(2);
    const errors = diagnostics.map((d) => `${path.relative(root, d.file?.fileName ?? '')}: TS${d.code}`);
    expect(errors.sort()).toEqual(['a/a.ts: TS2322', 'nodom/d.ts: TS2584']);
    expect(ts.flattenDiagnosticMessageText(diagnostics[0]?.messageText, '\n')).toMatch(/not assignable/);
  });

  it("finds the repository's packages and examples", () => {
    const names = typecheckedProjects().map((dir) => path.basename(dir));
    expect(names).toEqual(expect.arrayContaining(['api-client', 'sandbox', 'redis', 'internal', 'app']));
  });
});
