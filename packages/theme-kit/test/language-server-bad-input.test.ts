// The language server on bad input, over stdio (one server process for the file): a tag typed one
// keystroke at a time with completion and hover asked after each, a 10,000-line buffer, a 5 MB template,
// a binary `.liquid` file, JSON with comments and trailing commas, a theme without config files, a folder
// and a whole theme deleted under it, a cancelled request. It stays up and answers.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  CancellationTokenSource,
  CompletionRequest,
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DidOpenTextDocumentNotification,
  FileChangeType,
  HoverRequest,
  LSPErrorCodes,
  type Position,
  ResponseError,
} from 'vscode-languageserver-protocol/node.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { type LanguageClient, startLanguageClient, uri } from './support/language-server.js';
import { makeTheme, starterSpec } from './support/theme.js';

const starter = testTempDir('theme-kit-test-');
const bare = testTempDir('theme-kit-test-');
let client: LanguageClient;
const versions = new Map<string, number>();

beforeAll(async () => {
  makeTheme(starterSpec(), starter);
  // A theme without config files: its templates alone make it one.
  makeTheme({ 'templates/index.liquid': '<h1>{{ store.storeName }}</h1>\n' }, bare);
  client = await startLanguageClient([starter, bare]);
});

afterAll(async () => {
  await client?.stop();
});

async function open(file: string, text: string, languageId = 'liquid'): Promise<void> {
  versions.set(file, 1);
  await client.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri: uri(file), languageId, version: 1, text },
  });
}

async function insert(file: string, at: Position, text: string): Promise<void> {
  const version = (versions.get(file) ?? 1) + 1;
  versions.set(file, version);
  await client.connection.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri: uri(file), version },
    contentChanges: [{ range: { start: at, end: at }, text }],
  });
}

const endOf = (text: string): Position => {
  const lines = text.split('\n');
  return { line: lines.length - 1, character: (lines.at(-1) ?? '').length };
};

/** The server still answers: a hover on the starter theme's home page. */
async function answers(): Promise<void> {
  const index = path.join(starter, 'templates/index.liquid');
  const text = readFileSync(index, 'utf8');
  const before = text.slice(0, text.indexOf('store.storeName') + 'store.store'.length).split('\n');
  const hover = await client.connection.sendRequest(HoverRequest.type, {
    textDocument: { uri: uri(index) },
    position: { line: before.length - 1, character: (before.at(-1) ?? '').length },
  });
  expect(JSON.stringify(hover?.contents)).toContain('storeName');
}

