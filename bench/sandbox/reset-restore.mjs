// How long reset and restore take on a 10,000-customer store, in memory and with a data file, beside
// peers measured in the same run: re-seeding from scratch (a new sandbox started with the same seed,
// which is what a test suite without snapshots does), a full logical copy of the same image (DELETE +
// INSERT…SELECT of every table in one transaction: how restores worked before they wrote only the
// changed rows) and a plain copy of the SQLite file (the floor: no transaction, no fsync, no index
// upkeep). Each measured run follows a small change (five customers created, one deleted, one
// updated), as between two tests. Build first: `npx nx run @commerce-kit/sandbox:build`.
import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSandbox } from '../../packages/sandbox/dist/index.js';
import { quantile } from '../lib/stats.mjs';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const RESEED_RUNS = Number(process.env.BENCH_RESEED_RUNS ?? 5);
const SEED = 7;
const GOAL_MS = 50;

/**
 * Runs the tasks interleaved, round after round (a task with `every: k` in one round of k), so a busy
 * moment of the shared machine falls on all of them alike; each timed call follows its untimed
 * `before`. The first round warms up (statements prepared, pages cached) and is not counted.
 * Returns median and p95 per task name.
 */
async function measureInterleaved(rounds, tasks) {
  const times = new Map(tasks.map((t) => [t.name, []]));
  for (let round = -1; round < rounds; round++) {
    for (const task of tasks) {
      if (round >= 0 && round % (task.every ?? 1) !== 0) continue;
      await task.before?.();
      const started = performance.now();
      await task.run();
      if (round >= 0) times.get(task.name).push(performance.now() - started);
    }
  }
  return new Map(
    [...times].map(([name, list]) => {
      list.sort((a, b) => a - b);
      return [name, { median: quantile(list, 0.5), p95: quantile(list, 0.95), runs: list.length }];
    }),
  );
}

const DATA_TABLES = ['resources', 'outbox', 'delivery_attempts'];

/**
 * The full-copy peer: a database holding the image's data (a copy of the file in WAL mode as the
 * sandbox opens it, or the same rows in memory with the image in an attached in-memory schema, as the
 * sandbox keeps its in-memory snapshots), restored by deleting and re-inserting every row.
 */
function fullCopyPeer(image, file) {
  let db;
  if (file) {
    copyFileSync(image, file);
    db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
  } else {
    db = new Database(':memory:');
    db.prepare('ATTACH DATABASE ? AS img').run(image);
    for (const { sql } of db
      .prepare(
        "SELECT sql FROM img.sqlite_schema WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY type = 'index'",
      )
      .all())
      db.exec(sql);
    for (const table of [...DATA_TABLES, 'meta', 'apps'])
      db.exec(`INSERT INTO main.${table} SELECT * FROM img.${table}`);
    db.exec("ATTACH DATABASE ':memory:' AS mem");
    for (const table of DATA_TABLES) db.exec(`CREATE TABLE mem.${table} AS SELECT * FROM img.${table}`);
    db.exec('CREATE TABLE mem.sequence AS SELECT name, seq FROM img.sqlite_sequence');
    db.exec('DETACH DATABASE img');
  }
  const from = file ? 'img' : 'mem';
  db.pragma('foreign_keys = ON');
  const columns = new Map(
    DATA_TABLES.map((t) => [
      t,
      db
        .pragma(`table_info(${t})`)
        .map((c) => `"${c.name}"`)
        .join(', '),
    ]),
  );
  let n = 0;
  const insert = db.prepare(
    "INSERT INTO resources (kind, seq, id, created_time, body) VALUES ('customers', ?, ?, '2030-01-01T00:00:00.000Z', json_object('first_name', 'Bench', 'last_name', 'N', 'email', 'bench@example.com'))",
  );
  return {
    change() {
      for (let i = 0; i < 5; i++, n++) insert.run(1_000_000 + n, `cus_bench_${n}`);
      db.prepare("UPDATE resources SET deleted = 1 WHERE kind = 'customers' AND seq = ?").run(1 + (n % 100));
      db.prepare("UPDATE resources SET body = json_set(body, '$.company', ?) WHERE kind = 'customers' AND seq = ?").run(
        `c${n}`,
        200 + (n % 100),
      );
    },
    restore() {
      if (file) db.prepare('ATTACH DATABASE ? AS img').run(image);
      db.transaction(() => {
        for (const t of [...DATA_TABLES].reverse()) db.exec(`DELETE FROM main.${t}`);
        for (const t of DATA_TABLES)
          db.exec(`INSERT INTO main.${t} (${columns.get(t)}) SELECT ${columns.get(t)} FROM ${from}.${t}`);
        db.exec(`DELETE FROM main.sqlite_sequence WHERE name IN ('outbox', 'delivery_attempts')`);
        db.exec(
          `INSERT INTO main.sqlite_sequence (name, seq) SELECT name, seq FROM ${file ? 'img.sqlite_sequence' : 'mem.sequence'} WHERE name IN ('outbox', 'delivery_attempts')`,
        );
      }).immediate();
      if (file) db.exec('DETACH DATABASE img');
    },
    close: () => db.close(),
  };
}

