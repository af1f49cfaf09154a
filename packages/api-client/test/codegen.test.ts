/**
 * The resource methods come from the spec and nothing else: for each fixture spec under test/codegen/
 * (one folder per feature, each with its own small spec), the generator's output is placed into a copy
 * of this package's src, type-checked with the fixture's `usage.ts`, and run against a loopback server.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { ResourceNamingError, loadSpec, resourceModel, resourcesModule } from '../../../tools/api-client/generate.mjs';
import { InvalidRequestError } from '../src/index.js';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const FIXTURES = join(ROOT, 'test', 'codegen');
// Inside the package, so `@commerce-kit/internal/*` resolves as it does for src (git-ignored).
const OUT = join(FIXTURES, '.tmp');
const REPO = join(ROOT, '..', '..');

afterAll(() => rmSync(OUT, { recursive: true, force: true }));

/** A parsed OpenAPI document: the generator reads it as plain JSON data. */
type SpecDocument = Record<string, unknown>;

const readYaml = (file: string): SpecDocument => YAML.parse(readFileSync(join(FIXTURES, file), 'utf8')) as SpecDocument;

function compilerOptions(dir: string): ts.CompilerOptions {
  const { config } = ts.readConfigFile(join(REPO, 'tsconfig.base.json'), ts.sys.readFile);
  const options = ts.convertCompilerOptionsFromJson(config.compilerOptions, dir).options;
  return {
    ...options,
    noEmit: true,
    types: ['node'],
    baseUrl: dir,
    paths: { '@commerce-kit/api-types': ['fixture-types.ts'] },
  };
}

/**
 * Parsed declaration files of the standard library and node_modules, shared by the fixtures' programs:
 * they are the same for every fixture and most of a program's parse time.
 */
const librarySources = new Map<string, ts.SourceFile>();

function sharedLibraryHost(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (!fileName.includes('/node_modules/')) return getSourceFile(fileName, languageVersion, onError, shouldCreate);
    let source = librarySources.get(fileName);
    if (!source) {
      source = getSourceFile(fileName, languageVersion, onError, shouldCreate);
      if (source) librarySources.set(fileName, source);
    }
    return source;
  };
  return host;
}

