/**
 * Reset, snapshots and restores of the store's data, each a logical copy in one IMMEDIATE transaction
 * on the live connection: prepared statements stay valid, a crash mid-restore leaves the previous
 * state, and a restore acknowledged is durable like any other write. A restore writes only the rows
 * that differ from the image (a test changes a few of thousands), not every table and index again.
 *
 * Images live in an attached in-memory schema (`images`): the seeded state, and the snapshots of an
 * in-memory sandbox. With a data file, snapshots are written by SQLite's online backup API into files
 * beside it (`<data>.snapshots/<name>.sqlite`) and survive restarts.
 *
 * A snapshot holds the data and the webhook log (every resource's objects, tombstones included, the
 * outbox and its attempts); the OAuth state (the app, codes and tokens) is not part of it, so the credentials a test
 * holds stay valid across reset and restore.
 */
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { openDatabase, type SqliteDatabase } from './database.js';
import { MIGRATIONS } from './schema.js';

/** Data tables in insertion order (a parent before the rows that reference it). */
const DATA_TABLES = ['resources', 'outbox', 'delivery_attempts'] as const;
const SEQUENCE = 'sqlite_sequence';
const IMAGES = 'images';
const SEED = 'seed';

/** A snapshot's name: safe as a file name and an SQL identifier part. */
export const SNAPSHOT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export interface SnapshotInfo {
  readonly name: string;
  /** When it was taken (ms since the epoch, on the sandbox's clock). */
  readonly createdAt: number;
  /** Its size in bytes. */
  readonly bytes: number;
}

const quote = (identifier: string): string => `"${identifier.replace(/"/g, '""')}"`;

export class SnapshotStore {
  readonly #db: SqliteDatabase;
  readonly #directory: string | undefined;
  /** In-memory snapshots: name → when taken (their tables are `images."<name>/<table>"`). */
  readonly #inMemory = new Map<string, number>();
  readonly #columns: ReadonlyMap<string, string>;
  /** Each data table's primary key columns (quoted), and its other columns. */
  readonly #keys: ReadonlyMap<string, { readonly key: string[]; readonly rest: string[] }>;
  /** Each data table's columns and primary key, to create an in-memory image of it. */
  readonly #definitions: ReadonlyMap<string, string>;
  #seeded = false;

