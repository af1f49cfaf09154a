// The `theme-kit` command line, in a working directory of themes, without the test run's colour variables:
// check in every report format and its exit codes, usage errors, --help and --version, init, render,
// theme-config's commands under the theme-kit name, and failures that are messages, never stack traces.
// Most runs go through the CLI's entry in this process (`run`); the binary as a user runs it (dist/cli.js
// in a child process, `bin`) shows the exit statuses 0, 1 and 2, the output streams, --version and init.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import path from 'node:path';
import { Validator } from '@cfworker/json-schema';
import { DIAGNOSTIC_CODES } from '@commerce-kit/theme-config';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { THEME_DIAGNOSTIC_CODES } from '../src/diagnostic-codes.js';
import { starterTheme } from '../src/starter/files.js';
import { openTheme } from '../src/theme/open.js';
import { PACKAGE_ROOT, runBin, runInProcess, type BinRun } from './support/bin.js';
import { writeFiles } from './support/theme.js';

const VERSION = (JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string })
  .version;
const ANSI = /\u001b\[/;
const STACK_FRAME = /^\s+at .+[(:]\d+/m;

const sarifSchema = JSON.parse(
  readFileSync(path.join(PACKAGE_ROOT, '../theme-config/test/fixtures/sarif-schema-2.1.0.json'), 'utf8'),
) as Record<string, unknown>;
const sarifValidator = new Validator(sarifSchema, '4', false);

// The working directory of every run: the themes are folders in it, so reports show `broken/...` paths.
const cwd = testTempDir('theme-kit-cli-');

/** Writes the starter theme (with its binary assets) into `dir`. */
function writeStarter(dir: string): void {
  for (const [file, contents] of starterTheme()) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), contents);
  }
}

const PAGE = { title: 'Home', metaDescription: 'The home page.', template: 'index' };

// clean: the starter theme; no diagnostics.
writeStarter(path.join(cwd, 'clean'));
// broken: one error and warnings, from the config files (theme-config's checks), a template and a rawMarkup.
writeFiles(path.join(cwd, 'broken'), {
  'page.stk.config.json':
    '{\n  "title": "Home",\n  "metaDescription": "The home page.",\n  "template": "indx",\n  "titel": "x"\n}\n',
  'templates/index.liquid': "<h1>{{ stor.storeName }}</h1>\n{% editable_region 'home' %}\n",
  'editable-regions.stk.config.json': `[\n  { "regionName": "home", "rawMarkup": "<p>\\n{{ articles | where_exp: 'a', 'a.title' }}</p>" }\n]\n`,
});
// warnings: only warnings.
writeFiles(path.join(cwd, 'warnings'), {
  'page.stk.config.json': PAGE,
  'templates/index.liquid': "<h1>{{ page.title }}</h1>\n{% include 'card' %}",
  'snippets/card.liquid': 'card',
});
// unparsable: renders nothing (a template that does not parse).
writeFiles(path.join(cwd, 'unparsable'), {
  'page.stk.config.json': PAGE,
  'templates/index.liquid': '<main>\n  {% if page.title %}\n</main>',
});

/** `theme-kit args` in the themes' directory, in this process. */
const run = (args: readonly string[], env?: Record<string, string>): Promise<BinRun> =>
  runInProcess(args, { cwd, ...(env ? { env } : {}) });
/** The same through the built binary, a child process. */
const bin = (args: readonly string[]): Promise<BinRun> => runBin(args, { cwd });

interface JsonDiagnostic {
  severity: 'error' | 'warning';
  code: string;
  message: string;
  file: string;
  line: number;
  column: number;
  pointer: string;
  suggestion?: string;
}
interface JsonReport {
  valid: boolean;
  summary: { errors: number; warnings: number; files: number };
  diagnostics: JsonDiagnostic[];
}

