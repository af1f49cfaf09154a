// `theme-kit language-server --stdio` over the protocol, as an editor drives it: one server process for
// the file, a starter theme as the workspace folder, vscode-languageserver-protocol's client.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CodeActionRequest,
  CompletionRequest,
  type CompletionItem,
  type CompletionList,
  DefinitionRequest,
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DidOpenTextDocumentNotification,
  DocumentLinkRequest,
  FileChangeType,
  HoverRequest,
  type Location,
  type LocationLink,
  type MarkupContent,
  type Position,
  PrepareRenameRequest,
  ReferencesRequest,
  RenameRequest,
  type TextDocumentEdit,
} from 'vscode-languageserver-protocol/node.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { type LanguageClient, startLanguageClient, uri } from './support/language-server.js';
import { waitFor } from '../../../tools/testing/wait-for.mjs';
import { runInProcess } from './support/bin.js';
import { makeTheme, starterSpec } from './support/theme.js';

const dir = testTempDir('theme-kit-test-');
let client: LanguageClient;
const versions = new Map<string, number>();

beforeAll(async () => {
  makeTheme(starterSpec(), dir);
  client = await startLanguageClient([dir]);
});

afterAll(async () => {
  await client?.stop();
});

const file = (relative: string): string => path.join(dir, relative);

async function open(relative: string, text = readFileSync(file(relative), 'utf8')): Promise<string> {
  if (versions.has(relative)) return text; // already open
  versions.set(relative, 1);
  await client.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri: uri(file(relative)), languageId: 'liquid', version: 1, text },
  });
  return text;
}

/** Replaces the range `start`..`end` of an open document (an incremental change, as editors send them). */
async function edit(relative: string, start: Position, end: Position, text: string): Promise<void> {
  const version = (versions.get(relative) ?? 1) + 1;
  versions.set(relative, version);
  await client.connection.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri: uri(file(relative)), version },
    contentChanges: [{ range: { start, end }, text }],
  });
}

/** The 0-based position of the `occurrence`-th `needle` in `text`, plus `offset` characters. */
function positionOf(text: string, needle: string, offset = 0): Position {
  const index = text.indexOf(needle);
  if (index === -1) throw new Error(`${needle} not in the text`);
  const before = text.slice(0, index + offset).split('\n');
  return { line: before.length - 1, character: (before.at(-1) ?? '').length };
}

const items = (result: CompletionItem[] | CompletionList | null): CompletionItem[] =>
  result === null ? [] : Array.isArray(result) ? result : result.items;

