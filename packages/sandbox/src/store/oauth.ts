/** Apps, authorization codes and tokens. Codes and tokens are looked up by their SHA-256 digest. */
import type { SqliteDatabase } from './database.js';
import { DigestTable } from './digest-table.js';

export interface AppRow {
  readonly client_id: string;
  readonly client_secret: string;
  readonly redirect_uri: string;
  readonly webhook_secret: string;
  readonly account_id: string;
}

export interface CodeRow {
  readonly code_hash: string;
  readonly client_id: string;
  readonly account_id: string;
  readonly redirect_uri: string;
  readonly scope: string;
  readonly expires_at: number;
  readonly used: number;
  /** OpenID Connect `nonce`, echoed in the ID token of the exchange. */
  readonly nonce: string | null;
  /** PKCE (RFC 7636): the challenge and its method (`S256` or `plain`), when the request carried one. */
  readonly code_challenge: string | null;
  readonly code_challenge_method: 'S256' | 'plain' | null;
}

export interface TokenRow {
  readonly token_hash: string;
  readonly kind: 'access' | 'refresh';
  readonly client_id: string;
  readonly account_id: string;
  readonly scope: string;
  readonly expires_at: number | null;
  readonly revoked: number;
  readonly code_hash: string | null;
}

export class OAuthStore {
  /** Authorization codes, spent when used. */
  readonly codes: DigestTable<CodeRow, 'used'>;
  /** Access and refresh tokens, spent when revoked. */
  readonly tokens: DigestTable<TokenRow, 'revoked'>;
  readonly #firstApp;
  readonly #app;
  readonly #insertApp;
  readonly #updateApp;
  readonly #revokeByCode;
  readonly #prune;

  constructor(db: SqliteDatabase) {
    this.#firstApp = db.prepare<[], AppRow>(`SELECT * FROM apps ORDER BY rowid LIMIT 1`);
    this.#app = db.prepare<[string], AppRow>(`SELECT * FROM apps WHERE client_id = ?`);
    this.#insertApp = db.prepare(
      `INSERT INTO apps (client_id, client_secret, redirect_uri, webhook_secret, account_id)
       VALUES (@client_id, @client_secret, @redirect_uri, @webhook_secret, @account_id)`,
    );
    this.#updateApp = db.prepare(
      `UPDATE apps SET redirect_uri = @redirect_uri, webhook_secret = @webhook_secret WHERE client_id = @client_id`,
    );
    this.codes = new DigestTable<CodeRow, 'used'>(db, 'authorization_codes', 'code_hash', 'used', [
      'code_hash',
      'client_id',
      'account_id',
      'redirect_uri',
      'scope',
      'expires_at',
      'nonce',
      'code_challenge',
      'code_challenge_method',
    ]);
    this.tokens = new DigestTable<TokenRow, 'revoked'>(db, 'tokens', 'token_hash', 'revoked', [
      'token_hash',
      'kind',
      'client_id',
      'account_id',
      'scope',
      'expires_at',
      'code_hash',
    ]);
    this.#revokeByCode = db.prepare<[string]>(`UPDATE tokens SET revoked = 1 WHERE code_hash = ?`);
    this.#prune = db.prepare<[number]>(`DELETE FROM authorization_codes WHERE expires_at < ?`);
  }

  firstApp(): AppRow | undefined {
    return this.#firstApp.get();
  }

  app(clientId: string): AppRow | undefined {
    return this.#app.get(clientId);
  }

  insertApp(app: AppRow): void {
    this.#insertApp.run(app);
  }

  updateApp(clientId: string, redirectUri: string, webhookSecret: string): void {
    this.#updateApp.run({ client_id: clientId, redirect_uri: redirectUri, webhook_secret: webhookSecret });
  }

  /** Revokes every token issued from a code (RFC 6749 §4.1.2: a replayed code). */
  revokeTokensOfCode(codeHash: string): void {
    this.#revokeByCode.run(codeHash);
  }

  pruneCodes(now: number): void {
    this.#prune.run(now);
  }
}