const BROKEN_DIAGNOSTICS: JsonDiagnostic[] = [
  {
    severity: 'warning',
    code: 'unknown-filter',
    message:
      "the filter `where_exp` is a LiquidJS extension outside the theme kit's template contract: the platform may not have it",
    file: 'broken/editable-regions.stk.config.json',
    line: 2,
    column: 60,
    pointer: '/0/rawMarkup',
  },
  {
    severity: 'error',
    code: 'missing-template',
    message: 'page.template is `indx`, but templates/indx.liquid does not exist',
    file: 'broken/page.stk.config.json',
    line: 4,
    column: 15,
    pointer: '/template',
    suggestion: 'did you mean `index`?',
  },
  {
    severity: 'warning',
    code: 'unknown-property',
    message: 'unknown property `titel`',
    file: 'broken/page.stk.config.json',
    line: 5,
    column: 3,
    pointer: '/titel',
    suggestion: 'did you mean `title`?',
  },
  {
    severity: 'warning',
    code: 'unknown-object',
    message: '`stor` is none of the objects templates see, and nothing assigns it',
    file: 'broken/templates/index.liquid',
    line: 1,
    column: 8,
    pointer: '',
    suggestion: 'did you mean `store`?',
  },
];

const withHint = (d: JsonDiagnostic): string => (d.suggestion ? `${d.message} (${d.suggestion})` : d.message);

