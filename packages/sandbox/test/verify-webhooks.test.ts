// `commerce-sandbox verify-webhooks`: a receiver built as the webhooks README shows passes; deliberately
// wrong receivers (always 200, 500 to duplicates, work before answering) each fail by name.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWebhookHandler, verifyDelivery } from '@commerce-kit/webhooks';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { systemClock } from '../src/clock.js';
import { runReceiverBattery } from '../src/contract/receiver-battery.js';
import { nodeListener } from './support/node-listener.js';
import { runInProcess, STACK_TRACE } from './support/run-bin.js';
import { start } from './support/start.js';

const SECRET = 'whsec_verify_test_secret';
const servers: Server[] = [];
const releases: (() => void)[] = [];

afterEach(async () => {
  for (const release of releases.splice(0)) release();
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

async function serve(listener: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

/** A receiver as the webhooks README's quick start builds it. */
async function readmeReceiver(): Promise<string> {
  const webhooks = createWebhookHandler({ secret: SECRET, onEvent: async () => {} });
  return serve(nodeListener(webhooks.node));
}

/** Verifies, then answers as `answer` says (given whether the signed message was seen before). */
async function customReceiver(
  answer: (verified: boolean, duplicate: boolean, res: ServerResponse) => void | Promise<void>,
): Promise<string> {
  const seen = new Set<string>();
  return serve(
    nodeListener(async (req, res) => {
      const body = await readBody(req);
      const result = verifyDelivery(body, req.headers as Record<string, string>, { secret: SECRET });
      let key = '';
      if (result.ok) key = result.event.deliveryKey;
      const duplicate = key !== '' && seen.has(key);
      seen.add(key);
      await answer(result.ok, duplicate, res);
    }),
  );
}

const verify = (url: string, ...more: string[]) =>
  runInProcess(['verify-webhooks', '--url', url, '--secret', SECRET, '--format', 'json', ...more]);

interface JsonReport {
  data: { operation_id: string; message: string; pointer: string }[];
  warnings: { check: string; text: string }[];
  checks: { name: string; checked: number; log: string[] }[];
}

describe('verify-webhooks', () => {
  it('passes a receiver built from the webhooks README, with every check in the report and the secret never printed', async () => {
    const url = await readmeReceiver();
    const result = await verify(url);
    expect(result.stderr).toMatch(/verify-webhooks: 31 of 31 checks passed, 0 errors/);
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout) as JsonReport;
    expect(report.data).toEqual([]);
    // Nothing refused; the only warning a loaded machine may bring is a slow burst (over half the budget).
    expect(report.warnings.filter((w) => w.check !== 'concurrent-deliveries')).toEqual([]);
    expect(report.checks.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        'customerCreatedWebhook',
        'productVariantSoldoutWebhook',
        'digit-shift-forgery',
        'concurrent-deliveries',
      ]),
    );
    expect(report.checks.find((c) => c.name === 'concurrent-deliveries')?.checked).toBe(50);
    expect(result.stdout + result.stderr).not.toContain(SECRET);
  });

  it('names each failure of a receiver that answers 200 to everything', async () => {
    const url = await customReceiver((_verified, _duplicate, res) => {
      res.writeHead(200).end('ok');
    });
    const result = await verify(url);
    expect(result.status).toBe(1);
    const failed = new Set((JSON.parse(result.stdout) as JsonReport).data.map((v) => v.operation_id));
    expect([...failed].sort()).toEqual(
      [
        'digit-shift-forgery',
        'invalid-signature',
        'malformed-json',
        'missing-signature',
        'signature-other-timestamp',
        'signature-other-token',
      ].sort(),
    );
    const junit = await runInProcess(['verify-webhooks', '--url', url, '--secret', SECRET, '--format', 'junit']);
    expect(junit.stdout).toMatch(
      /<testcase classname="commerce-sandbox contract" name="digit-shift-forgery">\s*<failure/,
    );
    const text = await runInProcess(['verify-webhooks', '--url', url, '--secret', SECRET]);
    expect(text.stdout).toMatch(/^FAIL digit-shift-forgery\n {7}sent a digit-shift forgery .* → 200 in \d+ ms$/m);
    expect(text.stdout).toContain(
      `${url}:1:1 error digit-shift-forgery POST /webhooks (customerUpdatedWebhook): /status:`,
    );
    const sarif = await runInProcess(['verify-webhooks', '--url', url, '--secret', SECRET, '--format', 'sarif']);
    expect((JSON.parse(sarif.stdout) as { version: string }).version).toBe('2.1.0');
  });

  it('fails a receiver that answers 500 to a duplicate, and shows the body', async () => {
    const url = await customReceiver((verified, duplicate, res) => {
      if (!verified) res.writeHead(400).end('{"received":false}');
      else if (duplicate) res.writeHead(500).end('duplicate key value violates unique constraint');
      else res.writeHead(200).end('{"received":true}');
    });
    const result = await verify(url);
    expect(result.status).toBe(1);
    const report = JSON.parse(result.stdout) as JsonReport;
    expect(report.data.map((v) => v.operation_id)).toEqual(['duplicate-delivery']);
    expect(report.data[0]!.message).toMatch(/500 in \d+ ms: "duplicate key value violates unique constraint"/);
  });

  it('fails a receiver that does its work before answering (held past the budget, injected small)', async () => {
    const url = await customReceiver(
      (verified, _duplicate, res) =>
        new Promise<void>((resolve) => {
          // "Work" that ends only when the test is over: every genuine delivery outlives the budget.
          releases.push(() => {
            if (!res.writableEnded) res.destroy();
            resolve();
          });
          if (!verified) {
            res.writeHead(400).end();
            resolve();
          }
        }),
    );
    const cases = await runReceiverBattery({ url, secret: SECRET, clock: systemClock, budgetMs: 100 });
    const failed = cases.filter((c) => c.findings.some((f) => f.severity === 'error'));
    expect(failed.map((c) => c.name)).toEqual(
      expect.arrayContaining(['customerCreatedWebhook', 'duplicate-delivery', 'concurrent-deliveries']),
    );
    const finding = failed[0]!.findings[0]!;
    expect(finding).toMatchObject({ in: 'timing', pointer: '/timing', actual: 'no answer within 100 ms' });
    expect(finding.message).toMatch(/answer at once and do the work afterwards/);
  });

  it('reports refusals of late, unknown and large deliveries as warnings (errors with --strict)', async () => {
    const url = await customReceiver(async (verified, _duplicate, res) => {
      res.writeHead(verified ? 200 : 400).end();
    });
    // This receiver verifies with the library's defaults, which accept them all: warnings come from a stricter one.
    const strictUrl = await serve(
      nodeListener(async (req, res) => {
        const body = await readBody(req);
        const parsed = JSON.parse(body.startsWith('{') && body.endsWith('}') ? body : '{}') as Record<string, unknown>;
        const result = verifyDelivery(body, req.headers as Record<string, string>, {
          secret: SECRET,
          maxAgeSeconds: 300,
        });
        const known = ['type', 'timestamp', 'token', 'data'];
        const refused =
          !result.ok ||
          Object.keys(parsed).some((k) => !known.includes(k)) ||
          String(parsed['type']).startsWith('verify_unknown') ||
          body.length > 100_000;
        res.writeHead(refused ? 400 : 200).end();
      }),
    );
    expect((await verify(url)).status).toBe(0);
    const result = await verify(strictUrl);
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout) as JsonReport;
    expect(
      report.warnings
        .map((w) => w.check)
        .filter((check) => check !== 'concurrent-deliveries')
        .sort(),
    ).toEqual(['large-body', 'late-delivery', 'unknown-event-type', 'unknown-fields'].sort());
    const strict = await verify(strictUrl, '--strict');
    expect(strict.status).toBe(1);
  });

  it("reads the key from a sandbox's data file with --data", async () => {
    const file = path.join(testTempDir('sandbox-verify-'), 'sandbox.db');
    await start({ data: file, webhookSecret: SECRET });
    const url = await readmeReceiver();
    const result = await runInProcess(['verify-webhooks', '--url', url, '--data', file, '--format', 'json']);
    expect(result.stderr).toMatch(/31 of 31 checks passed/);
    expect(result.status).toBe(0);
    const missing = await runInProcess(['verify-webhooks', '--url', url, '--data', `${file}.missing`]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/cannot read the webhook secret from .*sandbox\.db\.missing/);
    const both = await runInProcess(['verify-webhooks', '--url', url, '--data', file, '--secret', SECRET]);
    expect(both.status).toBe(2);
    // Not a database, and a database with no app: exit 1, the file named, no stack trace.
    const notDatabase = path.join(path.dirname(file), 'notes.txt');
    writeFileSync(notDatabase, 'not a database\n'.repeat(100));
    const garbled = await runInProcess(['verify-webhooks', '--url', url, '--data', notDatabase]);
    expect(garbled.status).toBe(1);
    expect(garbled.stderr).toMatch(/cannot read the webhook secret from .*notes\.txt/);
    expect(garbled.stderr).not.toMatch(STACK_TRACE);
    const empty = path.join(path.dirname(file), 'empty.db');
    const db = new Database(empty);
    db.exec('CREATE TABLE apps (webhook_secret TEXT)');
    db.close();
    const noApp = await runInProcess(['verify-webhooks', '--url', url, '--data', empty]);
    expect(noApp.status).toBe(1);
    expect(noApp.stderr).toMatch(/empty\.db holds no sandbox app: start the sandbox with --data/);
  });

  it('names the flag of a usage error, without a stack trace', async () => {
    const missing = await runInProcess(['verify-webhooks', '--secret', SECRET]);
    expect(missing).toMatchObject({ status: 2 });
    expect(missing.stderr).toMatch(/--url is required/);
    const format = await runInProcess([
      'verify-webhooks',
      '--url',
      'http://127.0.0.1:1/',
      '--secret',
      SECRET,
      '--format',
      'xml',
    ]);
    expect(format.stderr).toMatch(/--format must be one of text, json, junit, sarif, github, not "xml"/);
    const timeout = await runInProcess([
      'verify-webhooks',
      '--url',
      'http://127.0.0.1:1/',
      '--secret',
      SECRET,
      '--timeout',
      '0',
    ]);
    expect(timeout.stderr).toMatch(/--timeout must be between 1 and 60/);
    const secret = await runInProcess(['verify-webhooks', '--url', 'http://127.0.0.1:1/']);
    expect(secret.stderr).toMatch(/--secret is required/);
    for (const r of [missing, format, timeout, secret]) {
      expect(r.status).toBe(2);
      expect(r.stderr).not.toMatch(STACK_TRACE);
    }
  });
});
