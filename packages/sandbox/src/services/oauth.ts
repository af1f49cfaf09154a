/**
 * OAuth 2.0 authorization code grant as the platform documents it: the authorize request's checks, the
 * consent decision, the token endpoint (both grants; client credentials in the body or HTTP Basic) and
 * the bearer check of every API call. Codes are single-use and expire; refresh tokens come only with
 * `offline_access` and rotate on use; secrets are compared in constant time; codes and tokens are stored
 * as digests.
 */
import type { components } from '@commerce-kit/api-types';
import type { Clock } from '@commerce-kit/internal/clock';
import { createHmac, randomBytes } from 'node:crypto';
import { invalidFields, Problem, unauthenticated } from '../http/problem.js';
import { digest, randomSecret, secretEquals } from '../secrets.js';
import type { AppRow } from '../store/oauth.js';
import type { Store } from '../store/store.js';
import type { FieldErrors } from '../validation/field-errors.js';

type TokenResponse = components['schemas']['TokenResponse'];

/** Scopes every authorization request must hold. */
export const REQUIRED_SCOPES: readonly string[] = ['api_basic', 'api_readwrite', 'openid'];
/** Scopes the platform knows; `offline_access` adds a refresh token. */
export const KNOWN_SCOPES: readonly string[] = [...REQUIRED_SCOPES, 'offline_access'];
/** How long an authorization code can be exchanged. */
export const CODE_TTL_MS = 10 * 60_000;
/** How long a consent page stays answerable. */
export const CONSENT_TTL_MS = 10 * 60_000;
const MAX_OPEN_CONSENTS = 1000;

/**
 * The two token responses the platform documents: `openid` answers `token_type: "Bearer"`,
 * `expires_in: 7776000` and an `id_token`; `scope` answers `token_type: "bearer"`, `expires_in: 43199`
 * and the granted `scope`.
 */
export type TokenResponseVariant = 'openid' | 'scope';
export const TOKEN_RESPONSE_VARIANTS: readonly TokenResponseVariant[] = ['openid', 'scope'];
const VARIANTS = {
  openid: { token_type: 'Bearer', expires_in: 7_776_000 },
  scope: { token_type: 'bearer', expires_in: 43_199 },
} as const;

/** A checked authorization request, waiting for the user's decision. */
export interface AuthorizationRequest {
  readonly app: AppRow;
  readonly redirectUri: string;
  readonly scopes: readonly string[];
  readonly state: string | undefined;
}

interface OpenConsent {
  readonly request: AuthorizationRequest;
  readonly expiresAt: number;
}

/** What a valid bearer token stands for. */
export interface Caller {
  readonly accountId: string;
  readonly clientId: string;
}

function oauthError(status: number, error: string, description: string, headers: Record<string, string> = {}): Problem {
  // 401 answers keep the API's `type` too: the spec's 401 body is the API error body.
  const body = status === 401 ? { type: 'authentication_error', error, error_description: description } : { error, error_description: description };
  return new Problem(status, body, { 'cache-control': 'no-store', ...headers });
}

const BEARER = /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)[ ]*$/i;

function decodeFormComponent(value: string): string {
  return decodeURIComponent(value.replace(/\+/g, ' '));
}

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

export class OAuthService {
  readonly #store: Store;
  readonly #clock: Clock;
  readonly #variant: TokenResponseVariant;
  readonly #issuer: () => string;
  readonly #consents = new Map<string, OpenConsent>();

  constructor(store: Store, clock: Clock, variant: TokenResponseVariant, issuer: () => string) {
    this.#store = store;
    this.#clock = clock;
    this.#variant = variant;
    this.#issuer = issuer;
  }

  /** The semantic checks of an authorize request whose parameters already match the spec's schemas. */
  checkAuthorize(query: { client_id: string; redirect_uri: string; scope: string; state?: string | undefined }): AuthorizationRequest {
    const errors: FieldErrors = {};
    const app = this.#store.oauth.app(query.client_id);
    if (!app) errors['client_id'] = ['is not the client id of a registered application'];
    else if (query.redirect_uri !== app.redirect_uri) errors['redirect_uri'] = ['does not match the redirect URI registered for the application'];
    const scopes = [...new Set(query.scope.split(' ').filter((s) => s !== ''))];
    const scopeErrors = [
      ...scopes.filter((s) => !KNOWN_SCOPES.includes(s)).map((s) => `has the unknown scope ${JSON.stringify(s)}`),
      ...REQUIRED_SCOPES.filter((s) => !scopes.includes(s)).map((s) => `must include ${s}`),
    ];
    if (scopeErrors.length > 0) errors['scope'] = scopeErrors;
    if (!app || Object.keys(errors).length > 0) throw invalidFields(errors);
    return { app, redirectUri: query.redirect_uri, scopes, state: query.state };
  }

