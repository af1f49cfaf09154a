/** The test app's credentials, as `startSandbox` hands them out: readable, but never printed by accident. */

const REDACTED = '[redacted]';

/** What {@link SandboxApp} is made from (the sandbox makes the one it hands out). */
export interface SandboxAppFields {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUri: string;
  readonly webhookSecret: string;
  readonly accessToken: string;
  readonly refreshToken: string;
}

/**
 * The test app registered in the sandbox, with a ready access token (scopes `api_basic api_readwrite
 * openid offline_access`) so the API can be called at once without the consent step. `inspect()`
 * (console.log) and `JSON.stringify` show the client id and redirect URI only: the secrets and tokens
 * are read explicitly or not at all.
 */
export class SandboxApp {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly #clientSecret: string;
  readonly #webhookSecret: string;
  readonly #accessToken: string;
  readonly #refreshToken: string;

  /** @internal `startSandbox` makes the one it hands out. */
  constructor(fields: SandboxAppFields) {
    this.clientId = fields.clientId;
    this.redirectUri = fields.redirectUri;
    this.#clientSecret = fields.clientSecret;
    this.#webhookSecret = fields.webhookSecret;
    this.#accessToken = fields.accessToken;
    this.#refreshToken = fields.refreshToken;
  }

  /** The app's client secret (token endpoint, body or HTTP Basic). */
  get clientSecret(): string {
    return this.#clientSecret;
  }

  /** The key webhooks are signed with. */
  get webhookSecret(): string {
    return this.#webhookSecret;
  }

  /** A ready access token of the sandbox's user for this app. */
  get accessToken(): string {
    return this.#accessToken;
  }

  /** The refresh token issued with {@link SandboxApp.accessToken}. */
  get refreshToken(): string {
    return this.#refreshToken;
  }

  /** JSON without secrets. */
  toJSON(): Record<string, string> {
    return {
      clientId: this.clientId,
      clientSecret: REDACTED,
      redirectUri: this.redirectUri,
      webhookSecret: REDACTED,
      accessToken: REDACTED,
      refreshToken: REDACTED,
    };
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `SandboxApp ${JSON.stringify(this.toJSON(), null, 2)}`;
  }
}
