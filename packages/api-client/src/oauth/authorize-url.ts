/**
 * Step 1 of the authorization code grant: the URL the user's browser is sent to.
 */
import { ApiClientConfigurationError } from '../errors/api-client-error.js';
import { endpointUrl } from './token-request.js';
import { generateState, isAlphanumeric } from './state.js';

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
  /** Alphanumeric state; generated with a CSPRNG when omitted. */
  readonly state?: string | undefined;
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
 * `response_type=code`, `client_id`, `redirect_uri`, `scope` (space-separated) and `state`.
 *
 * @throws {ApiClientConfigurationError} when a required scope is missing, for a base URL that is not an
 * absolute HTTPS URL (http:// only to a loopback host), an empty client id or redirect URI, or a
 * non-alphanumeric state.
 */
export function buildAuthorizeUrl(options: AuthorizeUrlOptions): AuthorizeUrl {
  if (!options.clientId) throw new ApiClientConfigurationError('clientId is required (a non-empty string)');
  if (!options.redirectUri) throw new ApiClientConfigurationError('redirectUri is required (a non-empty string)');
  const given: readonly unknown[] = typeof options.scopes === 'string' ? options.scopes.split(/\s+/) : Array.isArray(options.scopes) ? options.scopes : [];
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
  if (options.state !== undefined && !isAlphanumeric(options.state)) {
    throw new ApiClientConfigurationError('state must be a non-empty alphanumeric string');
  }
  const state = options.state ?? generateState();
  const url = new URL(endpointUrl(options.baseUrl, '/oauth/connect/authorize'));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', options.clientId);
  url.searchParams.set('redirect_uri', options.redirectUri);
  url.searchParams.set('scope', scopes.join(' '));
  url.searchParams.set('state', state);
  return { url: url.toString(), state };
}
