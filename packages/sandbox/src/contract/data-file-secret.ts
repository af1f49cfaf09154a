/** The webhook secret a sandbox keeps in its data file (`--data FILE`), read without changing the file. */
import Database from 'better-sqlite3';

/** Why the secret could not be read: the message names the file. */
export class DataFileSecretError extends Error {}

export function webhookSecretOf(file: string): string {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const row = db.prepare('SELECT webhook_secret FROM apps LIMIT 1').get() as { webhook_secret?: unknown } | undefined;
    if (typeof row?.webhook_secret !== 'string' || row.webhook_secret === '')
      throw new DataFileSecretError(`${file} holds no sandbox app: start the sandbox with --data ${file} first`);
    return row.webhook_secret;
  } catch (error) {
    if (error instanceof DataFileSecretError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new DataFileSecretError(`cannot read the webhook secret from ${file}: ${reason}`);
  } finally {
    db?.close();
  }
}
