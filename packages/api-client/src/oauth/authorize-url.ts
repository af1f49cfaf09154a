/**
 * Step 1 of the authorization code grant: the URL the user's browser is sent to.
 */
import { ApiClientConfigurationError } from '../errors/api-client-error.js';
import { CODE_VERIFIER_PATTERN, S256_CHALLENGE_PATTERN } from './pkce.js';
import { endpointUrl } from './token-request.js';
import { generateState, isStateValue, MAX_STATE_LENGTH } from './state.js';

/** Scopes the platform requires in every authorization request. */
export const REQUIRED_SCOPES = ['api_basic', 'api_readwrite', 'openid'] as const;

/** A scope the platform documents; any other string is passed through. */
export type OAuthScope = (typeof REQUIRED_SCOPES)[number] | 'offline_access' | (string & {});

/** Input of {@link buildAuthorizeUrl}. */
export interface AuthorizeUrlOptions {
  /** The API base address, e.g. `https://api.example.com`. */
  readonly baseUrl: string;
  /** Client id of the application. */
  readonly clientId: string;
  /** Must match exactly the callback URL registered for the application. */
  readonly redirectUri: string;
  /**
   * Must include `api_basic`, `api_readwrite` and `openid`; add `offline_access` for a refresh token.
   * An array, or one space-separated string as it appears in the URL.
   */
  readonly scopes: readonly OAuthScope[] | string;
  /**
   * Sent back unchanged on the redirect: 1 to 1024 printable ASCII characters (space to `~`). When
   * omitted, 32 random letters and digits.
   */
  readonly state?: string | undefined;
  /**
   * OpenID Connect `nonce`, returned inside the `id_token` (same alphabet and length as `state`). Sent
   * only when given; checking it is the job of whatever verifies the `id_token`.
   */
  readonly nonce?: string | undefined;
  /** PKCE challenge (RFC 7636), e.g. `codeChallenge` of `createPkcePair()`. */
  readonly codeChallenge?: string | undefined;
  /**
   * How `codeChallenge` was derived: `'S256'` (default) or `'plain'`. Always sent with a challenge, so the
   * server never falls back to RFC 7636's default (`plain`) for a missing method.
   */
  readonly codeChallengeMethod?: 'S256' | 'plain' | undefined;
}

/** Output of {@link buildAuthorizeUrl}: keep `state` in the user's session and check it with `verifyState`. */
export interface AuthorizeUrl {
  /** The full authorization URL. */
  readonly url: string;
  /** The state sent in the URL. */
  readonly state: string;
}

/**
 * Builds the authorization URL (`{baseUrl}/oauth/connect/authorize`) with
 * `response_type=code`, `client_id`, `redirect_uri`, `scope` (space-separated) and `state`, and, when
 * given, `nonce`, `code_challenge` and `code_challenge_method`.
 *
 * @throws {ApiClientConfigurationError} when a required scope is missing, for a base URL that is not an
 * absolute HTTPS URL (http:// only to a loopback host), an empty client id or redirect URI, a `state` or
 * `nonce` that is not 1 to 1024 printable ASCII characters, a `codeChallenge` that does not fit its
 * method, or a `codeChallengeMethod` without a challenge. The message names the option, never its value.
 */
export function buildAuthorizeUrl(options: AuthorizeUrlOptions): AuthorizeUrl {
  if (!options.clientId) throw new ApiClientConfigurationError('clientId is required (a non-empty string)');
  if (!options.redirectUri) throw new ApiClientConfigurationError('redirectUri is required (a non-empty string)');
  const given: readonly unknown[] =
    typeof options.scopes === 'string'
      ? options.scopes.split(/\s+/)
      : Array.isArray(options.scopes)
        ? options.scopes
        : [];
  if (given.some((s) => typeof s !== 'string')) {
    throw new ApiClientConfigurationError('scopes must be strings');
  }
  const scopes = [...new Set((given as readonly string[]).map((s) => s.trim()).filter((s) => s !== ''))];
  const missing = REQUIRED_SCOPES.filter((required) => !scopes.includes(required));
  if (missing.length > 0) {
    throw new ApiClientConfigurationError(`scopes: missing required scope(s): ${missing.join(', ')}`);
  }
  const invalidScope = scopes.find((s) => /\s/.test(s));
  if (invalidScope !== undefined) {
    throw new ApiClientConfigurationError('scopes: a scope must not contain whitespace');
  }
  for (const name of ['state', 'nonce'] as const) {
    if (options[name] !== undefined && !isStateValue(options[name])) {
      throw new ApiClientConfigurationError(
        `${name} must be 1 to ${MAX_STATE_LENGTH} printable ASCII characters (space to ~)`,
      );
    }
  }
  const challenge = codeChallenge(options);
  const state = options.state ?? generateState();
  const url = new URL(endpointUrl(options.baseUrl, '/oauth/connect/authorize'));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', options.clientId);
  url.searchParams.set('redirect_uri', options.redirectUri);
  url.searchParams.set('scope', scopes.join(' '));
  url.searchParams.set('state', state);
  if (options.nonce !== undefined) url.searchParams.set('nonce', options.nonce);
  if (challenge !== undefined) {
    url.searchParams.set('code_challenge', challenge.value);
    url.searchParams.set('code_challenge_method', challenge.method);
  }
  return { url: url.toString(), state };
}

/** The PKCE options, checked: the method defaults to `S256`. */
function codeChallenge(options: AuthorizeUrlOptions): { value: string; method: 'S256' | 'plain' } | undefined {
  const { codeChallenge: value, codeChallengeMethod: given } = options;
  if (given !== undefined && given !== 'S256' && given !== 'plain') {
    throw new ApiClientConfigurationError("codeChallengeMethod must be 'S256' or 'plain'");
  }
  if (value === undefined) {
    if (given !== undefined)
      throw new ApiClientConfigurationError('codeChallengeMethod is given without codeChallenge');
    return undefined;
  }
  const method = given ?? 'S256';
  if (method === 'S256' && !(typeof value === 'string' && S256_CHALLENGE_PATTERN.test(value))) {
    throw new ApiClientConfigurationError(
      "codeChallenge must be the base64url SHA-256 of the code verifier for codeChallengeMethod 'S256': 43 characters of A-Z a-z 0-9 - _",
    );
  }
  if (method === 'plain' && !(typeof value === 'string' && CODE_VERIFIER_PATTERN.test(value))) {
    throw new ApiClientConfigurationError(
      "codeChallenge must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~ for codeChallengeMethod 'plain'",
    );
  }
  return { value, method };
}
