/**
 * The database schema, as ordered migrations (`PRAGMA user_version` counts the applied ones). A
 * data file written by an older sandbox is migrated forward at start; never edit a shipped step.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;

  -- Deleted customers stay as tombstones (deleted = 1): a cursor naming one keeps its place in the list.
  CREATE TABLE customers (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    created_time TEXT NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    email TEXT NOT NULL,
    company TEXT,
    delivery_address TEXT,
    billing_address TEXT,
    deleted INTEGER NOT NULL DEFAULT 0
  ) STRICT;
  CREATE INDEX customers_page ON customers (created_time, id) WHERE deleted = 0;

  -- The six other resources: read-only lists over seeded data, each object kept as its JSON.
  CREATE TABLE objects (
    kind TEXT NOT NULL,
    id TEXT NOT NULL,
    created_time TEXT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (kind, id)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX objects_page ON objects (kind, created_time, id);

  CREATE TABLE apps (
    client_id TEXT PRIMARY KEY,
    client_secret TEXT NOT NULL,
    redirect_uri TEXT NOT NULL,
    webhook_secret TEXT NOT NULL,
    account_id TEXT NOT NULL
  ) STRICT;

  -- Codes and tokens are stored as SHA-256 digests: the data file never holds a usable credential.
  CREATE TABLE authorization_codes (
    code_hash TEXT PRIMARY KEY,
    client_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    redirect_uri TEXT NOT NULL,
    scope TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    used INTEGER NOT NULL DEFAULT 0
  ) STRICT;

  CREATE TABLE tokens (
    token_hash TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('access', 'refresh')),
    client_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    scope TEXT NOT NULL,
    expires_at INTEGER,
    revoked INTEGER NOT NULL DEFAULT 0,
    code_hash TEXT
  ) STRICT;
  CREATE INDEX tokens_by_code ON tokens (code_hash) WHERE code_hash IS NOT NULL;

  -- The webhook outbox: written in the same transaction as the change it reports.
  CREATE TABLE outbox (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    event_type TEXT NOT NULL,
    object_id TEXT NOT NULL,
    token TEXT NOT NULL,
    data TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed', 'skipped')),
    attempts INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX outbox_pending ON outbox (seq) WHERE status = 'pending';

  CREATE TABLE delivery_attempts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    outbox_seq INTEGER NOT NULL REFERENCES outbox (seq),
    started_at INTEGER NOT NULL,
    duration_ms INTEGER NOT NULL,
    url TEXT NOT NULL,
    status INTEGER,
    response_body TEXT,
    error TEXT
  ) STRICT;
  CREATE INDEX delivery_attempts_by_event ON delivery_attempts (outbox_seq, id);
  `,
  `
  -- Retries on a back-off schedule: a pending event waits until next_attempt_at. The timestamp an
  -- event is first signed with is kept, so a retry or a duplicate carries the same signed message.
  ALTER TABLE outbox ADD COLUMN next_attempt_at INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE outbox ADD COLUMN signed_timestamp TEXT;
  `,
  `
  -- OpenID Connect and PKCE: what the authorization request bound its code to.
  ALTER TABLE authorization_codes ADD COLUMN nonce TEXT;
  ALTER TABLE authorization_codes ADD COLUMN code_challenge TEXT;
  ALTER TABLE authorization_codes ADD COLUMN code_challenge_method TEXT;
  `,
  `
  -- One resource engine: every resource's objects in one table, each as the JSON document the API
  -- answers, beside the columns lists and ids need (kind, per-kind sequence, id, creation time,
  -- tombstone). Customers move over from their columns, field for field; the seeded catalogue of the
  -- old objects table keeps its documents, its ids and their numbers. A category lists its products
  -- (product_ids) instead of each product naming its category.
  CREATE TABLE resources (
    kind TEXT NOT NULL,
    seq INTEGER NOT NULL,
    id TEXT NOT NULL,
    created_time TEXT NOT NULL,
    deleted INTEGER NOT NULL DEFAULT 0,
    body TEXT NOT NULL,
    PRIMARY KEY (kind, seq),
    UNIQUE (kind, id)
  ) STRICT;
  CREATE INDEX resources_page ON resources (kind, created_time, id) WHERE deleted = 0;

  INSERT INTO resources (kind, seq, id, created_time, deleted, body)
    SELECT 'customers', seq, id, created_time, deleted,
      json_object('id', id, 'created_time', created_time, 'first_name', first_name, 'last_name', last_name,
        'email', email, 'company', company, 'delivery_address', json(delivery_address), 'billing_address', json(billing_address))
    FROM customers;

  INSERT INTO resources (kind, seq, id, created_time, body)
    SELECT kind, CAST(substr(id, instr(id, '_') + 1) AS INTEGER), id, created_time,
      CASE kind
        WHEN 'products' THEN json_remove(body, '$.category_id')
        WHEN 'categories' THEN json_set(json_remove(body, '$.num_items'), '$.product_ids', json((
          SELECT json_group_array(id) FROM (
            SELECT p.id FROM objects AS p
            WHERE p.kind = 'products' AND json_extract(p.body, '$.category_id') = objects.id
            ORDER BY p.created_time, p.id))))
        ELSE body
      END
    FROM objects;

  DROP TABLE customers;
  DROP TABLE objects;
  DELETE FROM sqlite_sequence WHERE name = 'customers';
  `,
];