  /** @param dataFile the sandbox's data file; its snapshots go to `<dataFile>.snapshots/` */
  constructor(db: SqliteDatabase, dataFile: string | undefined) {
    this.#db = db;
    this.#directory = dataFile === undefined ? undefined : join(dirname(dataFile), `${basename(dataFile)}.snapshots`);
    db.exec(`ATTACH DATABASE ':memory:' AS ${IMAGES}`);
    const info = new Map(
      DATA_TABLES.map((table) => [
        table,
        db.pragma(`main.table_info(${table})`) as { name: string; type: string; pk: number }[],
      ]),
    );
    this.#columns = new Map(
      DATA_TABLES.map((table) => [
        table,
        info
          .get(table)!
          .map((c) => quote(c.name))
          .join(', '),
      ]),
    );
    this.#keys = new Map(
      DATA_TABLES.map((table) => {
        const columns = info.get(table)!;
        const key = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
        return [
          table,
          { key: key.map((c) => quote(c.name)), rest: columns.filter((c) => c.pk === 0).map((c) => quote(c.name)) },
        ];
      }),
    );
    // The same primary key as the live table (an INTEGER one stays the rowid), so a restore looks image rows up by key.
    this.#definitions = new Map(
      DATA_TABLES.map((table) => [
        table,
        [
          ...info.get(table)!.map((c) => `${quote(c.name)} ${c.type}`),
          `PRIMARY KEY (${this.#keys.get(table)!.key.join(', ')})`,
        ].join(', '),
      ]),
    );
  }

  /** True once the seeded image is kept (see {@link captureSeed}). */
  get hasSeed(): boolean {
    return this.#seeded;
  }

  /** Keeps the current data as the seeded image that {@link reset} goes back to. */
  captureSeed(): void {
    this.#saveImage(SEED);
    this.#seeded = true;
  }

  /** Keeps the data of a serialized database (a freshly seeded one) as the seeded image. */
  captureSeedFrom(image: Buffer): void {
    const file = join(tmpdir(), `commerce-sandbox-seed-${randomBytes(6).toString('hex')}.sqlite`);
    writeFileSync(file, image);
    try {
      this.#withAttached(file, (schema) => {
        this.#dropImage(`${SEED}/`);
        this.#copyInto(IMAGES, `${SEED}/`, schema, '');
      });
      this.#seeded = true;
    } finally {
      rmSync(file, { force: true });
    }
  }

  /** Puts the seeded data back. */
  reset(): void {
    this.#restoreFrom(IMAGES, `${SEED}/`);
  }

  /** Takes (or replaces) the snapshot `name`. */
  async save(name: string, now: number): Promise<SnapshotInfo> {
    if (this.#directory === undefined) {
      this.#saveImage(`snap:${name}`);
      this.#inMemory.set(name, now);
      return this.#memoryInfo(name, now);
    }
    mkdirSync(this.#directory, { recursive: true });
    const file = this.#file(name);
    const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
    try {
      await this.#db.backup(partial);
      renameSync(partial, file); // atomic: a crash never leaves half a snapshot under the name
    } finally {
      rmSync(partial, { force: true });
    }
    return { name, createdAt: statSync(file).mtimeMs, bytes: statSync(file).size };
  }

  /** Restores the snapshot `name`; undefined when there is none. */
  restore(name: string): SnapshotInfo | undefined {
    const info = this.get(name);
    if (info === undefined) return undefined;
    if (this.#directory === undefined) {
      this.#restoreFrom(IMAGES, `snap:${name}/`);
    } else {
      this.#withAttached(this.#file(name), (schema) => this.#restoreFrom(schema, ''));
    }
    return info;
  }

  get(name: string): SnapshotInfo | undefined {
    if (this.#directory === undefined) {
      const createdAt = this.#inMemory.get(name);
      return createdAt === undefined ? undefined : this.#memoryInfo(name, createdAt);
    }
    try {
      const stat = statSync(this.#file(name));
      return { name, createdAt: stat.mtimeMs, bytes: stat.size };
    } catch {
      return undefined;
    }
  }

  /** Every snapshot, by name. */
  list(): SnapshotInfo[] {
    const names =
      this.#directory === undefined
        ? [...this.#inMemory.keys()]
        : safeReaddir(this.#directory)
            .filter((file) => file.endsWith('.sqlite'))
            .map((file) => file.slice(0, -'.sqlite'.length))
            .filter((name) => SNAPSHOT_NAME.test(name));
    return names
      .sort()
      .map((name) => this.get(name))
      .filter((info): info is SnapshotInfo => info !== undefined);
  }

  /** Deletes the snapshot `name`; false when there is none. */
  delete(name: string): boolean {
    if (this.#directory === undefined) {
      if (!this.#inMemory.delete(name)) return false;
      this.#dropImage(`snap:${name}/`);
      return true;
    }
    const file = this.#file(name);
    if (this.get(name) === undefined) return false;
    rmSync(file, { force: true });
    return true;
  }

  #file(name: string): string {
    return join(this.#directory!, `${name}.sqlite`);
  }

  #memoryInfo(name: string, createdAt: number): SnapshotInfo {
    const prefix = `snap:${name}/`;
    const row = this.#db
      .prepare<[{ prefix: string }], { bytes: number | null }>(
        `SELECT SUM(pgsize) AS bytes FROM dbstat('${IMAGES}') WHERE substr(name, 1, length(@prefix)) = @prefix`,
      )
      .get({ prefix });
    return { name, createdAt, bytes: row?.bytes ?? 0 };
  }

  #saveImage(label: string): void {
    this.#db.transaction(() => {
      this.#dropImage(`${label}/`);
      this.#copyInto(IMAGES, `${label}/`, 'main', '');
    })();
  }

  #dropImage(prefix: string): void {
    for (const table of [...DATA_TABLES, SEQUENCE])
      this.#db.exec(`DROP TABLE IF EXISTS ${IMAGES}.${quote(prefix + table)}`);
  }

  /** New tables `<schema>."<prefix><table>"` holding the rows of `<from>."<fromPrefix><table>"`, keyed as the live ones. */
  #copyInto(schema: string, prefix: string, from: string, fromPrefix: string): void {
    const db = this.#db;
    db.exec(
      `CREATE TABLE ${schema}.${quote(prefix + SEQUENCE)} AS SELECT name, seq FROM ${from}.${quote(fromPrefix + SEQUENCE)}`,
    );
    for (const table of DATA_TABLES) {
      const columns = this.#columns.get(table)!;
      db.exec(`CREATE TABLE ${schema}.${quote(prefix + table)} (${this.#definitions.get(table)!})`);
      db.exec(
        `INSERT INTO ${schema}.${quote(prefix + table)} (${columns}) SELECT ${columns} FROM ${from}.${quote(fromPrefix + table)}`,
      );
    }
  }

  /**
   * Per data table: delete the rows of `main` that have no identical row (same key, same values) in the
   * image, then insert the image's rows whose key is then missing. What is left is the image exactly,
   * and only the changed rows were written. (A kept row equals an image row, so an inserted row can
   * never collide with one on another unique column.)
   */
  #restoreStatements(
    schema: string,
    prefix: string,
  ): { readonly deleteChanged: string[]; readonly insertMissing: string[] } {
    const deleteChanged: string[] = [];
    const insertMissing: string[] = [];
    for (const table of DATA_TABLES) {
      const source = `${schema}.${quote(prefix + table)}`;
      const { key, rest } = this.#keys.get(table)!;
      const sameKey = (a: string, b: string): string => key.map((c) => `${a}.${c} = ${b}.${c}`).join(' AND ');
      const sameRest =
        rest.length === 0
          ? ''
          : ` AND (${rest.map((c) => `i.${c}`).join(', ')}) IS (${rest.map((c) => `m.${c}`).join(', ')})`;
      deleteChanged.push(
        `DELETE FROM main.${table} AS m WHERE NOT EXISTS (SELECT 1 FROM ${source} AS i WHERE ${sameKey('i', 'm')}${sameRest})`,
      );
      const columns = this.#columns.get(table)!;
      insertMissing.push(
        `INSERT INTO main.${table} (${columns}) SELECT ${columns} FROM ${source} AS i WHERE NOT EXISTS (SELECT 1 FROM main.${table} AS m WHERE ${sameKey('m', 'i')})`,
      );
    }
    return { deleteChanged, insertMissing };
  }

  /** Replaces the data of `main` with the image `<schema>."<prefix><table>"`, in one transaction. */
  #restoreFrom(schema: string, prefix: string): void {
    const db = this.#db;
    const { deleteChanged, insertMissing } = this.#restoreStatements(schema, prefix);
    db.transaction(() => {
      // A changed outbox row is deleted and inserted again while its attempts stay: foreign keys are
      // checked at commit (the pragma ends with the transaction).
      db.pragma('defer_foreign_keys = ON');
      for (const sql of [...deleteChanged].reverse()) db.exec(sql);
      for (const sql of insertMissing) db.exec(sql);
      // AUTOINCREMENT counters too, so ids handed out after a restore are the ones handed out after the snapshot.
      const names = DATA_TABLES.map((t) => `'${t}'`).join(', ');
      db.exec(`DELETE FROM main.${SEQUENCE} WHERE name IN (${names})`);
      db.exec(
        `INSERT INTO main.${SEQUENCE} (name, seq) SELECT name, seq FROM ${schema}.${quote(prefix + SEQUENCE)} WHERE name IN (${names})`,
      );
    }).immediate();
  }

  /**
   * Runs `fn` with the database file attached, then detaches it. A file of an older schema version (a
   * snapshot taken before an upgrade) is migrated first, on a temporary copy: the snapshot file itself
   * is left as it was written. A newer one is refused.
   */
  #withAttached<T>(file: string, fn: (schema: string) => T): T {
    const version = fileVersion(file);
    if (version > MIGRATIONS.length)
      throw new Error(
        `${file} was written by a sandbox with schema version ${version}, this one has ${MIGRATIONS.length}`,
      );
    const copy = version < MIGRATIONS.length ? migratedCopy(file) : undefined;
    const schema = `image_${randomBytes(4).toString('hex')}`;
    try {
      this.#db.prepare(`ATTACH DATABASE ? AS ${schema}`).run(copy ?? file);
      try {
        return fn(schema);
      } finally {
        this.#db.exec(`DETACH DATABASE ${schema}`);
      }
    } finally {
      if (copy !== undefined) rmSync(copy, { force: true });
    }
  }
}

function fileVersion(file: string): number {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return Number(db.pragma('user_version', { simple: true }));
  } finally {
    db.close();
  }
}

/** A temporary copy of an older database file, migrated to this schema version. */
function migratedCopy(file: string): string {
  const copy = join(tmpdir(), `commerce-sandbox-image-${randomBytes(6).toString('hex')}.sqlite`);
  const source = new Database(file, { readonly: true, fileMustExist: true });
  try {
    writeFileSync(copy, source.serialize());
  } finally {
    source.close();
  }
  try {
    openDatabase(copy, 'normal').close();
  } catch (error) {
    rmSync(copy, { force: true });
    throw error;
  }
  return copy;
}

function safeReaddir(directory: string): string[] {
  try {
    return readdirSync(directory);
  } catch {
    return [];
  }
}
