// `commerce-sandbox report` against a real sandbox: JUnit XML or JSON, to standard output or a file
// (never replacing one unless --force), exit 0 without violations and 1 with them.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { runBin, runInProcess, STACK_TRACE } from './support/run-bin.js';
import { api, controlFetch, start } from './support/start.js';

const tempDir = (): string => testTempDir('sandbox-report-');

interface JunitCase {
  name: string;
  failure?: Array<{ '#text': string; message: string; type: string }>;
  'system-out': string;
}

function junit(xml: string): {
  name: string;
  tests: string;
  failures: string;
  properties: { property: Array<{ name: string; value: string }> };
  testcase?: JunitCase[];
} {
  expect(XMLValidator.validate(xml)).toBe(true);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseTagValue: false,
    isArray: (name) => ['testcase', 'failure', 'property'].includes(name),
  });
  return (parser.parse(xml) as { testsuites: { testsuite: ReturnType<typeof junit> } }).testsuites.testsuite;
}

/** Two violations of listCustomers, one unknown route, and a conforming listOrders. */
async function departures(sandbox: Awaited<ReturnType<typeof start>>): Promise<void> {
  expect((await api(sandbox, '/customers?limit=2&colour=red')).status).toBe(200);
  expect((await api(sandbox, '/customers?limit=500')).status).toBe(400);
  expect((await api(sandbox, '/orders')).status).toBe(200);
  expect((await api(sandbox, '/refunds')).status).toBe(404);
}

describe('report', () => {
  test('no violations: a passing JUnit suite on standard output, the summary on standard error, exit 0', async () => {
    const sandbox = await start({ customers: 3 });
    expect((await api(sandbox, '/customers?limit=2')).status).toBe(200);
    const run = await runInProcess(['report', '--format', 'junit', '--url', sandbox.url]);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('report: 0 violations in 0 operations (1 request checked)\n');
    const suite = junit(run.stdout);
    expect(suite).toMatchObject({ name: 'commerce-sandbox contract', tests: '1', failures: '0' });
    expect(suite.testcase).toEqual([
      { classname: 'commerce-sandbox contract', name: 'listCustomers', 'system-out': '1 request checked' },
    ]);
  });

  test('violations: one test case per operation, each violation a <failure> with method, path, pointer and message; exit 1', async () => {
    const sandbox = await start({ customers: 3 });
    await departures(sandbox);
    const run = await runBin(['report', '--url', sandbox.url]); // junit is the default
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('report: 3 violations in 2 operations (4 requests checked)\n');
    const suite = junit(run.stdout);
    expect(suite).toMatchObject({ tests: '3', failures: '2' });
    expect(suite.properties.property).toContainEqual({ name: 'strict', value: 'false' });
    const cases = Object.fromEntries((suite.testcase ?? []).map((c) => [c.name, c]));
    expect(Object.keys(cases).sort()).toEqual(['listCustomers', 'listOrders', 'requests to unknown routes']);
    expect(cases['listOrders']!.failure).toBeUndefined();
    const [colour, limit] = cases['listCustomers']!.failure!;
    expect(colour).toMatchObject({
      type: 'query',
      message: expect.stringMatching(/^\/query\/colour: colour is not a query parameter/),
    });
    expect(colour!['#text']).toMatch(/^violation 1: GET \/customers \(answered 200\)\n\/query\/colour: /);
    expect(limit).toMatchObject({ type: 'query', message: expect.stringMatching(/^\/query\/limit: /) });
    expect(limit!['#text']).toMatch(/\(answered 400\)/);
    expect(cases['requests to unknown routes']!.failure).toEqual([
      expect.objectContaining({ type: 'route', message: 'no operation at GET /refunds' }),
    ]);
    expect(run.stdout).not.toContain(sandbox.app.accessToken);
  });

  test("--format json: the sandbox's list as it is; --strict shows as strict", async () => {
    const sandbox = await start({ customers: 3, strict: true });
    await api(sandbox, '/customers?colour=red');
    const run = await runInProcess(['report', '--format', 'json', '--url', sandbox.url]);
    expect(run.status).toBe(1);
    const served = await (await controlFetch(sandbox.url, `/_sandbox/violations`)).json();
    expect(JSON.parse(run.stdout)).toEqual(served);
    expect(JSON.parse(run.stdout)).toMatchObject({ strict: true, data: [{ pointer: '/query/colour', status: 400 }] });
  });

  test('--output FILE: written, summary on standard output; an existing file is kept unless --force', async () => {
    const sandbox = await start({ customers: 3 });
    await departures(sandbox);
    const dir = tempDir();
    const file = join(dir, 'sandbox-contract.xml');
    const first = await runInProcess(['report', '--format', 'junit', '--output', file, '--url', sandbox.url]);
    expect(first).toEqual({
      status: 1,
      stdout: `report: 3 violations in 2 operations (4 requests checked), written to ${file}\n`,
      stderr: '',
    });
    expect(junit(readFileSync(file, 'utf8')).failures).toBe('2');

    writeFileSync(file, 'my own notes');
    const refused = await runInProcess(['report', '--output', file, '--url', sandbox.url]);
    expect(refused).toEqual({
      status: 1,
      stdout: '',
      stderr: `commerce-sandbox report: ${file} exists: pass --force to replace it\n`,
    });
    expect(readFileSync(file, 'utf8')).toBe('my own notes');

    const forced = await runInProcess([
      'report',
      '--format',
      'json',
      '--output',
      file,
      '--force',
      '--url',
      sandbox.url,
    ]);
    expect(forced.status).toBe(1);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ data: expect.any(Array) });

    await runInProcess(['reset', '--url', sandbox.url]);
    const clean = await runInProcess(['report', '--output', join(dir, 'clean.xml'), '--url', sandbox.url]);
    expect(clean.status).toBe(0);
    expect(junit(readFileSync(join(dir, 'clean.xml'), 'utf8')).tests).toBe('0');
  });

  test('a file that cannot be written: exit 1 naming it; the sandbox unreachable: nothing written', async () => {
    const sandbox = await start({ customers: 0 });
    const missingDir = join(tempDir(), 'no', 'such', 'dir', 'r.xml');
    const run = await runInProcess(['report', '--output', missingDir, '--url', sandbox.url]);
    expect(run).toEqual({
      status: 1,
      stdout: '',
      stderr: `commerce-sandbox report: cannot write ${missingDir}: ENOENT\n`,
    });
    const dir = tempDir();
    const unreachable = await runInProcess(['report', '--output', join(dir, 'r.xml'), '--url', 'http://127.0.0.1:9']);
    expect(unreachable.status).toBe(1);
    expect(() => readFileSync(join(dir, 'r.xml'))).toThrow();
  });

  test.each([
    [['--format', 'xml'], /--format must be junit or json, got "xml"/],
    [['--force'], /--force applies to --output FILE only/],
    [['--json'], /unknown option --json: the options are --format, --output, --force, --url, --control-key, --help/],
    [['--output'], /^commerce-sandbox report: --output needs a value: the file to write the report to\n/],
    [['now'], /unexpected argument "now"/],
  ])('%j: usage error, exit 2', async (args, message) => {
    const run = await runInProcess(['report', ...args, '--url', 'http://127.0.0.1:9']);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(STACK_TRACE);
  });
});