describe('theme-kit check: report formats and exit codes', () => {
  it('json: { valid, summary, diagnostics } with paths relative to the working directory; exit 1 for an error', async () => {
    const result = await bin(['check', '--theme', 'broken', '--format', 'json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    const report = JSON.parse(result.stdout) as JsonReport;
    expect(Object.keys(report)).toEqual(['valid', 'summary', 'diagnostics']);
    expect(report.valid).toBe(false);
    expect(report.summary).toEqual({ errors: 1, warnings: 3, files: 3 });
    expect(report.diagnostics.map((d) => ({ ...d }))).toEqual(BROKEN_DIAGNOSTICS);
  });

  it('text: one `file:line:column severity code message (suggestion)` line per diagnostic, grouped by file, then the counts; no colour off a terminal', async () => {
    const result = await run(['check', '--theme', 'broken']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    expect(ANSI.test(result.stdout)).toBe(false);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.filter((line) => line !== '').slice(0, -1)).toEqual(
      BROKEN_DIAGNOSTICS.map((d) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.code} ${withHint(d)}`),
    );
    expect(lines.filter((line) => line === '')).toHaveLength(3); // after each file's group
    expect(lines.at(-1)).toBe('✖ 1 error and 3 warnings in 3 files (3 files checked)');
  });

  it('text is coloured when FORCE_COLOR asks; json never is', async () => {
    const [text, json] = await Promise.all([
      run(['check', '--theme', 'broken'], { FORCE_COLOR: '1' }),
      run(['check', '--theme', 'broken', '--format', 'json'], { FORCE_COLOR: '1' }),
    ]);
    expect(ANSI.test(text.stdout)).toBe(true);
    expect(ANSI.test(json.stdout)).toBe(false);
  });

  it('sarif: a valid SARIF 2.1.0 log of the tool theme-kit, a rule per code, a result per diagnostic with its location and pointer', async () => {
    const result = await run(['check', '--theme', 'broken', '--format', 'sarif']);
    expect(result.code).toBe(1);
    const log = JSON.parse(result.stdout) as {
      version: string;
      runs: Array<{
        tool: {
          driver: {
            name: string;
            version: string;
            rules: Array<{ id: string; shortDescription: { text: string }; help: { text: string } }>;
          };
        };
        results: Array<{
          ruleId: string;
          ruleIndex: number;
          level: string;
          message: { text: string };
          locations: Array<{ physicalLocation: unknown; logicalLocations?: Array<{ fullyQualifiedName: string }> }>;
        }>;
      }>;
    };
    const verdict = sarifValidator.validate(log);
    expect(verdict.errors).toEqual([]);
    expect(verdict.valid).toBe(true);
    expect(log.version).toBe('2.1.0');
    const [sarifRun] = log.runs;
    const codes: Record<string, string> = { ...DIAGNOSTIC_CODES, ...THEME_DIAGNOSTIC_CODES };
    expect(sarifRun!.tool.driver.name).toBe('theme-kit');
    expect(sarifRun!.tool.driver.version).toBe(VERSION);
    expect(sarifRun!.tool.driver.rules.map((r) => r.id)).toEqual(Object.keys(codes));
    for (const rule of sarifRun!.tool.driver.rules) expect(rule.shortDescription.text).toBe(codes[rule.id]);
    expect(sarifRun!.results).toHaveLength(BROKEN_DIAGNOSTICS.length);
    sarifRun!.results.forEach((r, i) => {
      const d = BROKEN_DIAGNOSTICS[i]!;
      expect(r.ruleId).toBe(d.code);
      expect(sarifRun!.tool.driver.rules[r.ruleIndex]!.id).toBe(d.code);
      expect(r.level).toBe(d.severity);
      expect(r.message.text).toBe(withHint(d));
      expect(r.locations[0]!.physicalLocation).toEqual({
        artifactLocation: { uri: d.file, uriBaseId: '%SRCROOT%' },
        region: { startLine: d.line, startColumn: d.column },
      });
      expect(r.locations[0]!.logicalLocations?.[0]?.fullyQualifiedName).toBe(d.pointer === '' ? undefined : d.pointer);
    });
  });

  it('sarif of a clean theme is valid too, with no results (exit 0)', async () => {
    const result = await run(['check', '--theme', 'clean', '--format', 'sarif']);
    expect(result.code).toBe(0);
    const log = JSON.parse(result.stdout) as { runs: Array<{ results: unknown[] }> };
    expect(sarifValidator.validate(log).errors).toEqual([]);
    expect(log.runs[0]!.results).toEqual([]);
  });

  it('github: one workflow annotation per diagnostic titled `theme-kit <code>`, then the counts', async () => {
    const result = await run(['check', '--theme', 'broken', '--format', 'github']);
    expect(result.code).toBe(1);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.slice(0, -1)).toEqual(
      // The message's `:` and `,` stay as they are; in properties they would be escaped (none here has one).
      BROKEN_DIAGNOSTICS.map(
        (d) =>
          `::${d.severity} file=${d.file},line=${d.line},col=${d.column},title=theme-kit ${d.code}::${withHint(d)}`,
      ),
    );
    expect(lines.at(-1)).toBe('✖ 1 error and 3 warnings in 3 files (3 files checked)');
  });

  it('a clean theme (the starter) exits 0 with no problems', async () => {
    const result = await bin(['check', '--theme', 'clean', '--strict']);
    expect(result).toEqual({ code: 0, stdout: '✔ no problems in 19 files\n', stderr: '' });
  });

  it('warnings only exit 0; with --strict they are errors and exit 1', async () => {
    const [lenient, strict] = await Promise.all([
      run(['check', '--theme', 'warnings', '--format', 'json']),
      run(['check', '--theme', 'warnings', '--format', 'json', '--strict']),
    ]);
    expect(lenient.code).toBe(0);
    const report = JSON.parse(lenient.stdout) as JsonReport;
    expect(report).toMatchObject({
      valid: true,
      summary: { errors: 0, warnings: 1, files: 3 },
      diagnostics: [
        { severity: 'warning', code: 'unknown-tag', file: 'warnings/templates/index.liquid', line: 2, column: 1 },
      ],
    });
    expect(strict.code).toBe(1);
    const strictReport = JSON.parse(strict.stdout) as JsonReport;
    expect(strictReport).toMatchObject({ valid: false, summary: { errors: 1, warnings: 0, files: 3 } });
    expect(strictReport.diagnostics).toEqual(report.diagnostics.map((d) => ({ ...d, severity: 'error' })));
  });

  it('--configDir reads the config files from another directory', async () => {
    const split = path.join(cwd, 'split');
    writeStarter(path.join(split, 'theme'));
    mkdirSync(path.join(split, 'config'));
    for (const name of readdirSync(path.join(split, 'theme')).filter((f) => f.endsWith('.stk.config.json'))) {
      writeFileSync(path.join(split, 'config', name), readFileSync(path.join(split, 'theme', name)));
      rmSync(path.join(split, 'theme', name));
    }
    const [together, apart] = await Promise.all([
      run(['check', '--theme', 'split/theme']),
      run(['check', '--theme', 'split/theme', '--configDir', 'split/config']),
    ]);
    // Without its config: no config files, and the region `home` has no entry.
    expect(together.stdout).toContain('split/theme:1:1 warning no-config-files');
    expect(together.stdout).toContain('split/theme/templates/index.liquid:10:1 warning unconfigured-region');
    expect(apart).toEqual({ code: 0, stdout: '✔ no problems in 19 files\n', stderr: '' });
  });
});

describe.concurrent('usage errors: exit 2, the message names the flag, then the usage', () => {
  it.each([
    [['check', '--format', 'xml'], 'theme-kit check: --format must be one of text, json, sarif, github, not "xml"'],
    [['render', '--seed', 'x'], 'theme-kit render: --seed must be a whole number, not "x"'],
    [['dev', '--port', '70000'], 'theme-kit dev: --port must be between 0 and 65535, not "70000"'],
    [['dev', '--language', 'xx'], 'theme-kit dev: --language must be one of da-DK, de-DE, en-US'],
    [['check', '--bogus'], "theme-kit check: Unknown option '--bogus'"],
    [['render', '--theme'], "theme-kit render: Option '--theme <value>' argument missing"],
    [['check', '--theme='], 'theme-kit check: --theme needs a directory'],
    [['check', 'extra'], 'theme-kit check: unexpected argument "extra"'],
    [['init', 'a', 'b'], 'theme-kit init: expected at most 1 argument, got 2'],
    [
      ['render', '--theme', 'clean', '--out', 'clean'],
      'theme-kit render: --out must not be the theme directory or contain it',
    ],
  ])('%j', async (args, message) => {
    const result = await run(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.startsWith(message)).toBe(true);
    expect(result.stderr).toContain(`\n\nUsage: theme-kit ${args[0]} `);
  });

  it('an unknown command, or none, lists the commands (exit 2)', async () => {
    const [unknown, none] = await Promise.all([bin(['frobnicate']), bin([])]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^theme-kit: unknown command "frobnicate"\n\nUsage: theme-kit <command>/);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^Usage: theme-kit <command>/);
  });
});

describe.concurrent('--help and --version', () => {
  it.each([['--version'], ['-v'], ['check', '--version'], ['render', '-v']])(
    '%s prints the package version (exit 0)',
    async (...args) => {
      expect(await bin(args)).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
    },
  );

  it('--help lists every command', async () => {
    const result = await run(['--help']);
    expect(result.code).toBe(0);
    for (const name of ['init', 'dev', 'check', 'render', 'validate', 'mock', 'editor'])
      expect(result.stdout).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
  });

  it.each([
    [
      ['check', '--help'],
      ['--strict', '--format FORMAT', '--configDir DIR'],
    ],
    [
      ['render', '-h'],
      ['--out DIR', '--seed N', '--language CODE'],
    ],
    [
      ['help', 'dev'],
      ['--port N', '--host ADDRESS'],
    ],
    [['init', '--help'], ['DIR']],
  ])("%j prints that command's usage and options (exit 0)", async (args, options) => {
    const result = await run(args);
    expect(result.code).toBe(0);
    const name = args[0] === 'help' ? args[1] : args[0];
    expect(result.stdout.startsWith(`Usage: theme-kit ${name}`)).toBe(true);
    for (const option of options) expect(result.stdout).toContain(option);
  });
});

describe('theme-kit init DIR', () => {
  it('writes the starter theme and the editor mapping inside DIR; a second run keeps every file; the result passes check', async () => {
    const work = testTempDir('theme-kit-cli-init-');
    const first = await runBin(['init', 'site'], { cwd: work });
    expect(first.code).toBe(0);
    expect(first.stderr).toBe('');
    const expected = [...starterTheme().keys(), '.vscode/settings.json'].sort();
    for (const file of expected)
      expect(first.stdout).toMatch(new RegExp(`^created site/${file.replace(/\./g, '\\.')}\\b`, 'm'));
    expect(listFiles(path.join(work, 'site'))).toEqual(expected);
    expect(readdirSync(work)).toEqual(['site']); // no .vscode in the working directory
    const settings = JSON.parse(readFileSync(path.join(work, 'site/.vscode/settings.json'), 'utf8')) as {
      'json.schemas': Array<{ fileMatch: string[] }>;
    };
    expect(settings['json.schemas'].map((s) => s.fileMatch[0])).toHaveLength(7);
    expect(first.stdout).toContain('Next: theme-kit dev --theme site');

    // A second run overwrites nothing, even an edited file.
    writeFileSync(path.join(work, 'site/assets/theme.css'), 'body { color: teal; }\n');
    const second = await runBin(['init', 'site'], { cwd: work });
    expect(second.code).toBe(0);
    expect(second.stdout).not.toMatch(/^created /m);
    for (const file of [...starterTheme().keys()])
      expect(second.stdout).toMatch(new RegExp(`^kept +site/${file.replace(/\./g, '\\.')} \\(already exists\\)$`, 'm'));
    expect(second.stdout).toMatch(/^kept +site\/\.vscode\/settings\.json/m);
    expect(readFileSync(path.join(work, 'site/assets/theme.css'), 'utf8')).toBe('body { color: teal; }\n');

    const check = await runBin(['check', '--theme', 'site', '--strict'], { cwd: work });
    const checked = [...starterTheme().keys()].filter(
      (file) => file.endsWith('.liquid') || file.endsWith('.stk.config.json'),
    ).length;
    expect(check).toEqual({ code: 0, stdout: `✔ no problems in ${checked} files\n`, stderr: '' });
  });

  it('without DIR it writes into the working directory', async () => {
    const work = testTempDir('theme-kit-cli-init-here-');
    const result = await runInProcess(['init'], { cwd: work });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^created templates\/index\.liquid$/m);
    expect(existsSync(path.join(work, '.vscode/settings.json'))).toBe(true);
    expect(result.stdout).toContain('Next: theme-kit dev   (then open');
  });

  it('DIR that is a file: exit 1 with one message, nothing reported as kept', async () => {
    const work = testTempDir('theme-kit-cli-init-file-');
    writeFileSync(path.join(work, 'site'), 'not a folder');
    const result = await runInProcess(['init', 'site'], { cwd: work });
    expect(result).toEqual({ code: 1, stdout: '', stderr: 'theme-kit init: site is not a directory\n' });
  });

  it('a file where a folder of the theme must be: exit 1 naming it once; the other files are written, none reported as kept', async () => {
    const work = testTempDir('theme-kit-cli-init-clash-');
    writeFiles(path.join(work, 'site'), { templates: 'a file, not the templates folder' });
    const result = await runInProcess(['init', 'site'], { cwd: work });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('theme-kit init: cannot create site/templates (a file of that name exists)\n');
    expect(result.stdout).not.toContain('kept');
    expect(result.stdout).toMatch(/^created site\/layout\/theme\.liquid$/m);
    expect(result.stdout + result.stderr).not.toMatch(STACK_FRAME);
  });
});

/** Every file under `dir`, relative, sorted. */
function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir)
    .flatMap((name) =>
      statSync(path.join(dir, name)).isDirectory()
        ? listFiles(path.join(dir, name), `${prefix}${name}/`)
        : [`${prefix}${name}`],
    )
    .sort();
}

describe('theme-kit render', () => {
  const EPOCH = '1717200000'; // 2024-06-01: the same mock store for the binary and for openTheme below

  it('writes every route as static HTML, 404.html and the assets (exit 0)', async () => {
    const result = await run(['render', '--theme', 'clean', '--out', 'site-out'], { SOURCE_DATE_EPOCH: EPOCH });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const theme = await openTheme({ theme: path.join(cwd, 'clean'), clock: Number(EPOCH) * 1000 });
    const pages = theme
      .routes()
      .map((route) => (route === '/' ? 'index.html' : `${decodeURIComponent(route.slice(1))}/index.html`));
    const assets = readdirSync(path.join(cwd, 'clean/assets')).map((name) => `assets/${name}`);
    expect(listFiles(path.join(cwd, 'site-out'))).toEqual([...pages, '404.html', ...assets].sort());
    expect(result.stdout).toBe(
      `theme-kit render: ${pages.length + 1} pages and ${assets.length} assets written to site-out\n`,
    );
    // What the starter's config names, at the paths a static host serves them from.
    for (const page of [
      'index.html',
      'blog/index.html',
      'blog/packing-for-a-three-day-hike/index.html',
      'categories/coffee/index.html',
      'products/harbor-blend/index.html',
    ]) {
      expect(pages).toContain(page);
    }
    const product = readFileSync(path.join(cwd, 'site-out/products/harbor-blend/index.html'), 'utf8');
    expect(product).toMatch(/^<!doctype html>/);
    expect(product).toContain('<h1>Harbor Blend</h1>');
    expect(readFileSync(path.join(cwd, 'site-out/404.html'), 'utf8')).toContain('Page not found');
    for (const asset of assets)
      expect(readFileSync(path.join(cwd, 'site-out', asset))).toEqual(readFileSync(path.join(cwd, 'clean', asset)));
  });

  it('a theme with errors: exit 1, the diagnostics on stderr, nothing written (an existing output folder is left as it is)', async () => {
    const out = path.join(cwd, 'broken-out');
    mkdirSync(out);
    writeFileSync(path.join(out, 'keep.txt'), 'from before');
    const result = await run(['render', '--theme', 'unparsable', '--out', 'broken-out']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      'unparsable/templates/index.liquid:2:3 error liquid-syntax tag {% if page.title %} not closed\n',
    );
    expect(result.stderr).toMatch(/theme-kit render: nothing written\n$/);
    expect(result.stderr).not.toMatch(STACK_FRAME);
    expect(listFiles(out)).toEqual(['keep.txt']);
    const fresh = await run(['render', '--theme', 'unparsable', '--out', 'never-made']);
    expect(fresh.code).toBe(1);
    expect(existsSync(path.join(cwd, 'never-made'))).toBe(false);
  });
});

describe.concurrent("theme-config's commands under the theme-kit name", () => {
  it('validate checks the config files', async () => {
    const [clean, broken] = await Promise.all([
      run(['validate', '--configDir', 'clean']),
      run(['validate', '--configDir', 'broken', '--format', 'json']),
    ]);
    expect(clean).toEqual({ code: 0, stdout: '✔ no problems in 7 config files\n', stderr: '' });
    expect(broken.code).toBe(0); // only a warning among the config files; the template checks are check's
    expect(JSON.parse(broken.stdout)).toMatchObject({
      valid: true,
      diagnostics: [{ code: 'unknown-property', file: 'broken/page.stk.config.json' }],
    });
  });

  it('a usage error of validate speaks as theme-kit validate', async () => {
    const result = await run(['validate', '--format', 'xml']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^theme-kit validate: --format must be one of text, json, sarif, github, not "xml"\n\nUsage: theme-kit validate /,
    );
  });

  it('mock prints the mock store as JSON', async () => {
    const result = await run(['mock', '--configDir', 'clean', '--now', '2024-06-01']);
    expect(result.code).toBe(0);
    const data = JSON.parse(result.stdout) as { store: { storeName: string }; categories: unknown[] };
    expect(data.store.storeName).toBe('Northwind Supply Co.');
    expect(data.categories.length).toBeGreaterThanOrEqual(3);
  });

  it('editor DIR writes DIR/.vscode/settings.json; its usage errors and failures speak as theme-kit editor', async () => {
    mkdirSync(path.join(cwd, 'editor-dir'));
    const result = await run(['editor', 'editor-dir']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^created editor-dir\/\.vscode\/settings\.json/);
    expect(existsSync(path.join(cwd, 'editor-dir/.vscode/settings.json'))).toBe(true);
    const usage = await run(['editor', 'a', 'b']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^theme-kit editor: expected at most 1 argument, got 2\n/);
  });
});

describe.concurrent('failures are messages with a file and position, never stack traces', () => {
  it('check of a theme directory that does not exist: exit 1, a diagnostic', async () => {
    const result = await run(['check', '--theme', 'no-such-theme']);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /^no-such-theme:1:1 error theme-dir-not-found theme directory `.*no-such-theme` does not exist or is not a directory \(ENOENT\)\n/,
    );
    expect(result.stdout + result.stderr).not.toMatch(STACK_FRAME);
  });

  it('render and dev of a theme directory that does not exist: exit 1, a message', async () => {
    const [render, dev] = await Promise.all([
      run(['render', '--theme', 'no-such-theme', '--out', 'no-out']),
      run(['dev', '--theme', 'no-such-theme', '--port', '0']),
    ]);
    expect(render.code).toBe(1);
    expect(render.stderr).toContain('no-such-theme:1:1 error theme-dir-not-found');
    expect(existsSync(path.join(cwd, 'no-out'))).toBe(false);
    expect(dev.code).toBe(1);
    expect(dev.stderr).toMatch(
      /^theme-kit dev: theme directory `.*no-such-theme` does not exist or is not a directory/,
    );
    for (const output of [render.stdout, render.stderr, dev.stdout, dev.stderr])
      expect(output).not.toMatch(STACK_FRAME);
  });

  it('dev on a busy port: exit 1, naming the port', async () => {
    const server: Server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const result = await run(['dev', '--theme', 'clean', '--port', String(port)]);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `theme-kit dev: port ${port} on 127.0.0.1 is in use: pass another port (0 picks a free one)\n`,
      );
      expect(result.stdout).not.toMatch(STACK_FRAME);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('mock of a config directory that does not exist: exit 1, a diagnostic', async () => {
    const result = await run(['mock', '--configDir', 'no-such-dir']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^no-such-dir:1:1 error config-dir-not-found /);
    expect(result.stderr).not.toMatch(STACK_FRAME);
  });
});
