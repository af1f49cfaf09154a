/**
 * Every resource in one table: each object as its JSON document (exactly what the API answers), beside
 * the columns that lists and ids need — `kind`, the per-kind sequence number `seq`, `id`,
 * `created_time` and the tombstone flag. Pages are keyset queries on `(kind, created_time, id)`.
 */
import type { SqliteDatabase } from './database.js';
import { toPage, type ListPosition, type Page, type PageQuery } from './page.js';
import { changedObject, newObject, resourceId, type ResourceModel, type ResourceObject } from './resource-model.js';

/** Objects read from the store, with the JSON text each was stored as (what the API answers, byte for byte). */
export interface Stored<T> {
  readonly value: T;
  readonly json: string;
}

/** The resource table's statements. Every method is synchronous; writes run inside the caller's transaction. */
export class ResourceStore {
  readonly #models: ReadonlyMap<string, ResourceModel>;
  readonly #get;
  readonly #position;
  readonly #first;
  readonly #after;
  readonly #before;
  readonly #insert;
  readonly #replace;
  readonly #delete;
  readonly #nextSeq;
  readonly #count;

  constructor(db: SqliteDatabase, models: readonly ResourceModel[]) {
    this.#models = new Map(models.map((model) => [model.kind, model]));
    this.#get = db
      .prepare<[string, string], string>(`SELECT body FROM resources WHERE kind = ? AND id = ? AND deleted = 0`)
      .pluck();
    // `LIMIT (? + 0)`, not `LIMIT ?`: SQLite reads a bare parameter's value when it plans the query and
    // plans it again whenever the parameter is bound anew, which better-sqlite3 does on every call (a page
    // query took 4 to 6 times as long; bench/sandbox/run.mjs). An expression is read when the query runs.
    // Tombstones included: a deleted object still marks a place in its list.
    this.#position = db.prepare<[string, string], ListPosition>(
      `SELECT created_time AS createdTime, id FROM resources WHERE kind = ? AND id = ?`,
    );
    this.#first = db
      .prepare<[string, number], string>(
        `SELECT body FROM resources WHERE kind = ? AND deleted = 0 ORDER BY created_time, id LIMIT (? + 0)`,
      )
      .pluck();
    this.#after = db
      .prepare<[string, string, string, number], string>(
        `SELECT body FROM resources WHERE kind = ? AND deleted = 0 AND (created_time, id) > (?, ?) ORDER BY created_time, id LIMIT (? + 0)`,
      )
      .pluck();
    this.#before = db
      .prepare<[string, string, string, number], string>(
        `SELECT body FROM resources WHERE kind = ? AND deleted = 0 AND (created_time, id) < (?, ?) ORDER BY created_time DESC, id DESC LIMIT (? + 0)`,
      )
      .pluck();
    this.#insert = db.prepare<[string, number, string, string, string]>(
      `INSERT INTO resources (kind, seq, id, created_time, body) VALUES (?, ?, ?, ?, ?)`,
    );
    this.#replace = db.prepare<[string, string, string]>(
      `UPDATE resources SET body = ? WHERE kind = ? AND id = ? AND deleted = 0`,
    );
    this.#delete = db.prepare<[string, string]>(
      `UPDATE resources SET deleted = 1 WHERE kind = ? AND id = ? AND deleted = 0`,
    );
    this.#nextSeq = db
      .prepare<[string], number>(`SELECT COALESCE(MAX(seq), 0) + 1 FROM resources WHERE kind = ?`)
      .pluck();
    this.#count = db.prepare<[string], number>(`SELECT COUNT(*) FROM resources WHERE kind = ? AND deleted = 0`).pluck();
  }

  /** The resources this store holds, in the spec's order. */
  get models(): IterableIterator<ResourceModel> {
    return this.#models.values();
  }

  model(kind: string): ResourceModel {
    const model = this.#models.get(kind);
    if (!model) throw new Error(`no resource ${JSON.stringify(kind)} in the spec`);
    return model;
  }

  /** A live object; undefined for an id that is unknown or deleted. */
  get(kind: string, id: string): ResourceObject | undefined {
    return this.read(kind, id)?.value;
  }

  /** A live object and its stored JSON; undefined for an id that is unknown or deleted. */
  read(kind: string, id: string): Stored<ResourceObject> | undefined {
    const json = this.document(kind, id);
    return json === undefined ? undefined : { value: JSON.parse(json) as ResourceObject, json };
  }

  /** A live object's stored JSON, not parsed; undefined for an id that is unknown or deleted. */
  document(kind: string, id: string): string | undefined {
    return this.#get.get(kind, id);
  }

  /** Where an object is (or was, if deleted) in its list; undefined for an id that never existed. */
  position(kind: string, id: string): ListPosition | undefined {
    return this.#position.get(kind, id);
  }

  /** A page of live objects, each with its stored JSON (`data[i].json`). */
  page(kind: string, query: PageQuery): Page<Stored<ResourceObject>> {
    const page = this.documents(kind, query);
    return {
      data: page.data.map((json) => ({ value: JSON.parse(json) as ResourceObject, json })),
      hasMore: page.hasMore,
    };
  }

  /** A page of live objects as their stored JSON, not parsed. */
  documents(kind: string, query: PageQuery): Page<string> {
    const n = query.limit + 1;
    const rows = query.before
      ? this.#before.all(kind, query.before.createdTime, query.before.id, n)
      : query.after
        ? this.#after.all(kind, query.after.createdTime, query.after.id, n)
        : this.#first.all(kind, n);
    return toPage(rows, query.limit);
  }

  /**
   * Stores a new object made of `fields` (see {@link newObject}) with the next sequence number of its
   * kind (ids are never reused: tombstones count), or `seq` when given (seeding).
   */
  insert(
    kind: string,
    createdTime: string,
    fields: Readonly<Record<string, unknown>>,
    seq?: number,
  ): Stored<ResourceObject> {
    const model = this.model(kind);
    const next = seq ?? this.#nextSeq.get(kind)!;
    const value = newObject(model, resourceId(model, next), createdTime, fields);
    const json = JSON.stringify(value);
    this.#insert.run(kind, next, value.id, createdTime, json);
    return { value, json };
  }

  /** Applies `changes` to a live object (see {@link changedObject}); undefined when there is no such object. */
  update(kind: string, id: string, changes: Readonly<Record<string, unknown>>): Stored<ResourceObject> | undefined {
    const current = this.get(kind, id);
    if (!current) return undefined;
    const value = changedObject(this.model(kind), current, changes);
    const json = JSON.stringify(value);
    this.#replace.run(json, kind, id);
    return { value, json };
  }

  /** Marks an object deleted (a tombstone); false when there is no such live object. */
  delete(kind: string, id: string): boolean {
    return this.#delete.run(kind, id).changes === 1;
  }

  count(kind: string): number {
    return this.#count.get(kind)!;
  }
}
