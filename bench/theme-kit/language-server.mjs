// The theme language server (`theme-kit language-server --stdio`) against Shopify's
// (`@shopify/theme-language-server-node`, what Shopify's VS Code extension and `shopify theme
// language-server` run: its `startServer()` over stdio) on the same files, in the same run, both driven by
// the same client: `vscode-languageserver-protocol`'s connection over the child's stdin/stdout.
//
// Two themes: the starter theme `theme-kit init` writes (12 Liquid files), and a generated theme of 200
// more templates and snippets (./generated-theme.mjs: the starter plus 100 page templates over the
// contract's objects and 100 snippets they render). Each server runs BENCH_SESSIONS fresh processes per
// theme, the servers' sessions interleaved. In each session:
//   - cold start: from spawn to the first publishDiagnostics of the opened template (initialize,
//     initialized, didOpen; the server finds the theme's root and checks the file), and the CPU time the
//     child used until then (/proc/<pid>/stat: less sensitive than the wall time to a busy machine).
//     theme-kit's first publication is the opened file's own diagnostics (syntax, filters, tags, a
//     template's objects: src/language-server/first-check.ts), checked with the snippets it renders before
//     the whole theme; the whole theme's check follows and publishes what depends on other files (on these
//     clean themes, nothing more). Shopify's server publishes after checking the whole theme;
//   - diagnostics after an edit: BENCH_EDITS edits of the open template, one at a time, each adding or
//     removing a line with an unknown filter (`{{ store.storeName | upcasee }}`): from sending didChange to
//     the publishDiagnostics whose diagnostics have (or no longer have) that filter's. The edit is sent as
//     the server asked (theme-kit: incremental; Shopify's: the full text). Both servers wait for the typing
//     to pause before they check, and that wait is part of the figure: theme-kit 50 ms (DEFAULT_DEBOUNCE_MS
//     in src/language-server/server.ts), Shopify's 100 ms (`debounce(makeRunChecks(...), 100)` in
//     theme-language-server-common's startServer). The first edit follows theme-kit's first publication,
//     which comes before its whole theme's first check: that edit's diagnostics wait for that check (one
//     edit of each session; with few BENCH_EDITS it reaches the p95);
//   - completion and hover: BENCH_REQUESTS requests each, in turn at four places of the template: an
//     object's properties (`store.|`), a loop variable's (`category.|`), filters (`| |`), tags (`{%- |`);
//     hover on the object, the property, the filter and the tag;
//   - memory: the child's VmRSS (resident now) and VmHWM (its peak) from /proc/<pid>/status after the
//     requests.
// Shopify's server reads its docs offline (SHOPIFY_TLD_ROOT: ./theme-check-docs.mjs) and looks for the
// Shopify CLI to pull metafield definitions (not installed here: it gives up). It knows Shopify's objects,
// not the theme kit's: it reports `store`, `categories`, ... as UndefinedObject and has no properties to
// complete for them; the item counts are printed beside the times.
//
// Build first: `npx nx run @commerce-kit/theme-kit:build`. Env: BENCH_SESSIONS (default 3), BENCH_EDITS
// (default 40, even), BENCH_REQUESTS (default 100), BENCH_THEME_KIT_DIST (another build of the package),
// BENCH_PROFILE_DIR (each theme-kit server, its worker threads too, writes a V8 CPU profile there:
// `node --cpu-prof`), BENCH_THEMES (`starter`, `generated` or both, the default).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import protocol from 'vscode-languageserver-protocol/node.js';
import { summary } from '../lib/stats.mjs';
import { writeGeneratedTheme, templatePath } from './generated-theme.mjs';
import { CLI, ROOT } from './paths.mjs';
import { offlineEnv } from './theme-check-docs.mjs';

const {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  InitializeRequest,
  InitializedNotification,
  DidOpenTextDocumentNotification,
  DidChangeTextDocumentNotification,
  PublishDiagnosticsNotification,
  CompletionRequest,
  HoverRequest,
  ShutdownRequest,
  ExitNotification,
  TextDocumentSyncKind,
} = protocol;

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 3);
const EDITS = Number(process.env.BENCH_EDITS ?? 40);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR ? path.resolve(process.env.BENCH_PROFILE_DIR) : undefined;
const WAIT_MS = 60_000;
if (EDITS % 2 !== 0) throw new Error('BENCH_EDITS must be even (each pair adds and removes the line)');

const require = createRequire(path.join(ROOT, 'package.json'));
const PEER = require.resolve('@shopify/theme-language-server-node');
const peerVersion = require('@shopify/theme-language-server-node/package.json').version;

