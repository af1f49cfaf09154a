/**
 * The README's `ts` examples compile against the package source (strict settings of the repo),
 * so they cannot drift from the API.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');

describe('README examples', () => {
  it('has an example for every feature', () => {
    const all = blocks.join('\n');
    for (const feature of [
      'createClient(',
      'fetch: async (input, init)',
      'auth: loadToken',
      "request('GET'",
      'client.get(',
      'client.request(',
      '.list(',
      '.pages()',
      '.toArray({ max',
      'ending_before',
      'InvalidRequestError',
      'RateLimitError',
      'decideRetry(',
      'timeoutMs',
      'signal',
      'accountKey',
      'buildAuthorizeUrl(',
      'verifyState(',
      'exchangeCode(',
      'refreshAccessToken(',
      "clientAuth: 'basic'",
      'createTokenSession(',
      'onTokens',
    ]) {
      expect(all, feature).toContain(feature);
    }
  });

  it('every ts block type-checks', () => {
    const files = new Map(blocks.map((code, i) => [join(ROOT, 'test', `__readme_${i}.ts`), code]));
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: ['node'],
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      verbatimModuleSyntax: true,
      skipLibCheck: true,
      noEmit: true,
      baseUrl: ROOT,
      paths: {
        '@commerce-kit/api-client': ['src/index.ts'],
        '@commerce-kit/api-client/oauth': ['src/oauth/index.ts'],
      },
    };
    const host = ts.createCompilerHost(options);
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (name, language, onError) => {
      const code = files.get(name);
      return code === undefined ? getSourceFile(name, language, onError) : ts.createSourceFile(name, code, language);
    };
    const fileExists = host.fileExists.bind(host);
    host.fileExists = (name) => files.has(name) || fileExists(name);
    const readFile = host.readFile.bind(host);
    host.readFile = (name) => files.get(name) ?? readFile(name);
    const program = ts.createProgram([...files.keys()], options, host);
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file === undefined || files.has(d.file.fileName))
      .map((d) => {
        const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
        return `${d.file?.fileName ?? ''}:${where ? where.line + 1 : ''} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
      });
    expect(diagnostics).toEqual([]);
    expect(files.size).toBeGreaterThanOrEqual(8);
  }, 60_000);
});
