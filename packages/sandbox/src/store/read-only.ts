/**
 * A sandbox's data file read by another process (a CLI command beside or after the sandbox), without writing
 * to it: opened read-only, never migrated. The queries stay here, with the schema they read.
 */
import Database from 'better-sqlite3';

/** The webhook secret of the data file's sandbox app (the first, as the sandbox uses), if it has one. */
export function storedWebhookSecret(file: string): string | undefined {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT webhook_secret FROM apps ORDER BY rowid LIMIT 1').get() as
      | { webhook_secret?: unknown }
      | undefined;
    return typeof row?.webhook_secret === 'string' && row.webhook_secret !== '' ? row.webhook_secret : undefined;
  } finally {
    db.close();
  }
}
