/** The app's own database: SQLite through better-sqlite3 (synchronous, one file, no server). */
import Database from 'better-sqlite3';

export type Db = Database.Database;

const SCHEMA = `
  -- An install in progress: the state sent to the platform and the PKCE verifier that goes with it.
  CREATE TABLE IF NOT EXISTS pending_installs (
    state         TEXT PRIMARY KEY,
    code_verifier TEXT NOT NULL,
    created_at    INTEGER NOT NULL
  );
  -- A store that installed the app, and its current tokens (the refresh token rotates on every refresh).
  CREATE TABLE IF NOT EXISTS installations (
    id            TEXT PRIMARY KEY,
    access_token  TEXT NOT NULL,
    refresh_token TEXT,
    expires_at    INTEGER,            -- epoch ms; NULL when the platform did not say
    installed_at  INTEGER NOT NULL,
    refreshed_at  INTEGER
  );
  -- A browser signed in to an installation (the cookie holds the id) and its form token.
  CREATE TABLE IF NOT EXISTS sessions (
    id              TEXT PRIMARY KEY,
    installation_id TEXT NOT NULL REFERENCES installations (id),
    csrf_token      TEXT NOT NULL,
    created_at      INTEGER NOT NULL
  );
  -- Webhook deliveries already accepted (the webhooks handler's idempotency store).
  CREATE TABLE IF NOT EXISTS webhook_deliveries (
    delivery_key TEXT PRIMARY KEY,
    expires_at   INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS webhook_deliveries_expiry ON webhook_deliveries (expires_at);
  -- What the webhooks said changed, one row per delivery.
  CREATE TABLE IF NOT EXISTS events (
    seq          INTEGER PRIMARY KEY,
    delivery_key TEXT NOT NULL UNIQUE,
    type         TEXT NOT NULL,
    object_id    TEXT NOT NULL,
    summary      TEXT NOT NULL,
    signed_at    INTEGER,             -- the delivery's signed timestamp, epoch ms (NULL: unknown format)
    recorded_at  INTEGER NOT NULL
  );
`;

/** Opens (or creates) the database and its tables. `':memory:'` for one that lives as long as the process. */
export function openDatabase(file: string): Db {
  const db = new Database(file);
  if (file !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.exec(SCHEMA);
  return db;
}
