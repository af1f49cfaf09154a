// The server's wait between a change and its checks, on a ManualClock: the server runs in this process,
// connected to a protocol client through in-memory streams. The opened document gets its own diagnostics at
// once (language-server-first-check.test.ts); after that, nothing is checked while the clock stands still,
// and a burst of changes becomes one check of the last text, published once.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  HoverRequest,
} from 'vscode-languageserver-protocol/node.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { waitFor } from '../../../tools/testing/wait-for.mjs';
import { ManualClock } from '../src/testing/index.js';
import { type InProcessServer, startInProcessServer, uri } from './support/language-server.js';
import { makeTheme, starterSpec } from './support/theme.js';

const DEBOUNCE_MS = 80;
const dir = testTempDir('theme-kit-test-');
const clock = new ManualClock('2024-06-01T00:00:00Z');
let lsp: InProcessServer;
let client: InProcessServer['client'];
let published: InProcessServer['published'];

beforeAll(async () => {
  makeTheme(starterSpec(), dir);
  lsp = await startInProcessServer(dir, { clock, debounceMs: DEBOUNCE_MS, checkWorker: false });
  ({ client, published } = lsp);
});

afterAll(() => lsp.dispose());

describe('theme-kit language server: diagnostics after a change', () => {
  it('waits for the clock, then checks a burst of changes once, on the last text', async () => {
    const file = path.join(dir, 'templates/index.liquid');
    const text = readFileSync(file, 'utf8');
    await client.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri: uri(file), languageId: 'liquid', version: 1, text },
    });
    await waitFor(() => published.length === 1, { message: 'the first diagnostics of the opened template' });
    expect(published[0]).toMatchObject({ uri: uri(file), version: 1, diagnostics: [] });
    published.length = 0;
    // Three changes: ` |`, ` x`, then `x` becomes the misspelt `upcasee`: `{{ store.storeName | upcasee }}`.
    const line = text.split('\n').findIndex((l) => l.includes('{{ store.storeName }}'));
    const at = (text.split('\n')[line] ?? '').indexOf(' }}');
    const pos = (offset: number) => ({ line, character: at + offset });
    const changes = [
      { range: { start: pos(0), end: pos(0) }, text: ' |' },
      { range: { start: pos(2), end: pos(2) }, text: ' x' },
      { range: { start: pos(3), end: pos(4) }, text: 'upcasee' },
    ];
    for (const [i, change] of changes.entries()) {
      await client.sendNotification(DidChangeTextDocumentNotification.type, {
        textDocument: { uri: uri(file), version: i + 2 },
        contentChanges: [change],
      });
    }
    // A request answered after the changes: the server has taken every one of them in.
    await client.sendRequest(HoverRequest.type, {
      textDocument: { uri: uri(file) },
      position: { line: 0, character: 0 },
    });
    await waitFor(() => clock.pending === 1, { message: 'one debounced check waiting on the clock' });
    expect(published).toEqual([]);

    await clock.advance(DEBOUNCE_MS - 1);
    expect(clock.pending).toBe(1);
    expect(published).toEqual([]);

    await clock.advance(1);
    await waitFor(() => published.length > 0, { message: 'the diagnostics of the burst' });
    expect(clock.pending).toBe(0); // no other run is waiting: this was the only one
    const forFile = published.filter((p) => p.uri === uri(file));
    expect(forFile).toHaveLength(1);
    expect(forFile[0]?.version).toBe(4);
    const filter = forFile[0]?.diagnostics.find((d) => d.code === 'unknown-filter');
    expect(filter?.range.start).toEqual({ line, character: at + ' | '.length });
    expect(filter?.message).toContain('upcasee');
  });
});
