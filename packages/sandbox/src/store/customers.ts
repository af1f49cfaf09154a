/** Customers in SQLite: prepared statements, rows mapped to the API's `Customer`. */
import type { components } from '@commerce-kit/api-types';
import type { SqliteDatabase } from './database.js';
import { toPage, type ListPosition, type Page, type PageQuery } from './page.js';

export type Customer = components['schemas']['Customer'];
type Address = components['schemas']['Address'];

/** The writable fields of a customer, all present (nullable ones `null` when empty): the spec's Customer without its id and creation time. */
export type CustomerFields = Readonly<Omit<Customer, 'id' | 'created_time'>>;

interface CustomerRow {
  seq: number;
  id: string;
  created_time: string;
  first_name: string;
  last_name: string;
  email: string;
  company: string | null;
  delivery_address: string | null;
  billing_address: string | null;
  deleted: number;
}

const COLUMNS = 'id, created_time, first_name, last_name, email, company, delivery_address, billing_address';

/** `cus_` and the sequence number on 26 digits, as the spec's examples. */
export function customerId(seq: number): string {
  return `cus_${String(seq).padStart(26, '0')}`;
}

/** A row of the page statements in raw (array) mode, in {@link COLUMNS} order: no per-row object from the driver. */
type RawCustomerRow = [string, string, string, string, string, string | null, string | null, string | null];

function fromRaw(row: RawCustomerRow): Customer {
  return {
    id: row[0],
    created_time: row[1],
    first_name: row[2],
    last_name: row[3],
    email: row[4],
    company: row[5],
    delivery_address: row[6] === null ? null : (JSON.parse(row[6]) as Address),
    billing_address: row[7] === null ? null : (JSON.parse(row[7]) as Address),
  };
}

function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    created_time: row.created_time,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    company: row.company,
    delivery_address: row.delivery_address === null ? null : (JSON.parse(row.delivery_address) as Address),
    billing_address: row.billing_address === null ? null : (JSON.parse(row.billing_address) as Address),
  };
}

const json = (value: Address | null): string | null => (value === null ? null : JSON.stringify(value));

/** The customer table's statements. Every method is synchronous; writes run inside the caller's transaction. */
export class CustomerStore {
  readonly #get;
  readonly #position;
  readonly #first;
  readonly #after;
  readonly #before;
  readonly #insert;
  readonly #update;
  readonly #delete;
  readonly #nextSeq;
  readonly #count;

  constructor(db: SqliteDatabase) {
    this.#get = db.prepare<[string], CustomerRow>(`SELECT * FROM customers WHERE id = ? AND deleted = 0`);
    // Tombstones included: a deleted customer still marks a place in the list.
    this.#position = db.prepare<[string], ListPosition>(`SELECT created_time AS createdTime, id FROM customers WHERE id = ?`);
    this.#first = db
      .prepare<[number], RawCustomerRow>(`SELECT ${COLUMNS} FROM customers WHERE deleted = 0 ORDER BY created_time, id LIMIT ?`)
      .raw(true);
    this.#after = db
      .prepare<[string, string, number], RawCustomerRow>(
        `SELECT ${COLUMNS} FROM customers WHERE deleted = 0 AND (created_time, id) > (?, ?) ORDER BY created_time, id LIMIT ?`,
      )
      .raw(true);
    this.#before = db
      .prepare<[string, string, number], RawCustomerRow>(
        `SELECT ${COLUMNS} FROM customers WHERE deleted = 0 AND (created_time, id) < (?, ?) ORDER BY created_time DESC, id DESC LIMIT ?`,
      )
      .raw(true);
    this.#insert = db.prepare(
      `INSERT INTO customers (seq, ${COLUMNS}) VALUES (@seq, @id, @created_time, @first_name, @last_name, @email, @company, @delivery_address, @billing_address)`,
    );
    this.#update = db.prepare(
      `UPDATE customers SET first_name = @first_name, last_name = @last_name, email = @email, company = @company,
       delivery_address = @delivery_address, billing_address = @billing_address WHERE id = @id AND deleted = 0`,
    );
    this.#delete = db.prepare<[string]>(`UPDATE customers SET deleted = 1 WHERE id = ? AND deleted = 0`);
    this.#nextSeq = db.prepare<[], { next: number }>(`SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM customers`);
    this.#count = db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM customers WHERE deleted = 0`);
  }

  get(id: string): Customer | undefined {
    const row = this.#get.get(id);
    return row && toCustomer(row);
  }

  /** Where a customer is (or was, if deleted) in the list; undefined for an id that never existed. */
  position(id: string): ListPosition | undefined {
    return this.#position.get(id);
  }

  page(query: PageQuery): Page<Customer> {
    const n = query.limit + 1;
    const rows = query.before
      ? this.#before.all(query.before.createdTime, query.before.id, n)
      : query.after
        ? this.#after.all(query.after.createdTime, query.after.id, n)
        : this.#first.all(n);
    const page = toPage(rows, query.limit);
    return { data: page.data.map(fromRaw), hasMore: page.hasMore };
  }

  /** Inserts a customer with the next sequence number (ids are never reused, tombstones count). */
  insert(createdTime: string, fields: CustomerFields, seq?: number): Customer {
    const next = seq ?? this.#nextSeq.get()!.next;
    const customer: Customer = { id: customerId(next), created_time: createdTime, ...fields };
    this.#insert.run({
      seq: next,
      ...customer,
      delivery_address: json(customer.delivery_address),
      billing_address: json(customer.billing_address),
    });
    return customer;
  }

  /** Replaces the writable fields; false when there is no such (live) customer. */
  update(customer: Customer): boolean {
    const result = this.#update.run({
      ...customer,
      delivery_address: json(customer.delivery_address),
      billing_address: json(customer.billing_address),
    });
    return result.changes === 1;
  }

  /** Marks a customer deleted (a tombstone); false when there is no such (live) customer. */
  delete(id: string): boolean {
    return this.#delete.run(id).changes === 1;
  }

  count(): number {
    return this.#count.get()!.n;
  }
}
