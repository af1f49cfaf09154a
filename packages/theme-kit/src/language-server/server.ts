/**
 * The theme language server: the LSP adapter over a {@link ThemeWorkspace}. It keeps the editor's buffers
 * (incremental sync), follows files changed on disk, runs `theme-kit check`'s checks a moment after each
 * change and publishes the diagnostics of every file whose diagnostics changed (a document opened before the
 * theme's first check gets its own at once, see `first-check.ts`), and answers the editor features from
 * `src/language/`, loaded when first needed. It holds no theme knowledge of its own.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { systemClock, type Clock } from '@commerce-kit/internal/clock';
import {
  type CancellationToken,
  type ClientCapabilities,
  CodeActionKind,
  type Connection,
  DidChangeWatchedFilesNotification,
  type InitializeResult,
  TextDocumentSyncKind,
  TextDocuments,
} from 'vscode-languageserver/node.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { LanguageContext, LanguageContextOptions } from '../language/index.js';
import { ThemeWorkspace } from '../workspace/theme-workspace.js';
import type { ThemeView, WorkspaceTheme } from '../workspace/workspace-theme.js';
import type { ThemeDiagnostic } from '../diagnostics.js';
import { type CheckRunner, checkRunner, inThreadRunner } from './check-runner.js';
import { type DiagnosticsByFile, type EditTarget, quickFixes, toPublished } from './diagnostics.js';
import { checkOpenedFirst } from './first-check.js';

/** Options of {@link startThemeLanguageServer}. */
export interface ThemeLanguageServerOptions {
  /** Times the wait between a change and its checks (default: the system clock). */
  readonly clock?: Clock | undefined;
  /** How long after the last change the checks run, in ms (default 50). */
  readonly debounceMs?: number | undefined;
  /** The longest text analysed as a whole (see `ThemeWorkspaceOptions`). */
  readonly maxAnalysedLength?: number | undefined;
  /** Options of the features' context (the mock store's seed and date for hover values). */
  readonly language?: LanguageContextOptions | undefined;
  /**
   * Check a theme holding a long file (100,000 characters or more) in a worker thread, so that its checks
   * never hold up completion or hover (default: true; from sources, or where the worker cannot start, they
   * run in the server's thread like every other theme's).
   */
  readonly checkWorker?: boolean | undefined;
  /** Name and version the server gives in its `initialize` answer. */
  readonly serverInfo?: { readonly name: string; readonly version?: string | undefined } | undefined;
}

/** Characters after which the editor asks for completions. */
export const COMPLETION_TRIGGERS = ['.', "'", '"', '|', '%', '{', ' '];

/** What the server watches on disk (registered with clients that allow it). */
const WATCHED = ['**/*.liquid', '**/*.stk.config.json', '**/assets/**', '**/{templates,layout,snippets,blocks,assets}'];

/** The server's state for one theme. */
interface ThemeState {
  /** Bumped by every change: a debounced run that is no longer the last one does nothing. */
  ticket: number;
  controller: AbortController | undefined;
  /** A check is running; `again`: a change came meanwhile, so another run follows it. */
  running: boolean;
  again: boolean;
  /** What was published last, by file, and the key compared to know whether it changed. */
  published: DiagnosticsByFile;
  keys: Map<string, string>;
  context: LanguageContext | undefined;
  contextVersion: number;
  /** The whole theme's diagnostics have been published once (until then, opened documents get theirs first). */
  checked: boolean;
}

const DEFAULT_DEBOUNCE_MS = 50;

/** The file path of a `file:` URI, or undefined for another scheme. */
function pathOf(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return path.resolve(fileURLToPath(uri));
  } catch {
    return undefined;
  }
}

/** The editor features (`src/language/`, with the mock store behind hover's values). */
type Features = typeof import('../language/index.js');