describe('theme-kit language-server on bad input', () => {
  it('a tag typed one keystroke at a time into a real template, completion and hover asked after each', async () => {
    const file = path.join(starter, 'templates/product.liquid');
    const text = readFileSync(file, 'utf8');
    await open(file, text);
    const typed = "\n{% render 'product-card', product: product %}{{ product.title | upcase }}";
    let at = endOf(text);
    const answersToKeystrokes: Array<Promise<unknown>> = [];
    for (const char of typed) {
      await insert(file, at, char);
      at = char === '\n' ? { line: at.line + 1, character: 0 } : { line: at.line, character: at.character + 1 };
      const position = { ...at };
      answersToKeystrokes.push(
        client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri: uri(file) }, position }),
        client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: uri(file) }, position }),
      );
    }
    const settled = await Promise.allSettled(answersToKeystrokes);
    expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);
    // The last keystroke's diagnostics: the finished tag is valid, so nothing is left.
    expect(await client.nextDiagnostics(file, 0, (list) => list.length === 0)).toEqual([]);
    await answers();
  });

  it('a buffer of 10,000 lines is checked whole: a misspelt filter on its last line is reported', async () => {
    const file = path.join(starter, 'templates/long.liquid');
    const row = [
      '{%- for category in categories -%}',
      '  {%- if category.items.size > 0 -%}<a href="{{ category.url }}">{{ category.title | upcase }}</a>{%- endif -%}',
      '{%- endfor -%}',
    ];
    const lines = Array.from({ length: 9_999 }, (_, i) => row[i % 3] as string);
    lines.push('{{ store.storeName | downcasee }}');
    await open(file, lines.join('\n'));
    const diagnostics = await client.nextDiagnostics(file, 0, (list) => list.some((d) => d.code === 'unknown-filter'));
    expect(diagnostics.find((d) => d.code === 'unknown-filter')?.range.start.line).toBe(9_999);
    const completion = await client.connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri: uri(file) },
      position: { line: 9_999, character: '{{ store.'.length },
    });
    expect(JSON.stringify(completion)).toContain('storeName');
  });

  it('a 5 MB template is analysed partially, and says so in a diagnostic', async () => {
    const file = path.join(starter, 'templates/huge.liquid');
    const row = '<p>{{ store.storeName }} {% if store.showCurrency %}{{ store.currencyCode }}{% endif %}</p>\n';
    await open(file, row.repeat(Math.ceil(5_000_000 / row.length)));
    const diagnostics = await client.nextDiagnostics(file, 0);
    expect(diagnostics).toEqual([
      expect.objectContaining({ code: 'analysed-partial', severity: 3, source: 'theme-kit' }),
    ]);
    expect(diagnostics[0]?.message).toContain('analysed partially');
    await answers();
  });

  it('a binary file named .liquid is not analysed, and says so', async () => {
    const file = path.join(starter, 'snippets/blob.liquid');
    writeFileSync(file, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0xff]));
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: uri(file), type: FileChangeType.Created }],
    });
    const diagnostics = await client.nextDiagnostics(file, 0);
    expect(diagnostics.map((d) => d.code)).toEqual(['analysed-binary']);
    await answers();
  });

  it('a config buffer with comments and trailing commas gets diagnostics, not a crash', async () => {
    const file = path.join(starter, 'store.stk.config.json');
    const text = readFileSync(file, 'utf8')
      .replace('{', '{\n  // the store\n')
      .replace(/\n}\s*$/, ',\n}\n');
    await open(file, text, 'json');
    const diagnostics = await client.nextDiagnostics(file, 0);
    expect(diagnostics.every((d) => d.source === 'theme-kit')).toBe(true);
    await answers();
  });

  it('a theme without config files is a theme: its template gets diagnostics', async () => {
    const file = path.join(bare, 'templates/index.liquid');
    await open(file, readFileSync(file, 'utf8'));
    const diagnostics = await client.nextDiagnostics(file, 0);
    expect(Array.isArray(diagnostics)).toBe(true);
  });

  it('a folder deleted under the server: the layout reports the snippets it lost', async () => {
    const layout = path.join(starter, 'layout/theme.liquid');
    await open(layout, readFileSync(layout, 'utf8'));
    const before = client.published(layout)?.count ?? 0;
    rmSync(path.join(starter, 'snippets'), { recursive: true });
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: uri(path.join(starter, 'snippets')), type: FileChangeType.Deleted }],
    });
    const diagnostics = await client.nextDiagnostics(layout, before, (list) =>
      list.some((d) => d.code === 'missing-snippet'),
    );
    expect(diagnostics.filter((d) => d.code === 'missing-snippet').map((d) => d.message)).toEqual(
      expect.arrayContaining([expect.stringContaining('header'), expect.stringContaining('footer')]),
    );
    mkdirSync(path.join(starter, 'snippets'));
    await answers();
  });

  it('a whole theme deleted under the server: its diagnostics are withdrawn', async () => {
    const file = path.join(bare, 'templates/other.liquid');
    writeFileSync(file, '{{ store.storeName | nope }}\n');
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: uri(file), type: FileChangeType.Created }],
    });
    await client.nextDiagnostics(file, 0, (list) => list.length > 0);
    const seen = client.published(file)?.count ?? 0;
    rmSync(bare, { recursive: true });
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: uri(bare), type: FileChangeType.Deleted }],
    });
    expect(await client.nextDiagnostics(file, seen)).toEqual([]);
    await answers();
  });

  it('hovers asked in a burst: the last one answers, the ones it supersedes answer nothing or the same', async () => {
    const index = path.join(starter, 'templates/index.liquid');
    const text = readFileSync(index, 'utf8');
    const before = text.slice(0, text.indexOf('store.storeName') + 'store.store'.length).split('\n');
    const position = { line: before.length - 1, character: (before.at(-1) ?? '').length };
    const hovers = await Promise.all(
      Array.from({ length: 5 }, () =>
        client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: uri(index) }, position }),
      ),
    );
    expect(JSON.stringify(hovers.at(-1)?.contents)).toContain('storeName');
    for (const hover of hovers) if (hover !== null) expect(JSON.stringify(hover.contents)).toContain('storeName');
  });

  it('a cancelled completion answers nothing', async () => {
    const file = path.join(starter, 'templates/index.liquid');
    const source = new CancellationTokenSource();
    const pending = client.connection.sendRequest(
      CompletionRequest.type,
      { textDocument: { uri: uri(file) }, position: { line: 0, character: 0 } },
      source.token,
    );
    source.cancel();
    const outcome = await pending.then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    );
    if ('error' in outcome) {
      expect(outcome.error).toBeInstanceOf(ResponseError);
      expect((outcome.error as ResponseError<unknown>).code).toBe(LSPErrorCodes.RequestCancelled);
    } else expect(outcome.result === null || (Array.isArray(outcome.result) && outcome.result.length === 0)).toBe(true);
    await answers();
    expect(client.stderr()).not.toContain('unhandled');
  });
});
