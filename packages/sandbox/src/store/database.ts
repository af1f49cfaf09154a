/** Opening the SQLite database: in memory, or a file in WAL mode; migrations applied. */
import Database from 'better-sqlite3';
import { MIGRATIONS } from './schema.js';

export type SqliteDatabase = Database.Database;

/** SQLite `synchronous` for a data file: `normal` (crash of the process) or `full` (also a power loss). */
export type Synchronous = 'normal' | 'full';

/**
 * Opens (creating if needed) the database. A file uses WAL: with `synchronous = NORMAL` a committed
 * transaction survives a crash of the process (the WAL is in the OS's hands once written); `FULL`
 * also survives a power loss, at the cost of an fsync per commit.
 */
export function openDatabase(file: string | undefined, synchronous: Synchronous): SqliteDatabase {
  const db = new Database(file ?? ':memory:');
  try {
    if (file !== undefined) {
      db.pragma('journal_mode = WAL');
      db.pragma(`synchronous = ${synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
      db.pragma('busy_timeout = 5000');
    }
    db.pragma('foreign_keys = ON');
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function migrate(db: SqliteDatabase): void {
  const current = Number(db.pragma('user_version', { simple: true }));
  if (current > MIGRATIONS.length) {
    throw new Error(
      `the data file was written by a newer sandbox (schema version ${current}, this one knows ${MIGRATIONS.length})`,
    );
  }
  for (let version = current; version < MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version]!);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}
