// Every valid example file type-checks against the hand-written interfaces (`satisfies`), and the
// interfaces reject what the schemas reject for blocks (a quote block with video settings).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { THEME_FILES } from '../src/index.js';
import { EXAMPLES, PACKAGE_ROOT, themeDirs } from './helpers.js';

const ROOT_TYPES: Record<string, string> = {
  store: 'StoreConfigFile',
  page: 'PageConfigFile',
  blog: 'BlogConfigFile',
  categories: 'CategoriesConfigFile',
  'editable-regions': 'EditableRegionsConfigFile',
  menus: 'MenusConfigFile',
  pagination: 'PaginationConfigFile',
};

function typecheck(sources: Record<string, string>): string[] {
  const base = ts.readConfigFile(path.join(PACKAGE_ROOT, '../../tsconfig.base.json'), ts.sys.readFile).config as {
    compilerOptions: object;
  };
  const { options } = ts.convertCompilerOptionsFromJson(base.compilerOptions, PACKAGE_ROOT);
  const files = new Map(Object.entries(sources).map(([name, text]) => [path.join(PACKAGE_ROOT, 'test', name), text]));
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    const text = files.get(fileName);
    return text !== undefined
      ? ts.createSourceFile(fileName, text, languageVersion, true)
      : getSourceFile(fileName, languageVersion, ...rest);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => files.has(fileName) || fileExists(fileName);
  const program = ts.createProgram([...files.keys()], { ...options, noEmit: true, types: [] }, host);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file === undefined || files.has(d.file.fileName))
    .map(
      (d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
}

function exampleModule(dir: string): string {
  const lines = [`import type * as T from '../src/generated/spec/index.js';`];
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.stk.config.json'))) {
    const info = THEME_FILES.find((f) => f.fileName === name);
    if (!info) continue;
    const json = readFileSync(path.join(dir, name), 'utf8');
    lines.push(
      `export const ${info.kind.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase())} = ${json.trim()} satisfies T.${ROOT_TYPES[info.kind]};`,
    );
  }
  return lines.join('\n');
}

describe('valid examples satisfy the TypeScript interfaces', () => {
  const dirs = themeDirs(path.join(EXAMPLES, 'valid'));

  it('every valid example file type-checks with `satisfies`', () => {
    const sources = Object.fromEntries(dirs.map((dir, i) => [`example-${i}.ts`, exampleModule(dir)]));
    expect(Object.keys(sources).length).toBe(dirs.length);
    expect(typecheck(sources)).toEqual([]);
  }, 60_000);

  it('the interfaces reject a quote block with video settings and a misspelled enum value', () => {
    const errors = typecheck({
      'negative.ts': [
        `import type * as T from '../src/generated/spec/index.js';`,
        `export const a = [{ regionName: 'r', blocks: [{ type: 'quote', props: { settings: { background_type: 'none', enable_header: false, height: 2, width: 100, poster: 'p.jpg' } } }] }] satisfies T.EditableRegionsConfigFile;`,
        `export const b = { numPages: 1, currentPage: 1, nextTitle: 3 } satisfies T.PaginationConfigFile;`,
        `export const c = [{ regionName: 'r', blocks: [{ type: 'text', props: { settings: { background_type: 'none', height: 2, width: 100, alignment: 'centre' } } }] }] satisfies T.EditableRegionsConfigFile;`,
      ].join('\n'),
    });
    expect(errors.join('\n')).toMatch(/poster/);
    expect(errors.join('\n')).toMatch(/nextTitle|number/);
    expect(errors.join('\n')).toMatch(/centre/);
  }, 60_000);
});
