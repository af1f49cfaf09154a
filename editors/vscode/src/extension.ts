/**
 * The commerce-kit Theme Kit extension: starts the theme language server (`theme-kit language-server
 * --stdio`, bundled as dist/server.js) for Liquid files and the theme's `*.stk.config.json` files. The
 * config files keep their JSON Schemas through the manifest's `jsonValidation`; the server adds what a
 * schema cannot know (template names, region and menu names, definitions across files).
 */
import * as path from 'node:path';
import { type ExtensionContext, window, workspace } from 'vscode';
import {
  type LanguageClientOptions,
  LanguageClient,
  type NodeModule,
  type ServerOptions,
  TransportKind,
} from 'vscode-languageclient/node';

/** The client's id: VS Code reads its trace setting as `<id>.trace.server` (`commerceKitTheme.trace.server`). */
const CLIENT_ID = 'commerceKitTheme';
const CLIENT_NAME = 'commerce-kit Theme Kit';

let client: LanguageClient | undefined;

/**
 * The server as a Node module VS Code forks with its own Node. With the stdio transport the client adds
 * `--stdio` and `--clientProcessId=<pid>` after `args` (the server exits when VS Code does), so the
 * process runs `server.js language-server --stdio --clientProcessId=<pid>`.
 */
function serverModule(serverFile: string): NodeModule {
  return { module: serverFile, transport: TransportKind.stdio, args: ['language-server'] };
}

/** Which documents the server gets: Liquid files on disk and the theme's config files. */
const DOCUMENT_SELECTOR = [
  { scheme: 'file', language: 'liquid' },
  { scheme: 'file', language: 'json', pattern: '**/*.stk.config.json' },
] as const;

/** Files whose changes on disk the server follows (`workspace/didChangeWatchedFiles`). */
const WATCHED_FILES = ['**/*.liquid', '**/*.stk.config.json', '**/assets/**'] as const;

export async function activate(context: ExtensionContext): Promise<void> {
  const run = serverModule(context.asAbsolutePath(path.join('dist', 'server.js')));
  const serverOptions: ServerOptions = {
    run,
    debug: { ...run, options: { execArgv: ['--nolazy', '--inspect=6010'] } },
  };
  const watchers = WATCHED_FILES.map((glob) => workspace.createFileSystemWatcher(glob));
  context.subscriptions.push(...watchers);
  const clientOptions: LanguageClientOptions = {
    documentSelector: DOCUMENT_SELECTOR.map((selector) => ({ ...selector })),
    synchronize: { fileEvents: watchers },
  };
  client = new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, clientOptions);
  try {
    await client.start();
  } catch (error) {
    // The client has logged the details in its output channel.
    void window.showErrorMessage(
      `${CLIENT_NAME}: the theme language server did not start (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
}

export async function deactivate(): Promise<void> {
  const running = client;
  client = undefined;
  await running?.stop();
}
