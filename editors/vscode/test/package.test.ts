// The .vsix as `npm run package` (the workspace's build target) makes it: what it holds, what its manifest
// tells VS Code, and that the server it bundles starts from the unpacked extension, with no node_modules,
// the way VS Code starts it, and answers the LSP handshake.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  CompletionRequest,
  createProtocolConnection,
  DefinitionRequest,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  type InitializeResult,
  LogMessageNotification,
  MessageType,
  type ProtocolConnection,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver-protocol/node';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { waitFor } from '../../../tools/testing/wait-for.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'package.json'));
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;
const vsixFile = path.join(root, `commerce-kit-theme-${manifest.version}.vsix`);
const themeKit = path.dirname(require.resolve('@commerce-kit/theme-kit/package.json'));
const themeConfig = path.dirname(
  createRequire(path.join(themeKit, 'package.json')).resolve('@commerce-kit/theme-config/package.json'),
);

interface Manifest {
  readonly version: string;
  readonly main: string;
  readonly activationEvents: readonly string[];
  readonly contributes: {
    readonly languages: readonly { id: string; extensions?: string[]; configuration?: string }[];
    readonly grammars: readonly { language: string; scopeName: string; path: string }[];
    readonly jsonValidation: readonly { fileMatch: string; url: string }[];
    readonly configuration: { properties: Record<string, { default?: unknown }> };
  };
}