const BAD_FILTER = 'upcasee';
const BAD_LINE = `{{ store.storeName | ${BAD_FILTER} }}\n`;
const hasBadFilter = (diagnostics) => diagnostics.some((d) => d.message.includes(BAD_FILTER));

/** Line/character (UTF-16) of `offset` in `text`. */
function positionAt(text, offset) {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

/** The position just after the first `needle` (+ `shift`), failing when the template lacks it. */
function after(text, needle, shift = 0) {
  const at = text.indexOf(needle);
  if (at < 0) throw new Error(`the template has no ${JSON.stringify(needle)}`);
  return positionAt(text, at + needle.length + shift);
}

/** The places of the template where completion and hover are asked. */
function probes(text) {
  return {
    completion: [
      ['object property', after(text, '{{ store.')],
      ['loop variable property', after(text, '{{ category.')],
      ['filter', after(text, '| ')],
      ['tag', after(text, '{%- ')],
    ],
    hover: [
      ['object', after(text, '{{ store', -2)],
      ['property', after(text, '{{ store.', 3)],
      ['filter', after(text, '| ', 2)],
      ['tag', after(text, '{%- for', -1)],
    ],
  };
}

const itemsOf = (result) => (Array.isArray(result) ? result.length : (result?.items?.length ?? 0));

/** VmRSS and VmHWM of `pid`, in MB. */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** CPU time (user + system, all threads) `pid` has used so far, in ms (clock ticks of 10 ms). */
function cpuOf(pid) {
  // /proc/<pid>/stat: the fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A value of `promise`, or a failure naming `what` after WAIT_MS. */
function within(promise, what, stderr) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no ${what} within ${WAIT_MS} ms; stderr:\n${stderr().slice(-2000)}`)),
      WAIT_MS,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** One session of `server` on `theme`, with `file` (theme-relative) open. */
async function session(server, theme, file) {
  const absolute = path.join(theme, file);
  const uri = pathToFileURL(absolute).href;
  const base = readFileSync(absolute, 'utf8');
  const started = performance.now();
  const child = spawn(process.execPath, server.args, {
    cwd: theme,
    env: { ...process.env, NO_COLOR: '1', ...server.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-20_000);
  });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  const connection = createProtocolConnection(
    new StreamMessageReader(child.stdout),
    new StreamMessageWriter(child.stdin),
  );
  // Publications of the open file: each waiter gets the first one it accepts.
  let waiter;
  connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
    if (params.uri !== uri || waiter === undefined || !waiter.accept(params.diagnostics)) return;
    const { resolve } = waiter;
    waiter = undefined;
    resolve({ at: performance.now(), diagnostics: params.diagnostics });
  });
  const nextDiagnostics = (accept, what) =>
    within(
      new Promise((resolve, reject) => {
        waiter = { accept, resolve };
        void exited.then((code) => reject(new Error(`${server.name} exited (${code}): ${stderr.slice(-2000)}`)));
      }),
      what,
      () => stderr,
    );
  // What the servers ask of the client: the settings (the defaults), the workspace folders, registrations.
  const folders = [{ uri: pathToFileURL(theme).href, name: path.basename(theme) }];
  connection.onRequest((method, params) => {
    if (method === 'workspace/configuration') return params.items.map(() => null);
    if (method === 'workspace/workspaceFolders') return folders;
    return null;
  });
  connection.onNotification(() => undefined);
  connection.listen();

  const initialized = await within(
    connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: folders[0].uri,
      workspaceFolders: folders,
      capabilities: {
        workspace: {
          workspaceFolders: true,
          didChangeWatchedFiles: { dynamicRegistration: true },
          workspaceEdit: { documentChanges: true },
        },
        textDocument: {
          synchronization: { didSave: true },
          completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } },
          hover: { contentFormat: ['markdown', 'plaintext'] },
          publishDiagnostics: { relatedInformation: true },
        },
      },
    }),
    'answer to initialize',
    () => stderr,
  );
  const sync = initialized.capabilities.textDocumentSync;
  const incremental = (typeof sync === 'number' ? sync : sync?.change) === TextDocumentSyncKind.Incremental;
  await connection.sendNotification(InitializedNotification.type, {});
  const first = nextDiagnostics(() => true, 'diagnostics of the opened file');
  await connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'liquid', version: 1, text: base },
  });
  const cold = (await first).at - started;
  const coldCpu = cpuOf(child.pid);

  // Edits: add the bad line at the end, then remove it.
  const endLine = base.split('\n').length - 1; // base ends with a newline: the bad line goes on this line
  const edits = [];
  for (let i = 0; i < EDITS; i++) {
    const adding = i % 2 === 0;
    const version = i + 2;
    const range = adding
      ? { start: { line: endLine, character: 0 }, end: { line: endLine, character: 0 } }
      : { start: { line: endLine, character: 0 }, end: { line: endLine + 1, character: 0 } };
    const text = adding ? `${base}${BAD_LINE}` : base;
    const contentChanges = incremental ? [{ range, text: adding ? BAD_LINE : '' }] : [{ text }];
    const published = nextDiagnostics((d) => hasBadFilter(d) === adding, `diagnostics after edit ${i + 1}`);
    const sent = performance.now();
    await connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version },
      contentChanges,
    });
    edits.push((await published).at - sent);
  }

  const places = probes(base);
  const completion = [];
  const completionItems = {};
  for (let i = 0; i < REQUESTS; i++) {
    const [kind, position] = places.completion[i % places.completion.length];
    const sent = performance.now();
    const result = await within(
      connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position }),
      `completion (${kind})`,
      () => stderr,
    );
    completion.push(performance.now() - sent);
    completionItems[kind] ??= itemsOf(result);
  }
  const hover = [];
  const hovers = {};
  for (let i = 0; i < REQUESTS; i++) {
    const [kind, position] = places.hover[i % places.hover.length];
    const sent = performance.now();
    const result = await within(
      connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position }),
      `hover (${kind})`,
      () => stderr,
    );
    hover.push(performance.now() - sent);
    hovers[kind] ??= result !== null;
  }
  const memory = memoryOf(child.pid);

  await within(connection.sendRequest(ShutdownRequest.type), 'answer to shutdown', () => stderr).catch(() => undefined);
  await connection.sendNotification(ExitNotification.type).catch(() => undefined);
  const stopped = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('timeout'), 5_000))]);
  if (stopped === 'timeout') child.kill('SIGKILL');
  connection.dispose();
  return { cold, coldCpu, edits, completion, hover, memory, completionItems, hovers, incremental };
}

const tmp = mkdtempSync(path.join(tmpdir(), 'theme-kit-language-server-bench-'));
try {
  const starter = path.join(tmp, 'starter');
  const generated = path.join(tmp, 'generated');
  execFileSync(process.execPath, [CLI, 'init', starter], { stdio: 'ignore' });
  const liquidFiles = writeGeneratedTheme(CLI, generated).length + 12;
  // The generated theme is a clean theme, as the starter is: its diagnostics are the edits' only.
  for (const dir of [starter, generated]) {
    const report = JSON.parse(
      execFileSync(process.execPath, [CLI, 'check', '--theme', dir, '--format', 'json'], { encoding: 'utf8' }),
    );
    if (report.diagnostics.length > 0)
      throw new Error(`theme-kit check finds problems in ${dir}: ${JSON.stringify(report.diagnostics.slice(0, 5))}`);
  }
  const themes = [
    { key: 'starter', name: 'starter theme (12 Liquid files)', dir: starter, file: 'templates/index.liquid' },
    {
      key: 'generated',
      name: `generated theme (${liquidFiles} Liquid files)`,
      dir: generated,
      file: templatePath(1),
      large: true,
    },
  ].filter((theme) => (process.env.BENCH_THEMES ?? 'starter,generated').split(',').includes(theme.key));
  const offline = offlineEnv(tmp);
  const servers = [
    {
      name: 'theme-kit',
      args: [
        ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []),
        CLI,
        'language-server',
        '--stdio',
      ],
      env: {},
    },
    {
      name: `Shopify's (theme-language-server-node ${peerVersion})`,
      args: ['-e', `require(${JSON.stringify(PEER)}).startServer()`],
      env: offline,
      peer: true,
    },
  ];

  // One unmeasured session each first: the file system cache, Theme Check's docs cache.
  for (const server of servers) await session(server, starter, 'templates/index.liquid');

  const results = new Map();
  for (let round = 0; round < SESSIONS; round++) {
    for (const theme of themes) {
      for (const server of round % 2 === 0 ? servers : [...servers].reverse()) {
        const key = `${theme.name}\u0000${server.name}`;
        const r = await session(server, theme.dir, theme.file);
        const all = results.get(key) ?? {
          cold: [],
          coldCpu: [],
          firstCompletion: [],
          firstHover: [],
          edits: [],
          completion: [],
          hover: [],
          rss: [],
          hwm: [],
        };
        all.cold.push(r.cold);
        all.coldCpu.push(r.coldCpu);
        all.firstCompletion.push(r.completion[0]);
        all.firstHover.push(r.hover[0]);
        all.edits.push(...r.edits);
        all.completion.push(...r.completion);
        all.hover.push(...r.hover);
        all.rss.push(r.memory.rss);
        all.hwm.push(r.memory.hwm);
        all.completionItems = r.completionItems;
        all.hovers = r.hovers;
        all.incremental = r.incremental;
        results.set(key, all);
      }
    }
  }

  console.log(
    `\ntheme-kit language-server vs Shopify's theme-language-server-node ${peerVersion}, one client (vscode-languageserver-protocol), ` +
      `${SESSIONS} sessions per server and theme, ${EDITS} edits and ${REQUESTS} completions and hovers per session; ` +
      `Node ${process.version}, ${availableParallelism()} CPUs, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}, ${new Date().toISOString()}`,
  );
  const ms = (v) => v.toFixed(1);
  const mb = (v) => v.toFixed(0);
  const median = (list) => summary(list).p50;
  const verdicts = [];
  for (const theme of themes) {
    const ours = results.get(`${theme.name}\u0000${servers[0].name}`);
    const peer = results.get(`${theme.name}\u0000${servers[1].name}`);
    // [what, ours, theirs, format, goals]: 'half' = at most half the peer's; 'less' = below the peer's;
    // a number = below that many ms.
    const rows = [
      ['cold start to first diagnostics (median ms)', median(ours.cold), median(peer.cold), ms, ['half']],
      ['CPU time of the cold start, all threads (median ms)', median(ours.coldCpu), median(peer.coldCpu), ms, []],
      ['diagnostics after an edit p50 (ms)', summary(ours.edits).p50, summary(peer.edits).p50, ms, ['half']],
      [
        'diagnostics after an edit p95 (ms)',
        summary(ours.edits).p95,
        summary(peer.edits).p95,
        ms,
        theme.large ? ['half', 100] : ['half'],
      ],
      [
        'first completion of the session (median ms)',
        median(ours.firstCompletion),
        median(peer.firstCompletion),
        ms,
        [],
      ],
      ['completion p50 (ms)', summary(ours.completion).p50, summary(peer.completion).p50, ms, []],
      ['completion p95 (ms)', summary(ours.completion).p95, summary(peer.completion).p95, ms, ['half', 20]],
      ['first hover of the session (median ms)', median(ours.firstHover), median(peer.firstHover), ms, []],
      ['hover p50 (ms)', summary(ours.hover).p50, summary(peer.hover).p50, ms, []],
      ['hover p95 (ms)', summary(ours.hover).p95, summary(peer.hover).p95, ms, ['half']],
      ['resident memory after the run, VmRSS (median MB)', median(ours.rss), median(peer.rss), mb, ['less']],
      ['peak resident memory, VmHWM (median MB)', median(ours.hwm), median(peer.hwm), mb, ['less']],
    ];
    console.log(`\n${theme.name}, ${theme.file} open\n`);
    console.table(
      rows.map(([what, o, p, format, goals]) => {
        const ratio = o / p;
        const verdict = goals.map((goal) => {
          const [met, name] =
            goal === 'half'
              ? [ratio <= 0.5, '<= 0.5x']
              : goal === 'less'
                ? [ratio < 1, 'less']
                : [o < goal, `< ${goal} ms`];
          verdicts.push(met);
          return `${met ? 'met' : 'missed'} (${name})`;
        });
        return {
          what,
          'theme-kit': format(o),
          "Shopify's": format(p),
          'ours / theirs': `${ratio.toFixed(2)}x`,
          goal: verdict.join(', '),
        };
      }),
    );
    console.log(
      `  completion items (theme-kit / Shopify's): ${Object.keys(ours.completionItems)
        .map((k) => `${k} ${ours.completionItems[k]} / ${peer.completionItems[k]}`)
        .join(', ')}`,
    );
    console.log(
      `  hover answered (theme-kit / Shopify's): ${Object.keys(ours.hovers)
        .map((k) => `${k} ${ours.hovers[k] ? 'yes' : 'no'} / ${peer.hovers[k] ? 'yes' : 'no'}`)
        .join(', ')}`,
    );
    console.log(
      `  edits sent as: theme-kit ${ours.incremental ? 'incremental' : 'full text'}, Shopify's ${peer.incremental ? 'incremental' : 'full text'}`,
    );
  }
  console.log(`\ngoals: ${verdicts.filter(Boolean).length} of ${verdicts.length} met`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
