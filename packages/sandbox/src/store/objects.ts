/** The six read-only resources (charges, orders, products, categories, blog posts, discounts). */
import type { SqliteDatabase } from './database.js';
import { toPage, type ListPosition, type Page, type PageQuery } from './page.js';

/** The resource kinds kept in the `objects` table, named as their list paths. */
export type ObjectKind = 'charges' | 'orders' | 'products' | 'categories' | 'blog_posts' | 'discounts';

/** An object of one of those resources: an id, a creation time and open fields. */
export interface StoredObject {
  readonly id: string;
  readonly created_time: string;
  readonly [field: string]: unknown;
}

export class ObjectStore {
  readonly #position;
  readonly #first;
  readonly #after;
  readonly #before;
  readonly #insert;

  constructor(db: SqliteDatabase) {
    this.#position = db.prepare<[string, string], ListPosition>(
      `SELECT created_time AS createdTime, id FROM objects WHERE kind = ? AND id = ?`,
    );
    this.#first = db.prepare<[string, number], { body: string }>(
      `SELECT body FROM objects WHERE kind = ? ORDER BY created_time, id LIMIT ?`,
    );
    this.#after = db.prepare<[string, string, string, number], { body: string }>(
      `SELECT body FROM objects WHERE kind = ? AND (created_time, id) > (?, ?) ORDER BY created_time, id LIMIT ?`,
    );
    this.#before = db.prepare<[string, string, string, number], { body: string }>(
      `SELECT body FROM objects WHERE kind = ? AND (created_time, id) < (?, ?) ORDER BY created_time DESC, id DESC LIMIT ?`,
    );
    this.#insert = db.prepare<[string, string, string, string]>(`INSERT INTO objects (kind, id, created_time, body) VALUES (?, ?, ?, ?)`);
  }

  position(kind: ObjectKind, id: string): ListPosition | undefined {
    return this.#position.get(kind, id);
  }

  page(kind: ObjectKind, query: PageQuery): Page<StoredObject> {
    const n = query.limit + 1;
    const rows = query.before
      ? this.#before.all(kind, query.before.createdTime, query.before.id, n)
      : query.after
        ? this.#after.all(kind, query.after.createdTime, query.after.id, n)
        : this.#first.all(kind, n);
    const page = toPage(rows, query.limit);
    return { data: page.data.map((row) => JSON.parse(row.body) as StoredObject), hasMore: page.hasMore };
  }

  insert(kind: ObjectKind, object: StoredObject): void {
    this.#insert.run(kind, object.id, object.created_time, JSON.stringify(object));
  }
}
