/**
 * Installations and their tokens, kept in SQLite; one API client per installation, whose token
 * session refreshes the access token before it expires and saves every new token set.
 */
import { randomBytes } from 'node:crypto';
import {
  createClient,
  createTokenSession,
  systemClock,
  type Client,
  type Clock,
  type TokenSet,
} from '@commerce-kit/api-client';
import type { AppConfig } from './config.js';
import type { Db } from './db.js';

interface InstallationRow {
  readonly id: string;
  readonly access_token: string;
  readonly refresh_token: string | null;
  readonly expires_at: number | null;
}

export class Installations {
  readonly #db: Db;
  readonly #config: AppConfig;
  readonly #clock: Clock;
  /** One client (and so one token session) per installation: concurrent requests share one refresh. */
  readonly #clients = new Map<string, Client>();

  constructor(db: Db, config: AppConfig) {
    this.#db = db;
    this.#config = config;
    this.#clock = config.clock ?? systemClock;
  }

  /** Stores the tokens of a new installation (from `exchangeCode`) and returns its id. */
  add(tokens: TokenSet): string {
    const id = `inst_${randomBytes(12).toString('hex')}`;
    this.#db
      .prepare(
        'INSERT INTO installations (id, access_token, refresh_token, expires_at, installed_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(id, tokens.accessToken, tokens.refreshToken ?? null, finiteOrNull(tokens.expiresAt), this.#clock.now());
    return id;
  }

  /** The most recent installation, for work that no browser session names (webhooks). */
  latest(): string | undefined {
    const row = this.#db.prepare('SELECT id FROM installations ORDER BY installed_at DESC, rowid DESC LIMIT 1').get() as
      | { id: string }
      | undefined;
    return row?.id;
  }

  /** The API client of an installation: its tokens come from the database and go back to it. */
  client(installationId: string): Client {
    let client = this.#clients.get(installationId);
    if (client === undefined) {
      client = this.#createClient(installationId);
      this.#clients.set(installationId, client);
    }
    return client;
  }

  #createClient(installationId: string): Client {
    const row = this.#db.prepare('SELECT * FROM installations WHERE id = ?').get(installationId) as
      | InstallationRow
      | undefined;
    if (row === undefined) throw new Error(`no installation ${installationId}`);
    const session = createTokenSession({
      accessToken: row.access_token,
      refreshToken: row.refresh_token ?? undefined,
      expiresAt: row.expires_at ?? undefined,
      baseUrl: this.#config.platformUrl,
      clientId: this.#config.clientId,
      clientSecret: this.#config.clientSecret,
      clientAuth: 'basic',
      clock: this.#clock,
      // Refreshed 60 s before expiry (the default margin), or once after a 401. The platform rotates
      // the refresh token: the new one must be saved before the old one is forgotten.
      onTokens: (next) => this.#save(installationId, next),
    });
    return createClient({
      baseUrl: this.#config.platformUrl,
      auth: session,
      clock: this.#clock,
      // The 200 requests a minute are the account's: name it, so refreshed tokens share one budget.
      rateLimit: { accountKey: installationId },
      userAgent: 'commerce-kit-example-app',
    });
  }

  #save(installationId: string, tokens: TokenSet): void {
    this.#db
      .prepare(
        'UPDATE installations SET access_token = ?, refresh_token = ?, expires_at = ?, refreshed_at = ? WHERE id = ?',
      )
      .run(
        tokens.accessToken,
        tokens.refreshToken ?? null,
        finiteOrNull(tokens.expiresAt),
        this.#clock.now(),
        installationId,
      );
    this.#config.log?.(
      `tokens of ${installationId} refreshed; they expire ${new Date(tokens.expiresAt).toISOString()}`,
    );
  }
}

const finiteOrNull = (ms: number): number | null => (Number.isFinite(ms) ? ms : null);
