// tools/typecheck.mjs: projects with the same compiler options share one program, a project with options
// of its own gets its own, and every error of every project is reported with its file.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../testing/temp-dir.mjs';
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
    const root = testTempDir('typecheck-');
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

  it("compiles each ```ts block of a published package's README as a module, reported on the README's line", () => {
    const root = testTempDir('typecheck-readme-');
    const readme = [
      '# probe',
      '',
      '```ts',
      'export const fine: number = 1;',
      '```',
      '',
      'Text.',
      '```ts',
      'const fine = 2; // a module of its own: no clash with the first block',
      "export const wrong: number = 'two';",
      '```',
      '',
    ].join('\n');
    const files = { 'index.ts': 'export {};\n', 'README.md': readme };
    const published = project(root, 'published', { lib: ['es2022'], noEmit: true }, files);
    writeFileSync(path.join(published, 'package.json'), '{ "name": "published" }');
    const internal = project(root, 'internal', { lib: ['es2022'], noEmit: true }, files);
    writeFileSync(path.join(internal, 'package.json'), '{ "name": "internal", "private": true }');
    const { diagnostics } = typecheck([published, internal]);
    expect(
      diagnostics.map((d) => {
        const { line } = ts.getLineAndCharacterOfPosition(/** @type {ts.SourceFile} */ (d.file), d.start ?? 0);
        return `${path.relative(root, d.file?.fileName ?? '')}:${line + 1}: TS${d.code}`;
      }),
    ).toEqual(['published/README.md.block-2.ts:10: TS2322']);
  });

  it("finds the repository's packages and examples", () => {
    const names = typecheckedProjects().map((dir) => path.basename(dir));
    expect(names).toEqual(expect.arrayContaining(['api-client', 'sandbox', 'redis', 'internal', 'app', 'vscode']));
  });
});
