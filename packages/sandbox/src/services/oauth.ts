/**
 * OAuth 2.0 authorization code grant as the platform documents it, answered as RFC 6749 says where the
 * document is silent: the authorize request's checks (errors after a valid client and redirect URI go
 * back to the app, §4.1.2.1), the consent decision, the token endpoint (both grants; client credentials
 * in the body or HTTP Basic; §5.2 errors), PKCE (RFC 7636), OpenID Connect's `nonce` and signed ID token,
 * and the bearer check of every API call. Codes are single-use and expire; refresh tokens come only with
 * `offline_access` and rotate on use; secrets are compared in constant time; codes and tokens are stored
 * as digests.
 */
import type { components } from '@commerce-kit/api-types';
import type { Clock } from '@commerce-kit/internal/clock';
import { createHash, randomBytes } from 'node:crypto';
import { invalidFields, Refusal, unauthenticated } from '../refusal.js';
import { digest, randomSecret, secretEquals } from '../secrets.js';
import type { AppRow, CodeRow, TokenRow } from '../store/oauth.js';
import type { Store } from '../store/store.js';
import type { FieldErrors } from '../validation/field-errors.js';
import { IdTokenSigner } from './oidc.js';

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
/** Tokens {@link OAuthService.authenticate} remembers at most (all forgotten past it). */
const MAX_REMEMBERED_TOKENS = 64;

/**
 * The two token responses the platform documents: `openid` answers `token_type: "Bearer"`,
 * `expires_in: 7776000` and an `id_token`; `scope` answers `token_type: "bearer"`, `expires_in: 43199`
 * and the granted `scope`.
 */
export type TokenResponseVariant = 'openid' | 'scope';

/** The values of {@link TokenResponseVariant}. */
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
  readonly nonce: string | undefined;
  readonly codeChallenge: { readonly value: string; readonly method: 'S256' | 'plain' } | undefined;
}

/**
 * An authorize request's query after the spec's validators: the values (those that failed a validator
 * are left out) and what failed, by parameter.
 */
export interface AuthorizeQuery {
  readonly values: Readonly<Record<string, unknown>>;
  readonly errors: Readonly<FieldErrors>;
}

/** What an authorize request leads to: the consent page, or back to the app with an RFC 6749 error. */
export type AuthorizeOutcome =
  | { readonly kind: 'consent'; readonly request: AuthorizationRequest }
  | { readonly kind: 'redirect'; readonly location: string };

interface OpenConsent {
  readonly request: AuthorizationRequest;
  readonly expiresAt: number;
}

/** What a valid bearer token stands for. */
export interface Caller {
  readonly accountId: string;
  readonly clientId: string;
}

/** A token endpoint error: RFC 6749 §5.2's body, the same shape for every error. */
export function oauthError(
  status: number,
  error: string,
  description: string,
  headers: Record<string, string> = {},
): Refusal {
  return new Refusal(
    status,
    { error, error_description: description },
    { headers: { 'cache-control': 'no-store', pragma: 'no-cache', ...headers } },
  );
}

/** RFC 7636 §4.6: the verifier, transformed by the method, equals the challenge (compared in constant time). */
function pkceMatches(verifier: string, challenge: string, method: 'S256' | 'plain'): boolean {
  const derived = method === 'S256' ? createHash('sha256').update(verifier, 'ascii').digest('base64url') : verifier;
  return secretEquals(derived, challenge);
}

/** The first message of each field, as one `error_description` line. */
function describe(errors: Readonly<FieldErrors>, fields: readonly string[]): string {
  return fields.map((field) => `${field} ${errors[field]!.join(', ')}`).join('; ');
}

/** The authorize parameters whose failure leaves no application to redirect to (RFC 6749 §4.1.2.1). */
const CLIENT_PARAMETERS: readonly string[] = ['client_id', 'redirect_uri'];

const BEARER = /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)[ ]*$/i;

function decodeFormComponent(value: string): string {
  return decodeURIComponent(value.replace(/\+/g, ' '));
}

export class OAuthService {
  readonly #store: Store;
  readonly #clock: Clock;
  readonly #variant: TokenResponseVariant;
  readonly #issuer: () => string;
  readonly #consents = new Map<string, OpenConsent>();
  /**
   * Tokens looked up since the store last changed (`Store.changeCount()`: any write, a revocation
   * included, forgets them all), by the token as presented: an API call with the same token does not
   * hash it and read its row again. Its expiry is still compared with the clock on every call.
   */
  readonly #tokens = new Map<string, TokenRow | undefined>();
  #tokensAt = -1;
  /** The ID token signer and its key set (served at the JWKS URI). */
  readonly idTokens: IdTokenSigner;

  constructor(store: Store, clock: Clock, variant: TokenResponseVariant, issuer: () => string) {
    this.#store = store;
    this.#clock = clock;
    this.#variant = variant;
    this.#issuer = issuer;
    this.idTokens = new IdTokenSigner(store);
  }