  /** Remembers a checked request until the user answers the consent page; returns the consent's id. */
  openConsent(request: AuthorizationRequest): string {
    const now = this.#clock.now();
    for (const [id, open] of this.#consents) if (open.expiresAt <= now || this.#consents.size >= MAX_OPEN_CONSENTS) this.#consents.delete(id);
    const id = randomBytes(24).toString('base64url');
    this.#consents.set(id, { request, expiresAt: now + CONSENT_TTL_MS });
    return id;
  }

  /**
   * The user's answer: the URL to redirect the browser to, with `code` and `state` (allowed) or
   * `error=access_denied` and `state` (denied). A consent is answered once.
   */
  decide(consentId: string, allow: boolean): string {
    const open = this.#consents.get(consentId);
    this.#consents.delete(consentId);
    if (!open || open.expiresAt <= this.#clock.now()) {
      throw invalidFields({ consent: ['has expired or was already answered: open the authorization URL again'] });
    }
    const { request } = open;
    const target = new URL(request.redirectUri);
    if (allow) {
      const code = randomSecret('code_');
      this.#store.write(() =>
        this.#store.oauth.codes.insert({
          code_hash: digest(code),
          client_id: request.app.client_id,
          account_id: request.app.account_id,
          redirect_uri: request.redirectUri,
          scope: request.scopes.join(' '),
          expires_at: this.#clock.now() + CODE_TTL_MS,
        }),
      );
      target.searchParams.set('code', code);
    } else {
      target.searchParams.set('error', 'access_denied');
    }
    if (request.state !== undefined) target.searchParams.set('state', request.state);
    return target.href;
  }

  /**
   * The token endpoint. `form` holds the body's fields (already checked against the spec's
   * TokenRequest schema by the caller); `authorization` is the request's header.
   */
  token(form: Readonly<Record<string, string>>, authorization: string | undefined): TokenResponse {
    const app = this.#authenticateClient(form, authorization);
    const now = this.#clock.now();
    if (form['grant_type'] === 'authorization_code') {
      const codeHash = digest(form['code'] ?? '');
      const outcome = this.#store.write((): TokenResponse | 'replayed' => {
        const code = this.#store.oauth.codes.get(codeHash);
        if (!code || code.client_id !== app.client_id) throw oauthError(400, 'invalid_grant', 'the authorization code is not valid for this client');
        if (code.used) {
          // A replayed code: revoke what it gave (RFC 6749 §4.1.2), committed before the refusal.
          this.#store.oauth.revokeTokensOfCode(codeHash);
          return 'replayed';
        }
        if (code.expires_at <= now) throw oauthError(400, 'invalid_grant', 'the authorization code has expired');
        if (code.redirect_uri !== form['redirect_uri']) throw oauthError(400, 'invalid_grant', 'redirect_uri does not match the authorization request');
        this.#store.oauth.codes.spend(codeHash);
        return this.#issue(app, code.account_id, code.scope, codeHash);
      });
      if (outcome === 'replayed') throw oauthError(400, 'invalid_grant', 'the authorization code was already used');
      return outcome;
    }
    const refreshHash = digest(form['refresh_token'] ?? '');
    return this.#store.write(() => {
      const refresh = this.#store.oauth.tokens.get(refreshHash);
      if (!refresh || refresh.kind !== 'refresh' || refresh.revoked || refresh.client_id !== app.client_id) {
        throw oauthError(400, 'invalid_grant', 'the refresh token is not valid for this client (unknown, revoked or already used)');
      }
      this.#store.oauth.tokens.spend(refreshHash); // rotation: each refresh token is used once
      return this.#issue(app, refresh.account_id, refresh.scope, refresh.code_hash ?? undefined);
    });
  }

  /** A new access token (and refresh token with `offline_access`) for the app; for the ready token of the start banner. */
  issueReadyToken(app: AppRow): TokenResponse {
    return this.#store.write(() => this.#issue(app, app.account_id, KNOWN_SCOPES.join(' '), undefined));
  }

  /** The caller of an API request; a 401 Problem when the bearer token is missing or not valid. */
  authenticate(authorization: string | undefined): Caller {
    if (authorization === undefined || authorization === '') throw unauthenticated('is missing: send Authorization: Bearer <ACCESS_TOKEN>');
    const match = BEARER.exec(authorization);
    if (!match) throw unauthenticated('must be "Bearer" followed by an access token');
    const token = this.#store.oauth.tokens.get(digest(match[1]!));
    if (!token || token.kind !== 'access' || token.revoked || (token.expires_at !== null && token.expires_at <= this.#clock.now())) {
      throw unauthenticated('the access token is not valid (unknown, revoked or expired)');
    }
    return { accountId: token.account_id, clientId: token.client_id };
  }

  #issue(app: AppRow, accountId: string, scope: string, codeHash: string | undefined): TokenResponse {
    const now = this.#clock.now();
    const variant = VARIANTS[this.#variant];
    /** A new token of `kind`, stored by its digest only. */
    const newToken = (kind: 'access' | 'refresh', expiresAt: number | null): string => {
      const token = randomSecret(kind === 'access' ? 'at_' : 'rt_');
      this.#store.oauth.tokens.insert({
        token_hash: digest(token),
        kind,
        client_id: app.client_id,
        account_id: accountId,
        scope,
        expires_at: expiresAt,
        code_hash: codeHash ?? null,
      });
      return token;
    };
    const response: { -readonly [K in keyof TokenResponse]: TokenResponse[K] } = {
      access_token: newToken('access', now + variant.expires_in * 1000),
      token_type: variant.token_type,
      expires_in: variant.expires_in,
    };
    if (scope.split(' ').includes('offline_access')) response.refresh_token = newToken('refresh', null);
    if (this.#variant === 'openid') response.id_token = this.#idToken(app, accountId, now, variant.expires_in);
    else response.scope = scope;
    return response;
  }

  /** An OpenID Connect ID token, signed HS256 with the client secret (OIDC Core §10.1). */
  #idToken(app: AppRow, accountId: string, now: number, expiresIn: number): string {
    const iat = Math.floor(now / 1000);
    const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
    const claims = base64url(JSON.stringify({ iss: this.#issuer(), sub: accountId, aud: app.client_id, iat, exp: iat + expiresIn }));
    const signature = createHmac('sha256', app.client_secret).update(`${header}.${claims}`).digest('base64url');
    return `${header}.${claims}.${signature}`;
  }

  /** Client authentication: HTTP Basic, or `client_id` + `client_secret` in the body; never both secrets. */
  #authenticateClient(form: Readonly<Record<string, string>>, authorization: string | undefined): AppRow {
    let clientId: string | undefined;
    let clientSecret: string | undefined;
    const basic = authorization !== undefined && /^Basic /i.test(authorization);
    const challenge = basic ? { 'www-authenticate': 'Basic realm="commerce-sandbox"' } : {};
    if (basic) {
      try {
        const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
        const colon = decoded.indexOf(':');
        if (colon < 0) throw new Error('no colon');
        clientId = decodeFormComponent(decoded.slice(0, colon));
        clientSecret = decodeFormComponent(decoded.slice(colon + 1));
      } catch {
        throw oauthError(401, 'invalid_client', 'the HTTP Basic credentials are malformed', challenge);
      }
      if (form['client_secret'] !== undefined) {
        throw oauthError(400, 'invalid_request', 'send the client secret either as HTTP Basic credentials or in the body, not both');
      }
      if (form['client_id'] !== undefined && form['client_id'] !== clientId) {
        throw oauthError(400, 'invalid_request', 'client_id in the body differs from the HTTP Basic credentials');
      }
    } else {
      clientId = form['client_id'];
      clientSecret = form['client_secret'];
    }
    if (clientId === undefined || clientSecret === undefined) {
      throw oauthError(401, 'invalid_client', 'client authentication is required: client_id and client_secret in the body, or HTTP Basic');
    }
    const app = this.#store.oauth.app(clientId);
    // Compared even for an unknown client, so the answer takes as long either way.
    const matches = secretEquals(clientSecret, app?.client_secret ?? 'unknown-client');
    if (!app || !matches) throw oauthError(401, 'invalid_client', 'client authentication failed', challenge);
    return app;
  }
}
