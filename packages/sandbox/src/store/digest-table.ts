/** A table of credentials looked up by their SHA-256 digest, each spent once (a code used, a token revoked). */
import type { SqliteDatabase } from './database.js';

export class DigestTable<Row extends object, Spent extends keyof Row & string> {
  readonly #insert;
  readonly #get;
  readonly #spend;

  /**
   * @param key the digest column
   * @param spent the 0/1 column set once the credential is spent
   * @param columns the columns an insert writes (the spent flag starts at 0)
   */
  constructor(
    db: SqliteDatabase,
    table: string,
    key: keyof Row & string,
    spent: Spent,
    columns: readonly Exclude<keyof Row & string, Spent>[],
  ) {
    this.#insert = db.prepare(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
    );
    this.#get = db.prepare<[string], Row>(`SELECT * FROM ${table} WHERE ${key} = ?`);
    this.#spend = db.prepare<[string]>(`UPDATE ${table} SET ${spent} = 1 WHERE ${key} = ? AND ${spent} = 0`);
  }

  insert(row: Omit<Row, Spent>): void {
    this.#insert.run(row);
  }

  get(digest: string): Row | undefined {
    return this.#get.get(digest);
  }

  /** Marks the credential spent; false when it already was (a replay) or does not exist. */
  spend(digest: string): boolean {
    return this.#spend.run(digest).changes === 1;
  }
}