/** A few writes through the API, as a test would leave behind. */
function dirty(sandbox) {
  let n = 0;
  const headers = { authorization: `Bearer ${sandbox.app.accessToken}`, 'content-type': 'application/json' };
  return async () => {
    for (let i = 0; i < 5; i++) {
      n++;
      const response = await fetch(`${sandbox.url}/customers`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ first_name: 'Bench', last_name: `N${n}`, email: `bench${n}@example.com` }),
      });
      if (response.status !== 201) throw new Error(`create answered ${response.status}`);
    }
    const page = await (await fetch(`${sandbox.url}/customers?limit=2`, { headers })).json();
    const gone = await fetch(`${sandbox.url}/customers/${page.data[0].id}`, { method: 'DELETE', headers });
    if (gone.status !== 204) throw new Error(`delete answered ${gone.status}`);
    const put = await fetch(`${sandbox.url}/customers/${page.data[1].id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ company: `c${n}` }),
    });
    if (!put.ok) throw new Error(`update answered ${put.status}`);
  };
}

const ms = (value) => value.toFixed(2);
const rows = [];
const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-reset-bench-'));
try {
  for (const storage of ['memory', 'data file']) {
    const data = storage === 'memory' ? undefined : path.join(dir, 'store.db');
    const options = { port: 0, customers: CUSTOMERS, seed: SEED, rateLimit: 0, ...(data ? { data } : {}) };
    const sandbox = await startSandbox(options);
    const change = dirty(sandbox);
    try {
      await sandbox.snapshot('bench');
      // The floor and the full-copy peer work on the snapshot's file (for the in-memory case, the same
      // data written by a sandbox on a data file).
      const image = data ? path.join(`${data}.snapshots`, 'bench.sqlite') : path.join(dir, 'image.sqlite');
      if (!data) {
        const probe = await startSandbox({ ...options, data: path.join(dir, 'probe.db') });
        await probe.snapshot('bench');
        await probe.close();
        copyFileSync(path.join(dir, 'probe.db.snapshots', 'bench.sqlite'), image);
      }
      const bytes = statSync(image).size;
      const peer = fullCopyPeer(image, data ? path.join(dir, 'full-copy.db') : undefined);
      let fresh = 0;
      const results = await measureInterleaved(RUNS, [
        { name: 'reset()', before: change, run: () => sandbox.reset() },
        { name: 'restore(name)', before: change, run: () => sandbox.restore('bench') },
        {
          name: 'POST /_sandbox/reset',
          before: change,
          run: async () => {
            const response = await fetch(`${sandbox.url}/_sandbox/reset`, {
              method: 'POST',
              headers: { 'x-sandbox-control-key': sandbox.controlKey },
            });
            if (response.status !== 200) throw new Error(`POST /_sandbox/reset answered ${response.status}`);
            await response.arrayBuffer();
          },
        },
        { name: 'peer: full copy (DELETE + INSERT…SELECT)', before: () => peer.change(), run: () => peer.restore() },
        {
          // Re-seeding from scratch: a new sandbox with the same seed (a fresh data file for the file case).
          name: 'peer: re-seed (startSandbox + close)',
          every: Math.ceil(RUNS / RESEED_RUNS),
          run: async () => {
            const other = await startSandbox({
              ...options,
              ...(data ? { data: path.join(dir, `fresh-${fresh++}.db`) } : {}),
            });
            await other.close();
          },
        },
        {
          name: `peer: copy the ${(bytes / 1e6).toFixed(1)} MB SQLite file`,
          run: () => copyFileSync(image, path.join(dir, 'copy.sqlite')),
        },
      ]);
      peer.close();
      const [reseed, fullCopy, copy] = ['re-seed', 'full copy', 'SQLite file'].map(
        (part) => [...results].find(([name]) => name.includes(part))[1],
      );
      for (const [name, m] of results) {
        rows.push({
          storage,
          operation: name,
          'median ms': ms(m.median),
          'p95 ms': ms(m.p95),
          'x faster than re-seeding': (reseed.median / m.median).toFixed(1),
          'x faster than full copy': (fullCopy.median / m.median).toFixed(2),
          'x file copy (floor)': (m.median / copy.median).toFixed(1),
        });
      }
    } finally {
      await sandbox.close();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

console.log(
  `\n@commerce-kit/sandbox reset and restore, ${CUSTOMERS.toLocaleString('en')} customers, ${RUNS} interleaved runs each (re-seed: ${Math.ceil(RUNS / Math.ceil(RUNS / RESEED_RUNS))}), Node ${process.version}, ${new Date().toISOString()}\n`,
);
console.table(rows);
const misses = rows.filter((r) => !r.operation.startsWith('peer') && Number(r['median ms']) >= GOAL_MS);
console.log(
  `goal: reset and restore under ${GOAL_MS} ms (median): ${misses.length === 0 ? 'met' : `missed by ${misses.map((r) => `${r.storage} ${r.operation}`).join(', ')}`}`,
);