/** A copy of src whose generated resources (and the types they import) come from `spec`; its diagnostics. */
async function buildFixture(feature: string, spec: SpecDocument): Promise<{ dir: string; diagnostics: string[] }> {
  const dir = join(OUT, feature);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join(ROOT, 'src'), join(dir, 'src'), { recursive: true, filter: (from) => !from.includes(`${sep}generated`) });
  mkdirSync(join(dir, 'src', 'generated'));
  writeFileSync(
    join(dir, 'src', 'generated', 'resources.ts'),
    resourcesModule(spec, { source: `test/codegen/${feature}` }),
  );
  writeFileSync(
    join(dir, 'fixture-types.ts'),
    astToString(
      await openapiTS(structuredClone(spec) as unknown as OpenAPI3, {
        silent: true,
        defaultNonNullable: false,
      }),
    ),
  );
  cpSync(join(FIXTURES, feature, 'usage.ts'), join(dir, 'usage.ts'));
  const options = compilerOptions(dir);
  const program = ts.createProgram([join(dir, 'usage.ts')], options, sharedLibraryHost(options));
  const diagnostics = ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file === undefined || d.file.fileName.startsWith(dir))
    .map(
      (d) => `${d.file ? relative(dir, d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
  return { dir, diagnostics };
}

interface Recorded {
  method: string;
  path: string;
  query: string;
  body: string;
}

/** A loopback server answering with `route`; records every request. */
async function serve(
  route: (req: Recorded) => { status: number; body?: unknown },
): Promise<{ url: string; requests: Recorded[]; close: () => Promise<void> }> {
  const requests: Recorded[] = [];
  const server = createServer((incoming: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
      const req = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.search,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(req);
      const { status, body } = route(req);
      res.writeHead(status, { 'content-type': 'application/json' }).end(body === undefined ? '' : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Usage = { run: (baseUrl: string) => Promise<Record<string, unknown>> };

describe('new-resource: a spec of its own, with a resource the repository spec does not have', () => {
  it('every authorized operation becomes a typed method; the health check (security: []) does not', async () => {
    const spec = readYaml('new-resource/openapi.yaml');
    expect(resourceModel(spec).map((r) => [r.name, r.methods.map((m) => m.name)])).toEqual([
      ['widgets', ['list', 'create', 'retrieve', 'update', 'del', 'archive', 'retrieveStats']],
      ['giftCards', ['list']],
    ]);
    const { dir, diagnostics } = await buildFixture('new-resource', spec);
    expect(diagnostics).toEqual([]);

    const widget = { id: 'w_1', name: 'Sprocket', archived: false };
    const server = await serve((req) => {
      if (req.method === 'POST' && req.path === '/widgets')
        return { status: 201, body: { ...widget, ...(JSON.parse(req.body) as object) } };
      if (req.method === 'GET' && req.path === '/widgets')
        return { status: 200, body: { limit: 2, has_more: false, data: [widget] } };
      if (req.method === 'GET' && req.path === '/widgets/w_1') return { status: 200, body: widget };
      if (req.method === 'PUT' && req.path === '/widgets/w_1')
        return { status: 201, body: { ...widget, ...(JSON.parse(req.body) as object) } };
      if (req.method === 'POST' && req.path === '/widgets/w_1/archive')
        return { status: 201, body: { ...widget, archived: true } };
      if (req.method === 'GET' && req.path === '/widgets/w_1/stats') return { status: 200, body: { uses: 3 } };
      if (req.method === 'DELETE' && req.path === '/widgets/w_1') return { status: 204 };
      if (req.method === 'GET' && req.path === '/gift_cards')
        return { status: 200, body: { limit: 10, has_more: false, data: [{ id: 'gc_1', balance: 500 }] } };
      return { status: 404, body: { type: 'not_found_error' } };
    });
    try {
      const usage = (await import(/* @vite-ignore */ pathToFileURL(join(dir, 'usage.ts')).href)) as Usage;
      const result = await usage.run(server.url);
      expect(result).toMatchObject({
        renamed: { name: 'Cog' },
        archived: { archived: true },
        uses: 3,
        balance: 500,
        deleted: undefined,
      });
      expect(server.requests.map((r) => `${r.method} ${r.path}${r.query}`)).toEqual([
        'POST /widgets',
        'GET /widgets/w_1',
        'PUT /widgets/w_1',
        'POST /widgets/w_1/archive',
        'GET /widgets/w_1/stats?days=7',
        'GET /widgets?limit=2',
        'GET /gift_cards',
        'DELETE /widgets/w_1',
      ]);
      expect(JSON.parse(server.requests[3]?.body ?? '')).toEqual({ reason: 'old' });

      // The bounds of this spec's parameters (limit <= 50, days <= 30) are checked before sending.
      const { createClient } = (await import(
        /* @vite-ignore */ pathToFileURL(join(dir, 'src', 'index.ts')).href
      )) as typeof import('../src/index.js');
      const client = createClient({ baseUrl: server.url, accessToken: 't', rateLimit: false }) as unknown as {
        widgets: { list(p: object): Promise<unknown>; retrieveStats(id: string, q: object): Promise<unknown> };
      };
      const sent = server.requests.length;
      for (const pending of [client.widgets.list({ limit: 51 }), client.widgets.retrieveStats('w_1', { days: 31 })]) {
        const error = await pending.catch((e: unknown) => e);
        expect(error).toBeInstanceOf(InvalidRequestError);
        expect((error as Error).message).toMatch(
          /^Refused before sending: (limit must be an integer between 1 and 50|days must be an integer between 1 and 30)/,
        );
      }
      expect(server.requests).toHaveLength(sent);
    } finally {
      await server.close();
    }
  }, 60_000);
});

describe('added-operation: one operation added to the repository spec', () => {
  it('appears on its resource, typed, next to the existing methods, and works', async () => {
    const spec = await loadSpec();
    const added = readYaml('added-operation/operation.yaml') as { path: string; item: Record<string, unknown> };
    spec['paths'] = { ...(spec['paths'] as Record<string, unknown>), [added.path]: added.item };
    const customers = resourceModel(spec).find((r) => r.name === 'customers');
    expect(customers?.methods.map((m) => m.name)).toEqual(['list', 'create', 'retrieve', 'update', 'del', 'addNote']);
    const { dir, diagnostics } = await buildFixture('added-operation', spec);
    expect(diagnostics).toEqual([]);
    const customer = {
      id: 'cus_1',
      created_time: '2026-01-01T00:00:00Z',
      first_name: 'A',
      last_name: 'B',
      email: 'a@b.c',
      company: null,
      delivery_address: null,
      billing_address: null,
    };
    const server = await serve((req) => {
      if (req.method === 'POST' && req.path === '/customers/cus_1/notes') return { status: 201, body: customer };
      if (req.method === 'GET' && req.path === '/customers')
        return { status: 200, body: { limit: 1, has_more: false, data: [customer] } };
      return { status: 404, body: { type: 'not_found_error' } };
    });
    try {
      const usage = (await import(/* @vite-ignore */ pathToFileURL(join(dir, 'usage.ts')).href)) as Usage;
      expect(await usage.run(server.url)).toEqual({ noted: customer, listed: 1 });
      expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ text: 'prefers email' });
    } finally {
      await server.close();
    }
  }, 60_000);
});

describe('naming: resources from tags, methods from operationIds', () => {
  it('follows the rules', () => {
    const spec = readYaml('naming/openapi.yaml');
    const expected = JSON.parse(readFileSync(join(FIXTURES, 'naming', 'expected.json'), 'utf8')) as Record<
      string,
      string[]
    >;
    const model = resourceModel(spec);
    expect(Object.fromEntries(model.map((r) => [r.name, r.methods.map((m) => m.name)]))).toEqual(expected);
    const listProducts = model.find((r) => r.name === 'categories')?.methods.find((m) => m.name === 'listProducts');
    expect(listProducts?.pathParams).toEqual([{ name: 'category-id', identifier: 'categoryId' }]);
    expect(listProducts?.list).toBe(false); // no cursors: a plain call, not a ListPromise
  });

  it('the committed module is what the generator makes of the repository spec', async () => {
    const committed = readFileSync(join(ROOT, 'src', 'generated', 'resources.ts'), 'utf8');
    expect(resourcesModule(await loadSpec())).toBe(committed);
  });
});

describe('specs the generator refuses, saying why', () => {
  it.each(['no-tag', 'duplicate-method', 'shadowing-tag'])('%s', (feature) => {
    expect(existsSync(join(FIXTURES, feature, 'error.txt'))).toBe(true);
    const message = readFileSync(join(FIXTURES, feature, 'error.txt'), 'utf8').trim();
    const spec = readYaml(`${feature}/openapi.yaml`);
    expect(() => resourceModel(spec)).toThrow(ResourceNamingError);
    expect(() => resourceModel(spec)).toThrow(message);
  });
});