  /**
   * An authorize request. A missing or wrong `client_id` or `redirect_uri` is a 400 Refusal (there is no
   * application to send the browser back to); every other error redirects to the application with
   * `error`, `error_description` and `state` (RFC 6749 §4.1.2.1).
   */
  authorize(query: AuthorizeQuery): AuthorizeOutcome {
    const { values, errors } = query;
    const text = (name: string): string | undefined =>
      typeof values[name] === 'string' ? (values[name] as string) : undefined;
    const clientErrors: FieldErrors = {};
    for (const field of CLIENT_PARAMETERS) if (errors[field]) clientErrors[field] = [...errors[field]];
    const clientId = text('client_id');
    const app = clientId === undefined ? undefined : this.#store.oauth.app(clientId);
    if (clientId !== undefined && !app)
      clientErrors['client_id'] = ['is not the client id of a registered application'];
    const redirectUri = text('redirect_uri');
    if (app && redirectUri !== undefined && redirectUri !== app.redirect_uri) {
      clientErrors['redirect_uri'] = ['does not match the redirect URI registered for the application'];
    }
    if (clientId === undefined) clientErrors['client_id'] ??= ['is required'];
    if (redirectUri === undefined) clientErrors['redirect_uri'] ??= ['is required'];
    if (!app || redirectUri === undefined || Object.keys(clientErrors).length > 0) throw invalidFields(clientErrors);

    // From here on the application is known: errors go back to it.
    const state = text('state');
    const refuse = (error: string, description: string): AuthorizeOutcome => {
      const target = new URL(redirectUri);
      target.searchParams.set('error', error);
      target.searchParams.set('error_description', description);
      if (state !== undefined) target.searchParams.set('state', state);
      return { kind: 'redirect', location: target.href };
    };
    if (errors['response_type']) {
      return errors['response_type'].includes('is required')
        ? refuse('invalid_request', describe(errors, ['response_type']))
        : refuse('unsupported_response_type', 'response_type must be "code"');
    }
    const invalid = Object.keys(errors).filter((field) => field !== 'scope');
    if (invalid.length > 0) return refuse('invalid_request', describe(errors, invalid));
    const scope = text('scope');
    if (errors['scope'] || scope === undefined) return refuse('invalid_request', describe(errors, ['scope']));
    const scopes = [...new Set(scope.split(' ').filter((s) => s !== ''))];
    const scopeErrors = [
      ...scopes.filter((s) => !KNOWN_SCOPES.includes(s)).map((s) => `has the unknown scope ${JSON.stringify(s)}`),
      ...REQUIRED_SCOPES.filter((s) => !scopes.includes(s)).map((s) => `must include ${s}`),
    ];
    if (scopeErrors.length > 0) return refuse('invalid_scope', `scope ${scopeErrors.join(', ')}`);
    const challenge = text('code_challenge');
    const method = text('code_challenge_method');
    if (method !== undefined && challenge === undefined)
      return refuse('invalid_request', 'code_challenge_method is given without code_challenge');
    return {
      kind: 'consent',
      request: {
        app,
        redirectUri,
        scopes,
        state,
        nonce: text('nonce'),
        codeChallenge:
          challenge === undefined ? undefined : { value: challenge, method: method === 'S256' ? 'S256' : 'plain' },
      },
    };
  }

