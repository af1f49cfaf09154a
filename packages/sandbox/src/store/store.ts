/** The store: one SQLite database and the statements of each table. Writes go through {@link Store.write}. */
import { RESOURCES } from '../generated/resources.js';
import { openDatabase, type SqliteDatabase, type Synchronous } from './database.js';
import { OAuthStore } from './oauth.js';
import { OutboxStore } from './outbox.js';
import type { ResourceModel } from './resource-model.js';
import { ResourceStore } from './resources.js';
import { SnapshotStore } from './snapshots.js';

export class Store {
  readonly db: SqliteDatabase;
  readonly resources: ResourceStore;
  readonly oauth: OAuthStore;
  readonly outbox: OutboxStore;
  readonly snapshots: SnapshotStore;
  readonly #getMeta;
  readonly #setMeta;
  readonly #totalChanges;

  /** @param models the resources to store (by default the spec's, from the generated table) */
  constructor(file: string | undefined, synchronous: Synchronous, models: readonly ResourceModel[] = RESOURCES) {
    this.db = openDatabase(file, synchronous);
    this.resources = new ResourceStore(this.db, models);
    this.oauth = new OAuthStore(this.db);
    this.outbox = new OutboxStore(this.db);
    this.snapshots = new SnapshotStore(this.db, file);
    this.#getMeta = this.db.prepare<[string], { value: string }>(`SELECT value FROM meta WHERE key = ?`);
    this.#setMeta = this.db.prepare<[string, string]>(
      `INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
    this.#totalChanges = this.db.prepare<[], number>('SELECT total_changes()').pluck();
  }

  /**
   * How many rows this connection has changed since it opened (SQLite's `total_changes()`): every write
   * moves it, a reset and a restore too, so a reader compares two counts to know whether anything changed.
   */
  changeCount(): number {
    return this.#totalChanges.get()!;
  }

  /** Runs `fn` in one transaction (IMMEDIATE: the write lock is taken at the start). */
  write<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }

  meta(key: string): string | undefined {
    return this.#getMeta.get(key)?.value;
  }

  setMeta(key: string, value: string): void {
    this.#setMeta.run(key, value);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
