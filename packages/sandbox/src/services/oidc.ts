/**
 * OpenID Connect: the `id_token` signer, its JSON Web Key Set and the discovery document, so that a
 * standard client (openid-client, oauth4webapi, any certified relying party) verifies the sandbox's ID
 * tokens with no extra settings. The platform document shows neither discovery nor the signing
 * algorithm (docs/spec-gaps.md): RS256 is the algorithm every OpenID provider must support.
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import type { Store } from '../store/store.js';

/** The signing algorithm of every ID token (OpenID Connect Discovery §3: RS256 must be supported). */
export const ID_TOKEN_ALG = 'RS256';
/** Where the signing key is kept: the data file's `meta` table, so tokens verify across restarts. */
const KEY_META = 'oidc_signing_key';
/** The sandbox's own routes for discovery (RFC 8414 / OpenID Connect Discovery) and the key set. */
export const DISCOVERY_PATH = '/.well-known/openid-configuration';
export const OAUTH_METADATA_PATH = '/.well-known/oauth-authorization-server';
export const JWKS_PATH = '/.well-known/jwks.json';

/** A public key of the key set (RFC 7517). */
export interface PublicJwk {
  readonly kty: 'RSA';
  readonly n: string;
  readonly e: string;
  readonly kid: string;
  readonly alg: typeof ID_TOKEN_ALG;
  readonly use: 'sig';
}

/** The claims of an ID token (OpenID Connect Core §2). */
export interface IdTokenClaims {
  readonly iss: string;
  readonly sub: string;
  readonly aud: string;
  readonly exp: number;
  readonly iat: number;
  readonly nonce?: string;
}

interface SigningKey {
  readonly privateKey: KeyObject;
  readonly jwk: PublicJwk;
}

const base64url = (value: string | Buffer): string => Buffer.from(value).toString('base64url');

/** RFC 7638 thumbprint of an RSA public key: a stable `kid` that changes only with the key. */
function thumbprint(n: string, e: string): string {
  return createHash('sha256')
    .update(JSON.stringify({ e, kty: 'RSA', n }))
    .digest('base64url');
}

export class IdTokenSigner {
  readonly #store: Store;
  #key: SigningKey | undefined;

  constructor(store: Store) {
    this.#store = store;
  }

  /** The key set a client fetches from `jwks_uri`. */
  jwks(): { readonly keys: readonly PublicJwk[] } {
    return { keys: [this.#signingKey().jwk] };
  }

  /** A signed JWT (RFC 7519) of the claims. */
  sign(claims: IdTokenClaims): string {
    const key = this.#signingKey();
    const input = `${base64url(JSON.stringify({ alg: ID_TOKEN_ALG, typ: 'JWT', kid: key.jwk.kid }))}.${base64url(JSON.stringify(claims))}`;
    return `${input}.${sign('sha256', Buffer.from(input), key.privateKey).toString('base64url')}`;
  }

  /** Read from the data file, or made once (lazily: a sandbox that issues no ID token never pays for an RSA key). */
  #signingKey(): SigningKey {
    if (this.#key) return this.#key;
    let stored = this.#store.meta(KEY_META);
    if (stored === undefined) {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const made = JSON.stringify(privateKey.export({ format: 'jwk' }));
      // Another sandbox on the same file may have made one first: the stored key wins.
      stored = this.#store.write(() => {
        const existing = this.#store.meta(KEY_META);
        if (existing !== undefined) return existing;
        this.#store.setMeta(KEY_META, made);
        return made;
      });
    }
    const privateKey = createPrivateKey({ key: JSON.parse(stored) as JsonWebKey, format: 'jwk' });
    const { n, e } = createPublicKey(privateKey).export({ format: 'jwk' });
    if (typeof n !== 'string' || typeof e !== 'string')
      throw new Error('the stored OpenID Connect signing key is not an RSA key');
    this.#key = { privateKey, jwk: { kty: 'RSA', n, e, kid: thumbprint(n, e), alg: ID_TOKEN_ALG, use: 'sig' } };
    return this.#key;
  }
}

/**
 * The provider's metadata (OpenID Connect Discovery 1.0 §3, RFC 8414 §2). `issuer` is the sandbox's
 * base URL, exactly as the `iss` of its ID tokens.
 */
export function discoveryDocument(issuer: string, scopes: readonly string[]): Readonly<Record<string, unknown>> {
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth/connect/authorize`,
    token_endpoint: `${issuer}/oauth/connect/token`,
    jwks_uri: `${issuer}${JWKS_PATH}`,
    scopes_supported: scopes,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: [ID_TOKEN_ALG],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    code_challenge_methods_supported: ['S256', 'plain'],
    claims_supported: ['iss', 'sub', 'aud', 'exp', 'iat', 'nonce'],
    claims_parameter_supported: false,
    request_parameter_supported: false,
    request_uri_parameter_supported: false,
  };
}
