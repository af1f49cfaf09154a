/**
 * Steps 4 and 5 of the code grant: exchanging a code, refreshing a token.
 * Both documented client authentication variants are supported.
 */
import { resolveClock, type Clock } from '@commerce-kit/internal/clock';
import { isRecord } from '@commerce-kit/internal/is-record';
import { parseJson, type ParseJsonResult } from '@commerce-kit/internal/safe-json';
import { ApiClientConfigurationError } from '../errors/api-client-error.js';
import { redactSecrets } from '../redact.js';
import type { FetchFunction } from '../request.js';
import { checkBaseUrl, joinUrl } from '../url.js';
import { OAuthError } from './oauth-error.js';
import { CODE_VERIFIER_PATTERN } from './pkce.js';
import { normalizeTokenResponse, type TokenSet } from './token-set.js';

/** How the client credentials are sent: form fields (`body`) or HTTP Basic (`basic`). */
export type ClientAuthMethod = 'body' | 'basic';

/** Options shared by {@link exchangeCode} and {@link refreshAccessToken}. */
export interface TokenRequestBaseOptions {
  /** The API base address. */
  readonly baseUrl: string;
  /** Client id of the application. */
  readonly clientId: string;
  /** Client secret of the application. */
  readonly clientSecret: string;
  /** `body` (default): `client_id` and `client_secret` as form fields; `basic`: HTTP Basic credentials. */
  readonly clientAuth?: ClientAuthMethod | undefined;
  /** `fetch` to use; default `globalThis.fetch`. */
  readonly fetch?: FetchFunction | undefined;
  /** Aborts the request. */
  readonly signal?: AbortSignal | undefined;
  /** Clock that dates `expiresAt`; default the system clock. */
  readonly clock?: Clock | undefined;
}

/** Input of {@link exchangeCode}. */
export interface ExchangeCodeOptions extends TokenRequestBaseOptions {
  /** The `code` received on the redirect. */
  readonly code: string;
  /** Exactly the `redirect_uri` used in the authorization request. */
  readonly redirectUri: string;
  /**
   * The PKCE code verifier whose challenge the authorization request carried (`codeVerifier` of
   * `createPkcePair()`); sent as `code_verifier`. Leave it out when the request carried no challenge.
   */
  readonly codeVerifier?: string | undefined;
}

/** Input of {@link refreshAccessToken}. */
export interface RefreshAccessTokenOptions extends TokenRequestBaseOptions {
  /** The refresh token to exchange. */
  readonly refreshToken: string;
}

/**
 * Exchanges an authorization code for tokens (`grant_type=authorization_code`), with the PKCE
 * `code_verifier` when `codeVerifier` is given.
 *
 * @throws {OAuthError} for an error answer (any body, JSON or not; a wrong or missing code verifier is the
 * server's `invalid_grant`), a network failure, an unusable token response, or an empty `code`.
 * @throws {ApiClientConfigurationError} for a missing or invalid option (`baseUrl`, `clientId`, `clientSecret`,
 * `redirectUri`, `clientAuth`, a `codeVerifier` that is not 43 to 128 of RFC 7636's characters), before
 * anything is sent.
 */
export async function exchangeCode(options: ExchangeCodeOptions): Promise<TokenSet> {
  requireInput(options.code, 'code');
  requireOption(options.redirectUri, 'redirectUri');
  const fields: Record<string, string> = {
    grant_type: 'authorization_code',
    code: options.code,
    redirect_uri: options.redirectUri,
  };
  if (options.codeVerifier !== undefined) {
    if (typeof options.codeVerifier !== 'string' || !CODE_VERIFIER_PATTERN.test(options.codeVerifier)) {
      throw new ApiClientConfigurationError(
        'codeVerifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636)',
      );
    }
    fields['code_verifier'] = options.codeVerifier;
  }
  return requestToken(options, fields);
}

/**
 * Gets a new access token from a refresh token (`grant_type=refresh_token`). The
 * answer has the token response shape and includes a new refresh token: persist it.
 *
 * @throws {OAuthError} as {@link exchangeCode}.
 */
export async function refreshAccessToken(options: RefreshAccessTokenOptions): Promise<TokenSet> {
  requireInput(options.refreshToken, 'refreshToken');
  return requestToken(options, { grant_type: 'refresh_token', refresh_token: options.refreshToken });
}