/** The part of yauzl (vsce's zip reader) this file uses. */
interface ZipEntry {
  readonly fileName: string;
}
interface ZipFile {
  readEntry(): void;
  openReadStream(entry: ZipEntry, callback: (error: Error | null, stream: NodeJS.ReadableStream) => void): void;
  on(event: 'entry', listener: (entry: ZipEntry) => void): void;
  on(event: 'end', listener: () => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
}
interface Yauzl {
  open(file: string, options: { lazyEntries: true }, callback: (error: Error | null, zip: ZipFile) => void): void;
}
// yauzl is vsce's own dependency: resolved from vsce, as vsce finds it.
const yauzl = createRequire(require.resolve('@vscode/vsce/package.json'))('yauzl') as Yauzl;

/** Every file of a zip archive: name -> content. */
function readZip(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (openError, zip) => {
      if (openError) return reject(openError);
      const files = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** The files under `dir`, relative and with `/` separators. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

let vsix: Map<string, Buffer>;
let packaged: Manifest;
const text = (name: string): string => {
  const content = vsix.get(name);
  if (content === undefined) throw new Error(`${name} is not in the .vsix`);
  return content.toString('utf8');
};

beforeAll(async () => {
  // test/global-setup.ts has made it when it was missing or stale.
  vsix = await readZip(vsixFile);
  packaged = JSON.parse(text('extension/package.json')) as Manifest;
});

/** The .vsix unpacked into a new temporary directory (as VS Code installs it); its `extension/` folder. */
async function unpacked(): Promise<string> {
  const dir = testTempDir('vscode-vsix-');
  for (const [name, content] of vsix) {
    const file = path.join(dir, ...name.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
  return path.join(dir, 'extension');
}

describe('the .vsix', () => {
  it('holds the two bundles, what the server reads at run time, the manifest, README and LICENSE, nothing else', () => {
    const names = [...vsix.keys()].filter((name) => name.startsWith('extension/')).sort();
    const expected = [
      'extension/package.json',
      'extension/readme.md',
      'extension/LICENSE.txt',
      'extension/language-configuration.json',
      'extension/syntaxes/liquid.tmLanguage.json',
      'extension/dist/extension.js',
      'extension/dist/server.js',
      'extension/dist/check-worker.js',
      'extension/dist/THIRD-PARTY-NOTICES.txt',
      ...filesUnder(path.join(themeKit, 'src', 'generated', 'schemas')).map((name) => `extension/dist/schemas/${name}`),
      ...filesUnder(path.join(themeKit, 'src', 'blocks')).map((name) => `extension/dist/blocks/${name}`),
      ...filesUnder(path.join(themeConfig, 'dist', 'schemas'))
        .filter((name) => name.endsWith('.stk.config.schema.json'))
        .map((name) => `extension/dist/config-schemas/${name}`),
    ].sort();
    expect(names).toEqual(expected);
    expect(names).toContain('extension/dist/schemas/theme-context.schema.json');
    expect(names).toContain('extension/dist/blocks/snippets/stk-block.liquid');
    // The theme kit's files, unchanged.
    expect(text('extension/dist/schemas/theme-context.schema.json')).toBe(
      readFileSync(path.join(themeKit, 'src', 'generated', 'schemas', 'theme-context.schema.json'), 'utf8'),
    );
  });

  it('is packaged offline: vsce --no-dependencies opens no connection and looks up no host name', async () => {
    const dir = testTempDir('vscode-vsce-');
    const log = path.join(dir, 'network.log');
    const out = path.join(dir, 'offline.vsix');
    // Every Node process vsce starts inherits the guard (NODE_OPTIONS).
    const guard = path.join(root, 'test', 'fixtures', 'no-network.cjs');
    execFileSync(
      process.execPath,
      [require.resolve('@vscode/vsce/vsce'), 'package', '--no-dependencies', '--out', out],
      {
        cwd: root,
        env: { ...process.env, NODE_OPTIONS: `--require ${JSON.stringify(guard)}`, NO_NETWORK_LOG: log },
        stdio: 'ignore',
      },
    );
    expect(existsSync(log) ? readFileSync(log, 'utf8') : '').toBe('');
    expect([...(await readZip(out)).keys()].sort()).toEqual([...vsix.keys()].sort());
  });

  it('names every third-party package the bundles hold, with its licence', () => {
    const notices = text('extension/dist/THIRD-PARTY-NOTICES.txt');
    for (const name of ['liquidjs', 'vscode-languageclient', 'vscode-languageserver', 'jsonc-parser'])
      expect(notices).toMatch(new RegExp(`^${name} \\d+\\.\\d+\\.\\d+ \\(MIT\\)\\n\\n\\S`, 'm'));
    expect(notices).not.toContain('(no licence file)');
  });

  it('is the manifest of this workspace, as it is now', () => {
    expect(packaged).toEqual(manifest);
  });

  it('each bundle needs only Node (and the extension VS Code): no node_modules in the .vsix', () => {
    const required = (name: string) =>
      new Set([...text(name).matchAll(/\brequire\("([^"]+)"\)/g)].map((match) => match[1] ?? ''));
    const builtin = (id: string) => builtinModules.includes(id.replace(/^node:/, ''));
    expect([...required('extension/dist/server.js')].filter((id) => !builtin(id))).toEqual([]);
    expect([...required('extension/dist/check-worker.js')].filter((id) => !builtin(id))).toEqual([]);
    expect([...required('extension/dist/extension.js')].filter((id) => !builtin(id))).toEqual(['vscode']);
  });

  it('main is the extension bundle; it activates on Liquid files and on folders with a config file', () => {
    expect(packaged.main).toBe('./dist/extension.js');
    expect(vsix.has(`extension/${packaged.main.slice(2)}`)).toBe(true);
    expect(packaged.activationEvents).toEqual(['onLanguage:liquid', 'workspaceContains:**/*.stk.config.json']);
  });

  it('contributes the liquid language for *.liquid files, with its language configuration and grammar', () => {
    const liquid = packaged.contributes.languages.find((language) => language.id === 'liquid');
    expect(liquid?.extensions).toEqual(['.liquid']);
    expect(liquid?.configuration).toBe('./language-configuration.json');
    const configuration = JSON.parse(text(`extension/${liquid?.configuration?.slice(2)}`)) as {
      brackets: string[][];
      autoClosingPairs: { open: string; close: string }[];
      comments: { blockComment: string[] };
    };
    expect(configuration.brackets).toEqual(
      expect.arrayContaining([
        ['{%', '%}'],
        ['{{', '}}'],
      ]),
    );
    expect(configuration.autoClosingPairs).toEqual(
      expect.arrayContaining([
        { open: '{%', close: ' %}' },
        { open: '{{', close: ' }}' },
      ]),
    );
    expect(configuration.comments.blockComment).toEqual(['{% comment %}', '{% endcomment %}']);
    // HTML with Liquid injected (in attribute values too).
    const grammar = packaged.contributes.grammars.find((entry) => entry.language === 'liquid');
    expect(grammar?.scopeName).toBe('text.html.liquid');
    const tmLanguage = JSON.parse(text(`extension/${grammar?.path.slice(2)}`)) as {
      scopeName: string;
      patterns: unknown[];
      injections: Record<string, unknown>;
    };
    expect(tmLanguage.scopeName).toBe('text.html.liquid');
    expect(tmLanguage.patterns).toEqual([{ include: 'text.html.basic' }]);
    expect(Object.keys(tmLanguage.injections)).toEqual([expect.stringMatching(/^L:text\.html\.liquid\b/)]);
  });

  it("maps each of the seven config files to theme-config's JSON Schema, shipped inside the .vsix", () => {
    const catalog = JSON.parse(readFileSync(path.join(themeConfig, 'dist', 'schemas', 'catalog.json'), 'utf8')) as {
      schemas: { fileMatch: string[]; url: string }[];
    };
    const configFiles = catalog.schemas
      .flatMap((schema) => schema.fileMatch)
      .filter((name) => name.endsWith('.stk.config.json'));
    expect(configFiles).toHaveLength(7);
    const validation = packaged.contributes.jsonValidation;
    expect(validation.map((entry) => entry.fileMatch).sort()).toEqual([...configFiles].sort());
    for (const { fileMatch, url } of validation) {
      const schema = url.replace(/^\.\//, 'extension/');
      const published = path.join(themeConfig, 'dist', 'schemas', path.basename(url));
      expect(path.basename(url), fileMatch).toBe(fileMatch.replace(/\.json$/, '.schema.json'));
      expect(text(schema), url).toBe(readFileSync(published, 'utf8'));
    }
  });

  it('has the trace setting VS Code reads for the client (commerceKitTheme.trace.server)', () => {
    expect(packaged.contributes.configuration.properties['commerceKitTheme.trace.server']?.default).toBe('off');
  });
});

/** Starts the bundled server as VS Code's client forks it; the process is stopped when the test ends. */
function startServer(extension: string, cwd: string): { child: ChildProcess; connection: ProtocolConnection } {
  // vscode-languageclient's NodeModule with the stdio transport: `args`, then `--stdio` and the client's pid.
  const child = spawn(
    process.execPath,
    [path.join(extension, 'dist', 'server.js'), 'language-server', '--stdio', `--clientProcessId=${process.pid}`],
    { cwd, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const connection = createProtocolConnection(
    new StreamMessageReader(child.stdout!),
    new StreamMessageWriter(child.stdin!),
  );
  connection.listen();
  onTestFinished(() => {
    connection.dispose();
    if (child.exitCode === null && child.signalCode === null) child.kill();
    if (stderr.trim() !== '') console.error(`server stderr:\n${stderr}`);
  });
  return { child, connection };
}

describe('the extension bundle, from the unpacked .vsix', () => {
  it('activated (with a stand-in for VS Code), forks the bundled server as `language-server --stdio`, which answers initialize; stops it on deactivate', async () => {
    const extension = await unpacked();
    const host = path.join(root, 'test', 'fixtures', 'vscode-host.cjs');
    // A hung activation is killed (and the server with it: it watches its client's pid).
    const output = execFileSync(process.execPath, [host, extension], {
      cwd: extension,
      encoding: 'utf8',
      timeout: 50_000,
    });
    const { forked, watchers, errors } = JSON.parse(output) as {
      forked: { module: string; args: string[]; answered: boolean; exitCode: number | null }[];
      watchers: string[];
      errors: string[];
    };
    expect(errors).toEqual([]);
    expect(forked).toEqual([
      {
        module: path.join(extension, 'dist', 'server.js'),
        args: ['language-server', '--stdio', expect.stringMatching(/^--clientProcessId=\d+$/)],
        answered: true,
        exitCode: 0,
      },
    ]);
    expect(watchers).toEqual(['**/*.liquid', '**/*.stk.config.json', '**/assets/**']);
  });
});

describe('the bundled server, from the unpacked .vsix', () => {
  it("is the theme kit's CLI: --version prints its version", async () => {
    const extension = await unpacked();
    const { version } = JSON.parse(readFileSync(path.join(themeKit, 'package.json'), 'utf8')) as { version: string };
    const output = execFileSync(process.execPath, [path.join(extension, 'dist', 'server.js'), '--version'], {
      cwd: extension,
      encoding: 'utf8',
    });
    expect(output.trim()).toBe(version);
  });

  it('answers initialize; completes `store.`; publishes diagnostics (checked in its worker); a built-in block type leads to its shipped template', async () => {
    const extension = await unpacked();
    // A starter theme, written by the same bundle, with a snippet long enough that the server checks the
    // theme in its worker thread (dist/check-worker.js).
    const theme = path.join(testTempDir('vscode-theme-'), 'theme');
    execFileSync(process.execPath, [path.join(extension, 'dist', 'server.js'), 'init', theme], { stdio: 'ignore' });
    await writeFile(path.join(theme, 'snippets', 'long.liquid'), '<p>{{ store.storeName }}</p>\n'.repeat(6000));
    const { child, connection } = startServer(extension, theme);
    const errors: string[] = [];
    connection.onNotification(LogMessageNotification.type, ({ type, message }) => {
      if (type === MessageType.Error) errors.push(message);
    });
    const diagnostics = new Map<string, string[]>();
    connection.onNotification(PublishDiagnosticsNotification.type, ({ uri, diagnostics: list }) => {
      diagnostics.set(
        uri,
        list.map((d) => String(d.code)),
      );
    });
    const rootUri = pathToFileURL(theme).href;
    const result: InitializeResult = await connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri,
      workspaceFolders: [{ uri: rootUri, name: 'theme' }],
      capabilities: {},
    });
    expect(result.capabilities.completionProvider).toBeTruthy();
    expect(result.capabilities.hoverProvider).toBeTruthy();
    expect(result.capabilities.definitionProvider).toBeTruthy();
    await connection.sendNotification(InitializedNotification.type, {});

    const template = path.join(theme, 'templates', 'vsix-probe.liquid');
    const source = "<p>{{ store. }}</p>\n{{ 'x' | upcasee }}\n";
    await writeFile(template, source);
    const uri = pathToFileURL(template).href;
    await connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'liquid', version: 1, text: source },
    });
    const completion = await connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri },
      position: { line: 0, character: source.indexOf('store.') + 'store.'.length },
    });
    const items = Array.isArray(completion) ? completion : (completion?.items ?? []);
    expect(items.map((item) => item.label)).toContain('storeName');
    await waitFor(() => diagnostics.get(uri)?.includes('unknown-filter'), { message: 'unknown-filter published' });

    // A built-in block type in the config file: its template is the one shipped in the .vsix.
    const config = path.join(theme, 'editable-regions.stk.config.json');
    const configText = readFileSync(config, 'utf8');
    const configUri = pathToFileURL(config).href;
    await connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri: configUri, languageId: 'json', version: 1, text: configText },
    });
    const lines = configText.split('\n');
    const line = lines.findIndex((text) => text.includes('"type": "text"'));
    const definition = await connection.sendRequest(DefinitionRequest.type, {
      textDocument: { uri: configUri },
      position: { line, character: (lines[line] ?? '').indexOf('"text"') + 2 },
    });
    expect(definition).toEqual([
      expect.objectContaining({ uri: pathToFileURL(path.join(extension, 'dist', 'blocks', 'text.liquid')).href }),
    ]);
    // The worker started and answered: a worker that fails is logged as an error (and the checks move to
    // the server's thread).
    expect(errors).toEqual([]);

    await connection.sendRequest(ShutdownRequest.type);
    await connection.sendNotification(ExitNotification.type);
    await waitFor(() => child.exitCode !== null || child.signalCode !== null, { message: 'the server exits' });
    expect(child.exitCode).toBe(0);
  });
});
