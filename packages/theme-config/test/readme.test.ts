// Every ```ts example of the README type-checks against the package's sources.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from './helpers.js';

const readme = readFileSync(path.join(PACKAGE_ROOT, 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');

describe('README examples', () => {
  it('exist for every feature', () => {
    const all = blocks.join('\n');
    for (const name of ['validateConfigDir', 'validateConfigText', 'validateConfig', 'loadConfigDir', 'normalizeConfig', 'VALIDATORS', 'IBlockEntry', 'EStoreLanguage']) {
      expect(all, name).toContain(name);
    }
  });

  it('type-check', () => {
    const base = ts.readConfigFile(path.join(PACKAGE_ROOT, '../../tsconfig.base.json'), ts.sys.readFile).config as { compilerOptions: object };
    const { options } = ts.convertCompilerOptionsFromJson(base.compilerOptions, PACKAGE_ROOT);
    const files = new Map(blocks.map((code, i) => [path.join(PACKAGE_ROOT, 'test', `readme-example-${i}.ts`), `${code}\nexport {};\n`]));
    const host = ts.createCompilerHost(options);
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (fileName, languageVersion, ...rest) => {
      const text = files.get(fileName);
      return text !== undefined ? ts.createSourceFile(fileName, text, languageVersion, true) : getSourceFile(fileName, languageVersion, ...rest);
    };
    const fileExists = host.fileExists.bind(host);
    host.fileExists = (fileName) => files.has(fileName) || fileExists(fileName);
    const program = ts.createProgram(
      [...files.keys()],
      {
        ...options,
        noEmit: true,
        types: ['node'],
        baseUrl: PACKAGE_ROOT,
        paths: {
          '@commerce-kit/theme-config': ['src/index.ts'],
          '@commerce-kit/theme-config/validate': ['src/validate-entry.ts'],
        },
      },
      host,
    );
    const errors = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file !== undefined && files.has(d.file.fileName))
      .map((d) => `${path.basename(d.file?.fileName ?? '')}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(errors).toEqual([]);
  }, 60_000);
});