async function requestToken(options: TokenRequestBaseOptions, fields: Record<string, string>): Promise<TokenSet> {
  const tokenUrl = endpointUrl(options.baseUrl, '/oauth/connect/token');
  requireOption(options.clientId, 'clientId');
  requireOption(options.clientSecret, 'clientSecret');
  const clientAuth = options.clientAuth ?? 'body';
  if (clientAuth !== 'body' && clientAuth !== 'basic')
    throw new ApiClientConfigurationError('clientAuth must be "body" or "basic"');
  const clock = resolveClock(options.clock, (message) => new ApiClientConfigurationError(message));
  const form = new URLSearchParams(fields);
  // The documented Basic variant still sends client_id in the body.
  form.set('client_id', options.clientId);
  const headers = new Headers({
    'Content-Type': 'application/x-www-form-urlencoded',
    Accept: 'application/json',
  });
  if (clientAuth === 'body') form.set('client_secret', options.clientSecret);
  else headers.set('Authorization', basicCredentials(options.clientId, options.clientSecret));

  const doFetch = options.fetch ?? globalThis.fetch;
  let response: Response;
  let text: string;
  try {
    const init: RequestInit = { method: 'POST', headers, body: form.toString() };
    if (options.signal !== undefined) init.signal = options.signal;
    response = await doFetch(tokenUrl, init);
    text = await response.text();
  } catch (cause) {
    if (options.signal?.aborted) throw options.signal.reason;
    throw new OAuthError({ error: 'network_error', description: 'the token endpoint could not be reached', cause });
  }
  const receivedAt = clock.now();
  const parsed = parseJson(text, 'remove');
  // An error must not carry the secret, code, code verifier or refresh token into logs, even if the server echoed them.
  const secrets = [options.clientSecret, fields['code'], fields['code_verifier'], fields['refresh_token']];
  const errorBody = (): { text: string; parsed: ParseJsonResult } => {
    const redacted = redactSecrets(text, secrets);
    return { text: redacted, parsed: parseJson(redacted, 'remove') };
  };
  // Some servers answer 200 with an RFC 6749 error body: that is an error too.
  const isErrorBody =
    parsed.ok &&
    isRecord(parsed.value) &&
    typeof parsed.value['error'] === 'string' &&
    parsed.value['access_token'] === undefined;
  if (!response.ok || isErrorBody) {
    const body = errorBody();
    throw tokenEndpointError(response, body.text, body.parsed.ok ? body.parsed.value : undefined, body.parsed.ok);
  }
  if (!parsed.ok) {
    throw new OAuthError({
      error: 'invalid_token_response',
      description: 'the token response is not JSON',
      status: response.status,
      headers: response.headers,
      rawBody: errorBody().text,
    });
  }
  return normalizeTokenResponse(parsed.value, receivedAt);
}

/**
 * The token endpoint's error body is not documented: RFC 6749 `{ error, error_description }`,
 * the API's `{ type, errors }`, or anything else (kept as `rawBody`) all give an {@link OAuthError}.
 */
function tokenEndpointError(response: Response, text: string, body: unknown, isJson: boolean): OAuthError {
  let error = 'token_request_failed';
  let description: string | undefined;
  if (isRecord(body)) {
    if (typeof body['error'] === 'string') error = body['error'];
    else if (typeof body['type'] === 'string') error = body['type'];
    if (typeof body['error_description'] === 'string') description = body['error_description'];
  }
  return new OAuthError({
    error,
    description,
    status: response.status,
    headers: response.headers,
    body: isJson ? body : undefined,
    rawBody: isJson ? undefined : text,
  });
}

/** RFC 6749 §2.3.1: id and secret are form-urlencoded, then joined with ':' and base64-encoded. */
export function basicCredentials(clientId: string, clientSecret: string): string {
  const pair = `${formEncode(clientId)}:${formEncode(clientSecret)}`;
  let binary = '';
  for (const byte of new TextEncoder().encode(pair)) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

function formEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/%20/g, '+')
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `{baseUrl}{path}`; a base that is not an absolute HTTPS URL (or http:// to a loopback host) is an
 * `ApiClientConfigurationError`, not a "could not be reached" that would send you looking at the network.
 */
export function endpointUrl(baseUrl: unknown, path: string): string {
  return joinUrl(checkBaseUrl(baseUrl), path);
}

/** An option of the app's configuration. */
function requireOption(value: unknown, name: string): void {
  if (typeof value !== 'string' || value === '')
    throw new ApiClientConfigurationError(`${name} is required (a non-empty string)`);
}

/** A value received at run time (the callback's code, a stored refresh token). */
function requireInput(value: unknown, name: string): void {
  if (typeof value !== 'string' || value === '')
    throw new OAuthError({ error: 'invalid_request', description: `${name} is required` });
}