  /** Remembers a checked request until the user answers the consent page; returns the consent's id. */
  openConsent(request: AuthorizationRequest): string {
    const now = this.#clock.now();
    for (const [id, open] of this.#consents)
      if (open.expiresAt <= now || this.#consents.size >= MAX_OPEN_CONSENTS) this.#consents.delete(id);
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
          nonce: request.nonce ?? null,
          code_challenge: request.codeChallenge?.value ?? null,
          code_challenge_method: request.codeChallenge?.method ?? null,
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
        if (!code || code.client_id !== app.client_id)
          throw oauthError(400, 'invalid_grant', 'the authorization code is not valid for this client');
        if (code.used) {
          // A replayed code: revoke what it gave (RFC 6749 §4.1.2), committed before the refusal.
          this.#store.oauth.revokeTokensOfCode(codeHash);
          return 'replayed';
        }
        if (code.expires_at <= now) throw oauthError(400, 'invalid_grant', 'the authorization code has expired');
        if (code.redirect_uri !== form['redirect_uri'])
          throw oauthError(400, 'invalid_grant', 'redirect_uri does not match the authorization request');
        checkCodeVerifier(code, form['code_verifier']);
        this.#store.oauth.codes.spend(codeHash);
        return this.#issue(app, code.account_id, code.scope, codeHash, code.nonce ?? undefined);
      });
      if (outcome === 'replayed') throw oauthError(400, 'invalid_grant', 'the authorization code was already used');
      return outcome;
    }
    const refreshHash = digest(form['refresh_token'] ?? '');
    return this.#store.write(() => {
      const refresh = this.#store.oauth.tokens.get(refreshHash);
      if (refresh?.kind !== 'refresh' || refresh.revoked || refresh.client_id !== app.client_id) {
        throw oauthError(
          400,
          'invalid_grant',
          'the refresh token is not valid for this client (unknown, revoked or already used)',
        );
      }
      this.#store.oauth.tokens.spend(refreshHash); // rotation: each refresh token is used once
      return this.#issue(app, refresh.account_id, refresh.scope, refresh.code_hash ?? undefined);
    });
  }

  /** The sandbox's test app (the first registered). */
  testApp(): AppRow | undefined {
    return this.#store.oauth.firstApp();
  }

  /**
   * A new access token (and refresh token with `offline_access`) for the app; for the ready token of the
   * start banner. No ID token: none is asked for, and signing one made every start generate an RSA key.
   */
  issueReadyToken(app: AppRow): TokenResponse {
    return this.#store.write(() =>
      this.#issue(app, app.account_id, KNOWN_SCOPES.join(' '), undefined, undefined, false),
    );
  }

  /** The caller of an API request; a 401 Refusal when the bearer token is missing or not valid. */
  authenticate(authorization: string | undefined): Caller {
    if (authorization === undefined || authorization === '')
      throw unauthenticated('is missing: send Authorization: Bearer <ACCESS_TOKEN>');
    const match = BEARER.exec(authorization);
    if (!match) throw unauthenticated('must be "Bearer" followed by an access token');
    const token = this.#token(match[1]!);
    if (
      token?.kind !== 'access' ||
      token.revoked ||
      (token.expires_at !== null && token.expires_at <= this.#clock.now())
    ) {
      throw unauthenticated('the access token is not valid (unknown, revoked or expired)');
    }
    return { accountId: token.account_id, clientId: token.client_id };
  }

  /** The row of a token, unknown ones included (undefined), remembered while the store does not change. */
  #token(token: string): TokenRow | undefined {
    const changes = this.#store.changeCount();
    if (changes !== this.#tokensAt) {
      this.#tokens.clear();
      this.#tokensAt = changes;
    }
    if (this.#tokens.has(token)) return this.#tokens.get(token);
    const row = this.#store.oauth.tokens.get(digest(token));
    if (this.#tokens.size >= MAX_REMEMBERED_TOKENS) this.#tokens.clear();
    this.#tokens.set(token, row);
    return row;
  }

  #issue(
    app: AppRow,
    accountId: string,
    scope: string,
    codeHash: string | undefined,
    nonce?: string,
    withIdToken = true,
  ): TokenResponse {
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
    if (this.#variant === 'openid' && withIdToken) {
      const iat = Math.floor(now / 1000);
      response.id_token = this.idTokens.sign({
        iss: this.#issuer(),
        sub: accountId,
        aud: app.client_id,
        exp: iat + variant.expires_in,
        iat,
        ...(nonce === undefined ? {} : { nonce }),
      });
    } else response.scope = scope;
    return response;
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
        throw oauthError(
          400,
          'invalid_request',
          'send the client secret either as HTTP Basic credentials or in the body, not both',
        );
      }
      if (form['client_id'] !== undefined && form['client_id'] !== clientId) {
        throw oauthError(400, 'invalid_request', 'client_id in the body differs from the HTTP Basic credentials');
      }
    } else {
      clientId = form['client_id'];
      clientSecret = form['client_secret'];
    }
    if (clientId === undefined || clientSecret === undefined) {
      throw oauthError(
        401,
        'invalid_client',
        'client authentication is required: client_id and client_secret in the body, or HTTP Basic',
      );
    }
    const app = this.#store.oauth.app(clientId);
    // Compared even for an unknown client, so the answer takes as long either way.
    const matches = secretEquals(clientSecret, app?.client_secret ?? 'unknown-client');
    if (!app || !matches) throw oauthError(401, 'invalid_client', 'client authentication failed', challenge);
    return app;
  }
}

/**
 * PKCE (RFC 7636 §4.6): a code bound to a challenge needs the matching verifier; a verifier for a code
 * without a challenge is refused too (RFC 9700 §2.1.1: no downgrade by leaving the challenge out).
 */
function checkCodeVerifier(code: CodeRow, verifier: string | undefined): void {
  if (code.code_challenge === null || code.code_challenge_method === null) {
    if (verifier !== undefined)
      throw oauthError(
        400,
        'invalid_grant',
        'code_verifier is given but the authorization request carried no code_challenge',
      );
    return;
  }
  if (verifier === undefined)
    throw oauthError(
      400,
      'invalid_grant',
      'code_verifier is required: the authorization request carried a code_challenge',
    );
  if (!pkceMatches(verifier, code.code_challenge, code.code_challenge_method)) {
    throw oauthError(
      400,
      'invalid_grant',
      `code_verifier does not match the code_challenge (${code.code_challenge_method}) of the authorization request`,
    );
  }
}