describe('theme-kit language-server --stdio', () => {
  it('answers initialize with incremental sync and the features it serves', () => {
    const { capabilities, serverInfo } = client.initialized;
    expect(serverInfo?.name).toBe('theme-kit');
    expect(capabilities.textDocumentSync).toMatchObject({ openClose: true, change: 2 });
    expect(capabilities.completionProvider?.triggerCharacters).toEqual(
      expect.arrayContaining(['.', "'", '"', '|', '%', '{', ' ']),
    );
    expect(capabilities).toMatchObject({
      hoverProvider: true,
      definitionProvider: true,
      referencesProvider: true,
      renameProvider: { prepareProvider: true },
      documentLinkProvider: {},
      codeActionProvider: { codeActionKinds: ['quickfix'] },
    });
  });

  it('registers its file watchers with a client that allows it', async () => {
    const registration = await waitFor(() =>
      client.registrations().find((r) => r.method === DidChangeWatchedFilesNotification.method),
    );
    const globs = (registration.registerOptions as { watchers: Array<{ globPattern: string }> }).watchers.map(
      (w) => w.globPattern,
    );
    expect(globs).toEqual(expect.arrayContaining(['**/*.liquid', '**/*.stk.config.json', '**/assets/**']));
  });

  it('publishes the diagnostics of a template when it opens (none on the starter theme)', async () => {
    await open('templates/index.liquid');
    expect(await client.nextDiagnostics(file('templates/index.liquid'), 0)).toEqual([]);
  });

  it('reports an unknown filter typed into the buffer at its range, and offers the did-you-mean as a quick fix', async () => {
    const text = readFileSync(file('templates/index.liquid'), 'utf8');
    const at = positionOf(text, '{{ store.storeDescription }}', '{{ store.storeDescription'.length);
    const seen = client.published(file('templates/index.liquid'))?.count ?? 0;
    await edit('templates/index.liquid', at, at, ' | upcasee');
    const diagnostics = await client.nextDiagnostics(file('templates/index.liquid'), seen, (list) =>
      list.some((d) => d.code === 'unknown-filter'),
    );
    const filter = diagnostics.find((d) => d.code === 'unknown-filter');
    expect(filter).toMatchObject({
      source: 'theme-kit',
      severity: 1,
      range: {
        start: { line: at.line, character: at.character + 3 },
        end: { line: at.line, character: at.character + 3 + 'upcasee'.length },
      },
    });
    expect(filter?.message).toContain('upcase');

    const actions = await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri: uri(file('templates/index.liquid')) },
      range: filter!.range,
      context: { diagnostics: [filter!] },
    });
    const fix = actions?.find((a) => 'kind' in a && a.kind === 'quickfix');
    expect(fix).toMatchObject({ kind: 'quickfix', isPreferred: true, diagnostics: [filter] });
    const change = (fix as { edit?: { documentChanges?: TextDocumentEdit[] } }).edit?.documentChanges?.[0];
    expect(change?.textDocument.uri).toBe(uri(file('templates/index.liquid')));
    expect(change?.edits).toEqual([{ range: filter!.range, newText: 'upcase' }]);

    // Typed away again: the file is clean.
    const now = client.published(file('templates/index.liquid'))?.count ?? 0;
    await edit('templates/index.liquid', at, { line: at.line, character: at.character + ' | upcasee'.length }, '');
    expect(await client.nextDiagnostics(file('templates/index.liquid'), now, (list) => list.length === 0)).toEqual([]);
  });

  it("renaming a region in a template updates the config file's diagnostics at once, and renaming it back clears them", async () => {
    const config = file('editable-regions.stk.config.json');
    const text = readFileSync(file('templates/index.liquid'), 'utf8');
    const name = positionOf(text, "{% editable_region 'home' %}", "{% editable_region '".length);
    const before = client.published(config)?.count ?? 0;
    await edit('templates/index.liquid', name, { line: name.line, character: name.character + 4 }, 'homepage');
    const configured = await client.nextDiagnostics(config, before, (list) =>
      list.some((d) => d.code === 'unknown-region'),
    );
    const region = configured.find((d) => d.code === 'unknown-region');
    const configText = readFileSync(config, 'utf8');
    expect(region?.range.start).toEqual(positionOf(configText, '"home"'));
    expect(region?.message).toContain('home');
    const tags = await client.nextDiagnostics(file('templates/index.liquid'), 0, (list) =>
      list.some((d) => d.code === 'unconfigured-region'),
    );
    expect(tags.find((d) => d.code === 'unconfigured-region')?.range.start.line).toBe(name.line);

    const after = client.published(config)?.count ?? 0;
    await edit('templates/index.liquid', name, { line: name.line, character: name.character + 8 }, 'home');
    expect(await client.nextDiagnostics(config, after, (list) => list.length === 0)).toEqual([]);
  });

  it("completes the properties of `{{ store.` and hovers `store.storeName` with the mock store's value", async () => {
    const text = readFileSync(file('templates/index.liquid'), 'utf8');
    const end = positionOf(text, '<section class="intro">', '<section class="intro">'.length);
    await edit('templates/index.liquid', end, end, '{{ store.');
    const completion = await client.connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri: uri(file('templates/index.liquid')) },
      position: { line: end.line, character: end.character + '{{ store.'.length },
      context: { triggerKind: 2, triggerCharacter: '.' },
    });
    expect(items(completion).map((item) => item.label)).toContain('storeName');
    await edit('templates/index.liquid', end, { line: end.line, character: end.character + '{{ store.'.length }, '');

    const hover = await client.connection.sendRequest(HoverRequest.type, {
      textDocument: { uri: uri(file('templates/index.liquid')) },
      position: positionOf(text, 'store.storeName', 'store.store'.length),
    });
    const shown = (hover?.contents as MarkupContent | undefined)?.value ?? JSON.stringify(hover?.contents);
    const storeName = JSON.parse(readFileSync(file('store.stk.config.json'), 'utf8')).storeName as string;
    expect(shown).toContain(storeName);
  });

  it("goes from `{% render 'header' %}` to snippets/header.liquid", async () => {
    const text = await open('layout/theme.liquid');
    const result = await client.connection.sendRequest(DefinitionRequest.type, {
      textDocument: { uri: uri(file('layout/theme.liquid')) },
      position: positionOf(text, "{% render 'header' %}", "{% render 'he".length),
    });
    const targets = (Array.isArray(result) ? result : result === null ? [] : [result]) as Array<
      Location | LocationLink
    >;
    const target = targets.map((t) => ('targetUri' in t ? t.targetUri : t.uri));
    expect(target.map((u) => fileURLToPath(u))).toEqual([file('snippets/header.liquid')]);
  });

  it('serves references, document links, prepareRename and rename through the protocol', async () => {
    const layoutText = await open('layout/theme.liquid');
    const layout = uri(file('layout/theme.liquid'));
    const references = await client.connection.sendRequest(ReferencesRequest.type, {
      textDocument: { uri: layout },
      position: positionOf(layoutText, "{% render 'header' %}", "{% render 'he".length),
      context: { includeDeclaration: true },
    });
    expect(references?.map((r) => fileURLToPath(r.uri))).toContain(file('layout/theme.liquid'));

    const links = await client.connection.sendRequest(DocumentLinkRequest.type, { textDocument: { uri: layout } });
    expect(links?.map((l) => (l.target === undefined ? '' : fileURLToPath(l.target)))).toContain(
      file('snippets/header.liquid'),
    );

    const text = readFileSync(file('templates/index.liquid'), 'utf8');
    const name = positionOf(text, "{% editable_region 'home' %}", "{% editable_region 'ho".length);
    const prepared = await client.connection.sendRequest(PrepareRenameRequest.type, {
      textDocument: { uri: uri(file('templates/index.liquid')) },
      position: name,
    });
    expect(prepared).toMatchObject({ placeholder: 'home' });
    const edit = await client.connection.sendRequest(RenameRequest.type, {
      textDocument: { uri: uri(file('templates/index.liquid')) },
      position: name,
      newName: 'homepage',
    });
    const touched = (edit?.documentChanges ?? []).map((change) =>
      fileURLToPath('textDocument' in change ? change.textDocument.uri : 'uri' in change ? change.uri : change.oldUri),
    );
    expect(touched).toEqual(
      expect.arrayContaining([file('templates/index.liquid'), file('editable-regions.stk.config.json')]),
    );
  });

  it('offers to create a missing snippet: a CreateFile and its text in documentChanges', async () => {
    const layout = file('layout/theme.liquid');
    const text = await open('layout/theme.liquid');
    const at = positionOf(text, "{% render 'header' %}");
    const before = client.published(layout)?.count ?? 0;
    await edit('layout/theme.liquid', at, at, "{% render 'promo-bar' %}");
    const diagnostics = await client.nextDiagnostics(layout, before, (list) =>
      list.some((d) => d.code === 'missing-snippet'),
    );
    const missing = diagnostics.find((d) => d.code === 'missing-snippet')!;
    const actions = await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri: uri(layout) },
      range: missing.range,
      context: { diagnostics: [missing] },
    });
    const create = actions
      ?.map((a) => ('edit' in a ? a.edit?.documentChanges : undefined) ?? [])
      .find((changes) => changes.some((c) => 'kind' in c && c.kind === 'create'));
    expect(create?.[0]).toEqual({
      kind: 'create',
      uri: uri(file('snippets/promo-bar.liquid')),
      options: { ignoreIfExists: true },
    });
    expect(create?.[1]).toMatchObject({ textDocument: { uri: uri(file('snippets/promo-bar.liquid')), version: null } });

    const now = client.published(layout)?.count ?? 0;
    await edit(
      'layout/theme.liquid',
      at,
      { line: at.line, character: at.character + "{% render 'promo-bar' %}".length },
      '',
    );
    expect(await client.nextDiagnostics(layout, now, (list) => list.length === 0)).toEqual([]);
  });

  it('follows a file changed on disk: a snippet removed, then written again', async () => {
    const layout = file('layout/theme.liquid');
    const footer = readFileSync(file('snippets/footer.liquid'), 'utf8');
    const before = client.published(layout)?.count ?? 0;
    rmSync(file('snippets/footer.liquid'));
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: uri(file('snippets/footer.liquid')), type: FileChangeType.Deleted }],
    });
    const missing = await client.nextDiagnostics(layout, before, (list) =>
      list.some((d) => d.code === 'missing-snippet'),
    );
    expect(missing.find((d) => d.code === 'missing-snippet')?.message).toContain('footer');

    const now = client.published(layout)?.count ?? 0;
    writeFileSync(file('snippets/footer.liquid'), footer);
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: uri(file('snippets/footer.liquid')), type: FileChangeType.Created }],
    });
    expect(await client.nextDiagnostics(layout, now, (list) => list.length === 0)).toEqual([]);
  });

  it('logs nothing but protocol messages on stdout, and exits 0 after shutdown and exit', async () => {
    expect(client.stderr()).not.toContain('unhandled');
    expect(await client.stop()).toBe(0);
  });
});

describe('theme-kit language-server: its command line', () => {
  it.each(['--node-ipc', '--socket=6009', '--pipe=/tmp/x'])(
    '%s is a usage error naming the flag (exit 2)',
    async (flag) => {
      const run = await runInProcess(['language-server', flag]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`--${flag.slice(2).split('=')[0]} is not supported`);
      expect(run.stdout).toBe('');
    },
  );

  it('--clientProcessId must be a process id', async () => {
    const run = await runInProcess(['language-server', '--stdio', '--clientProcessId', 'code']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--clientProcessId must be');
  });
});
