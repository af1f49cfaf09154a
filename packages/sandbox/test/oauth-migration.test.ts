// A data file written before PKCE and OpenID Connect (schema version 2) opens, migrates, and keeps its
// OAuth state: a code issued by the older sandbox is still exchanged by the new one.
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { MIGRATIONS } from '../src/store/schema.js';
import { start } from './support/start.js';

test('a version-2 data file migrates with its app and its unexchanged code intact', async () => {
  const dir = testTempDir('sandbox-migrate-');
  const data = join(dir, 'old.db');
  const old = new Database(data);
  for (const step of MIGRATIONS.slice(0, 2)) old.exec(step);
  old.pragma('user_version = 2');
  old
    .prepare(`INSERT INTO apps VALUES ('app_old', 'cs_old_secret', 'http://127.0.0.1/cb', 'whsec_old', 'acct_1')`)
    .run();
  const code = 'code_issued_by_the_older_sandbox';
  old
    .prepare(
      `INSERT INTO authorization_codes (code_hash, client_id, account_id, redirect_uri, scope, expires_at) VALUES (?, 'app_old', 'acct_1', 'http://127.0.0.1/cb', ?, ?)`,
    )
    .run(
      createHash('sha256').update(code).digest('hex'),
      'api_basic api_readwrite openid offline_access',
      Date.now() + 60_000,
    );
  old.close();

  const sandbox = await start({ data, redirectUri: 'http://127.0.0.1/cb' });
  expect(sandbox.app.clientId).toBe('app_old');
  const res = await fetch(`${sandbox.url}/oauth/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'http://127.0.0.1/cb',
      client_id: 'app_old',
      client_secret: 'cs_old_secret',
    }),
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({
    access_token: expect.stringMatching(/^at_/),
    refresh_token: expect.stringMatching(/^rt_/),
    id_token: expect.any(String),
  });
  await sandbox.close();
  const migrated = new Database(data, { readonly: true });
  expect(migrated.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
  migrated.close();
});
