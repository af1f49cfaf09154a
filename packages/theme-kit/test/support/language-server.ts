/**
 * A language client for tests: the built `theme-kit language-server --stdio` as a child process, spoken to
 * with `vscode-languageserver-protocol`'s own connection (no hand-written JSON-RPC). Published diagnostics
 * are kept by URI, each with a count, so a test waits for the next publication of a file. Or the server in
 * this process, on the test's clock ({@link startInProcessServer}).
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import {
  type ClientCapabilities,
  createProtocolConnection,
  type Diagnostic,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  type InitializeResult,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  PublishDiagnosticsNotification,
  type Registration,
  RegistrationRequest,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver-protocol/node.js';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node.js';
import { waitFor } from '../../../../tools/testing/wait-for.mjs';
import { cleanEnv } from '../../../../tools/testing/node-bin.mjs';
import { startThemeLanguageServer, type ThemeLanguageServerOptions } from '../../src/language-server/server.js';
import { BIN, PACKAGE_ROOT } from './bin.js';

/** One file's diagnostics as last published, and how many publications it got. */
export interface Published {
  readonly diagnostics: Diagnostic[];
  readonly count: number;
}

/** A running server and a client connected to it. */
export interface LanguageClient {
  readonly connection: ProtocolConnection;
  readonly child: ChildProcessWithoutNullStreams;
  readonly initialized: InitializeResult;
  /** The capabilities the server registered (`client/registerCapability`). */
  registrations(): readonly Registration[];
  /** What the server wrote to stderr. */
  stderr(): string;
  /** The last publication for `file` (absolute path). */
  published(file: string): Published | undefined;
  /** Waits for a publication of `file` after the `after`-th, whose diagnostics satisfy `accept`. */
  nextDiagnostics(file: string, after: number, accept?: (d: Diagnostic[]) => boolean): Promise<Diagnostic[]>;
  /** `shutdown` then `exit`; resolves with the process's exit status. */
  stop(): Promise<number | null>;
}

export const uri = (file: string): string => pathToFileURL(file).href;

/** The capabilities of a client like VS Code's, as far as the server looks at them. */
const CAPABILITIES: ClientCapabilities = {
  workspace: { workspaceEdit: { documentChanges: true }, didChangeWatchedFiles: { dynamicRegistration: true } },
  textDocument: { publishDiagnostics: { relatedInformation: true } },
};

/** Starts the server and initializes it with `folders` as the workspace folders. */
export async function startLanguageClient(folders: readonly string[]): Promise<LanguageClient> {
  const child = spawn(process.execPath, [BIN, 'language-server', '--stdio'], {
    cwd: PACKAGE_ROOT,
    env: cleanEnv(),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const connection = createProtocolConnection(
    new StreamMessageReader(child.stdout),
    new StreamMessageWriter(child.stdin),
  );
  const published = new Map<string, Published>();
  connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
    const previous = published.get(params.uri);
    published.set(params.uri, { diagnostics: params.diagnostics, count: (previous?.count ?? 0) + 1 });
  });
  // The server registers its file watchers; a client that accepts them answers.
  const registrations: Registration[] = [];
  connection.onRequest(RegistrationRequest.type, (params) => {
    registrations.push(...params.registrations);
    return null;
  });
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.listen();
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const initialized = await Promise.race([
    connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: folders[0] === undefined ? null : uri(folders[0]),
      workspaceFolders: folders.map((folder) => ({ uri: uri(folder), name: folder })),
      capabilities: CAPABILITIES,
    }),
    exited.then((code) => {
      throw new Error(`the language server exited (${code}) before it answered initialize: ${stderr}`);
    }),
  ]);
  await connection.sendNotification(InitializedNotification.type, {});
  return {
    connection,
    child,
    initialized,
    stderr: () => stderr,
    registrations: () => registrations,
    published: (file) => published.get(uri(file)),
    async nextDiagnostics(file, after, accept = () => true) {
      const found = await waitFor(
        () => {
          const last = published.get(uri(file));
          return last !== undefined && last.count > after && accept(last.diagnostics) ? last : undefined;
        },
        { message: () => `diagnostics of ${file} (after ${after}): ${JSON.stringify(published.get(uri(file)))}` },
      );
      return found.diagnostics;
    },
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      await connection.sendRequest(ShutdownRequest.type);
      await connection.sendNotification(ExitNotification.type);
      const code = await exited;
      connection.dispose();
      return code;
    },
  };
}

/** A server running in this process, spoken to through in-memory streams (see {@link startInProcessServer}). */
export interface InProcessServer {
  readonly client: ProtocolConnection;
  /** Every `publishDiagnostics` so far, in order (a test may empty it). */
  readonly published: PublishDiagnosticsParams[];
  dispose(): void;
}

/**
 * Starts the language server in this process (its clock and debounce from `options`, so a test moves a
 * `ManualClock` instead of waiting), connects a protocol client through in-memory streams, and initializes
 * it with `root` as the one workspace folder.
 */
export async function startInProcessServer(
  root: string,
  options: ThemeLanguageServerOptions,
): Promise<InProcessServer> {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const server = createConnection(
    ProposedFeatures.all,
    new StreamMessageReader(toServer),
    new StreamMessageWriter(toClient),
  );
  const client = createProtocolConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
  const published: PublishDiagnosticsParams[] = [];
  startThemeLanguageServer(server, options);
  server.listen();
  client.onNotification(PublishDiagnosticsNotification.type, (params) => published.push(params));
  client.listen();
  await client.sendRequest(InitializeRequest.type, {
    processId: null,
    rootUri: uri(root),
    workspaceFolders: [{ uri: uri(root), name: 'theme' }],
    capabilities: {},
  });
  await client.sendNotification(InitializedNotification.type, {});
  return {
    client,
    published,
    dispose: () => {
      client.dispose();
      server.dispose();
    },
  };
}