/** Lets queued messages (a `$/cancelRequest` for this request) be read before the work starts. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Registers the server's handlers on `connection` (the caller calls `connection.listen()`). */
export function startThemeLanguageServer(connection: Connection, options: ThemeLanguageServerOptions = {}): void {
  const clock = options.clock ?? systemClock;
  const debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
  const workspace = new ThemeWorkspace({ maxAnalysedLength: options.maxAnalysedLength });
  const documents = new TextDocuments(TextDocument);
  const states = new Map<WorkspaceTheme, ThemeState>();
  /** The URI the editor uses for a file, when it named it (else the file's own URL). */
  const uris = new Map<string, string>();
  let client: ClientCapabilities = {};
  let shutDown = false;
  let runner: CheckRunner = inThreadRunner();

  const log = (message: string, error?: unknown): void => {
    const detail =
      error === undefined ? '' : `: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
    connection.console.error(`theme-kit: ${message}${detail}`);
  };
  const logged =
    (what: string) =>
    (error: unknown): void =>
      log(what, error);

  const uriOf = (file: string): string => uris.get(file) ?? pathToFileURL(file).href;
  const target = (): EditTarget => ({
    uri: uriOf,
    version: (uri) => documents.get(uri)?.version ?? null,
    documentChanges: client.workspace?.workspaceEdit?.documentChanges === true,
  });

  const stateOf = (theme: WorkspaceTheme): ThemeState => {
    let state = states.get(theme);
    if (state === undefined) {
      state = {
        ticket: 0,
        controller: undefined,
        running: false,
        again: false,
        published: new Map(),
        keys: new Map(),
        context: undefined,
        contextVersion: -1,
        checked: false,
      };
      states.set(theme, state);
    }
    return state;
  };

  /** Publishes the diagnostics of `view` for every file whose diagnostics changed. */
  const publish = (
    theme: WorkspaceTheme,
    state: ThemeState,
    view: ThemeView,
    diagnostics: readonly ThemeDiagnostic[],
  ): void => {
    const byFile = toPublished(view.snapshot, diagnostics, view.notes);
    // An open document hears about its diagnostics even when it has none.
    for (const document of documents.all()) {
      const file = pathOf(document.uri);
      if (file !== undefined && !byFile.has(file) && workspace.loadedThemeOf(file) === theme) byFile.set(file, []);
    }
    const keys = new Map<string, string>();
    for (const [file, list] of byFile) {
      const diagnostics = list.map((p) => p.diagnostic);
      const key = JSON.stringify(diagnostics);
      keys.set(file, key);
      if (state.keys.get(file) === key) continue;
      const uri = uriOf(file);
      const version = documents.get(uri)?.version;
      void connection
        .sendDiagnostics({ uri, diagnostics, ...(version === undefined ? {} : { version }) })
        .catch(logged('publishing diagnostics failed'));
    }
    for (const [file, key] of state.keys) {
      if (!keys.has(file) && key !== '[]')
        void connection
          .sendDiagnostics({ uri: uriOf(file), diagnostics: [] })
          .catch(logged('publishing diagnostics failed'));
    }
    state.keys = keys;
    state.published = byFile;
  };

  /**
   * Runs the checks of `theme` and publishes them, unless the theme changed meanwhile (the change's own run
   * publishes). One run per theme at a time: a run asked for during another follows it, on the latest texts.
   */
  const runChecks = async (theme: WorkspaceTheme, state: ThemeState): Promise<void> => {
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = true;
    try {
      do {
        state.again = false;
        const view = theme.view();
        const diagnostics = await runner.check(view.snapshot);
        // Published when the texts checked are still the theme's (a change made meanwhile, even one already
        // waiting to be checked, gets its own run).
        if (theme.version === view.version && !shutDown) {
          publish(theme, state, view, diagnostics);
          state.checked = true;
          preloadFeatures();
        }
      } while (state.again && !shutDown);
    } finally {
      state.running = false;
    }
  };

  /** Runs the checks of `theme` once no change has come for `debounceMs`; an earlier pending run is dropped. */
  const scheduleTheme = (theme: WorkspaceTheme): void => {
    if (shutDown) return;
    const state = stateOf(theme);
    state.controller?.abort();
    const controller = new AbortController();
    state.controller = controller;
    const ticket = ++state.ticket;
    clock.sleep(debounceMs, controller.signal).then(
      () => {
        if (ticket !== state.ticket || shutDown) return; // superseded by a later change
        state.controller = undefined;
        runChecks(theme, state).catch(logged(`checking ${theme.root} failed`));
      },
      () => undefined, // aborted: a later change scheduled its own run
    );
  };

  /**
   * Before the whole theme's first check: publishes the opened documents' diagnostics that a check of them
   * (and the snippets they render) finds exactly as the whole theme's does (see `first-check.ts`); the
   * whole theme's check publishes the rest.
   */
  const checkOpened = (theme: WorkspaceTheme): void => {
    const state = stateOf(theme);
    if (state.checked || state.running || shutDown) return;
    const view = theme.view();
    const opened: string[] = [];
    for (const document of documents.all()) {
      const file = pathOf(document.uri);
      if (file === undefined || workspace.loadedThemeOf(file) !== theme) continue;
      const entry = theme.entry(file);
      if (entry.kind === 'liquid') opened.push(entry.path);
    }
    const first = checkOpenedFirst(view.snapshot, opened);
    if (first === undefined) return;
    const notes = new Map([...view.notes].filter(([file]) => first.files.includes(file)));
    const byFile = toPublished(first.snapshot, first.diagnostics, notes);
    for (const file of first.files) {
      const list = byFile.get(file) ?? [];
      const diagnostics = list.map((p) => p.diagnostic);
      const key = JSON.stringify(diagnostics);
      state.published.set(file, list);
      if (state.keys.get(file) === key) continue;
      state.keys.set(file, key);
      const uri = uriOf(file);
      const version = documents.get(uri)?.version;
      void connection
        .sendDiagnostics({ uri, diagnostics, ...(version === undefined ? {} : { version }) })
        .catch(logged('publishing diagnostics failed'));
    }
  };

  const scheduleFile = async (file: string, opened = false): Promise<void> => {
    const theme = await workspace.themeOf(file);
    if (theme === undefined) return;
    if (opened) {
      try {
        checkOpened(theme);
      } catch (error) {
        log(`checking ${file} first failed`, error); // the whole theme's check still runs
      }
    }
    scheduleTheme(theme);
  };

  /**
   * The editor features' module, loaded when first asked for, or once the whole theme's first diagnostics
   * are out: it and the mock store it draws hover values from are not on the way to the diagnostics.
   */
  let features: Promise<Features> | undefined;
  const loadFeatures = (): Promise<Features> => {
    if (features === undefined) {
      features = import('../language/index.js');
      features.catch(logged('loading the editor features failed')); // the requests answer their fallback
    }
    return features;
  };
  const preloadFeatures = (): void => {
    void loadFeatures().catch(() => undefined); // a failure is logged once, by loadFeatures
  };

  /** The features' context of `theme`, moved to its current snapshot. */
  const contextOf = (language: Features, theme: WorkspaceTheme): LanguageContext => {
    const state = stateOf(theme);
    const view = theme.view();
    if (state.context === undefined)
      state.context = language.createLanguageContext(view.snapshot, options.language ?? { clock });
    else if (state.contextVersion !== view.version) state.context.update(view.snapshot);
    state.contextVersion = view.version;
    return state.context;
  };

  /** The last completion and hover asked, by kind and document. */
  const latest = new Map<string, number>();
  let requests = 0;

  /**
   * Runs a feature for the document at `uri`, or answers `fallback` (not in a theme, cancelled or
   * superseded, failed).
   */
  const feature = async <T>(
    uri: string,
    token: CancellationToken,
    fallback: T,
    run: (language: Features, context: LanguageContext, file: string) => T,
    kind?: 'completion' | 'hover',
  ): Promise<T> => {
    const file = pathOf(uri);
    if (file === undefined) return fallback;
    // A completion or hover asked again on the same document before this one started supersedes it.
    const key = kind === undefined ? undefined : `${kind} ${uri}`;
    const ticket = ++requests;
    if (key !== undefined) latest.set(key, ticket);
    const theme = await workspace.themeOf(file);
    let language: Features;
    try {
      language = await loadFeatures();
    } catch {
      return fallback; // logged by loadFeatures
    }
    await nextTurn();
    if (theme === undefined || token.isCancellationRequested) return fallback;
    if (key !== undefined && latest.get(key) !== ticket) return fallback;
    try {
      return run(language, contextOf(language, theme), file);
    } catch (error) {
      log(`a request on ${file} failed`, error);
      return fallback;
    }
  };

  connection.onInitialize((params): InitializeResult => {
    client = params.capabilities;
    const folders = params.workspaceFolders?.map((folder) => pathOf(folder.uri)) ?? [
      params.rootUri ? pathOf(params.rootUri) : (params.rootPath ?? undefined),
    ];
    workspace.setFolders(folders.filter((folder): folder is string => folder !== undefined));
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        completionProvider: { triggerCharacters: COMPLETION_TRIGGERS, resolveProvider: false },
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        documentLinkProvider: { resolveProvider: false },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
      },
      serverInfo: {
        name: options.serverInfo?.name ?? 'theme-kit',
        ...(options.serverInfo?.version === undefined ? {} : { version: options.serverInfo.version }),
      },
    };
  });

  connection.onInitialized(() => {
    if (options.checkWorker !== false)
      runner = checkRunner((reason) => log(`the checks run in the server's thread: ${reason}`));
    if (client.workspace?.didChangeWatchedFiles?.dynamicRegistration === true) {
      connection.client
        .register(DidChangeWatchedFilesNotification.type, { watchers: WATCHED.map((globPattern) => ({ globPattern })) })
        .catch(logged('watching files failed'));
    }
    // The themes of the workspace folders (a folder, or the folders directly in it), checked from the start.
    void (async () => {
      for (const folder of workspace.folders) {
        const candidates = [folder];
        const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
        for (const entry of entries)
          if (entry.isDirectory() && !entry.name.startsWith('.')) candidates.push(path.join(folder, entry.name));
        for (const dir of candidates) if (await workspace.isThemeRoot(dir)) scheduleTheme(await workspace.theme(dir));
      }
    })().catch(logged('reading the workspace folders failed'));
  });

  /** Documents opened whose first content has not been taken in yet. */
  const opening = new Set<string>();
  documents.onDidOpen(({ document }) => {
    opening.add(document.uri);
  });

  documents.onDidChangeContent(({ document }) => {
    const opened = opening.delete(document.uri);
    const file = pathOf(document.uri);
    if (file === undefined) return;
    uris.set(file, document.uri);
    workspace.setBuffer(file, document.getText());
    scheduleFile(file, opened).catch(logged(`reading the theme of ${file} failed`));
  });

  documents.onDidClose(({ document }) => {
    const file = pathOf(document.uri);
    if (file === undefined) return;
    workspace.closeBuffer(file);
    // The disk's text counts again; a client that reports no file changes may have saved it since.
    workspace
      .diskChanged([file])
      .then((themes) => {
        for (const theme of themes) scheduleTheme(theme);
      })
      .catch(logged(`reading ${file} failed`));
  });

  connection.onDidChangeWatchedFiles(({ changes }) => {
    const files = changes.map((change) => pathOf(change.uri)).filter((file): file is string => file !== undefined);
    workspace
      .diskChanged(files)
      .then((themes) => {
        for (const theme of themes) scheduleTheme(theme);
      })
      .catch(logged('reading changed files failed'));
  });

  connection.onCompletion(({ textDocument, position }, token) =>
    feature(
      textDocument.uri,
      token,
      [],
      (language, context, file) => language.complete(context, file, position),
      'completion',
    ),
  );
  connection.onHover(({ textDocument, position }, token) =>
    feature(
      textDocument.uri,
      token,
      null,
      (language, context, file) => language.hover(context, file, position),
      'hover',
    ),
  );
  connection.onDefinition(({ textDocument, position }, token) =>
    feature(textDocument.uri, token, [], (language, context, file) => language.definition(context, file, position)),
  );
  connection.onReferences(({ textDocument, position }, token) =>
    feature(textDocument.uri, token, [], (language, context, file) => language.references(context, file, position)),
  );
  connection.onPrepareRename(({ textDocument, position }, token) =>
    feature(textDocument.uri, token, null, (language, context, file) =>
      language.prepareRename(context, file, position),
    ),
  );
  connection.onRenameRequest(({ textDocument, position, newName }, token) =>
    feature(textDocument.uri, token, null, (language, context, file) =>
      language.rename(context, file, position, newName),
    ),
  );
  connection.onDocumentLinks(({ textDocument }, token) =>
    feature(textDocument.uri, token, [], (language, context, file) => language.documentLinks(context, file)),
  );
  connection.onCodeAction(async ({ textDocument, range, context }) => {
    const file = pathOf(textDocument.uri);
    if (file === undefined) return [];
    const theme = await workspace.themeOf(file);
    if (theme === undefined) return [];
    return quickFixes(stateOf(theme).published.get(file) ?? [], context.diagnostics, range, target());
  });

  connection.onShutdown(() => {
    shutDown = true;
    for (const state of states.values()) state.controller?.abort();
    return runner.close();
  });

  documents.listen(connection);
}
