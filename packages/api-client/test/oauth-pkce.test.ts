// PKCE (RFC 7636): createPkcePair, the challenge in the authorization URL, the verifier in the code exchange.
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClientConfigurationError, OAuthError } from '../src/index.js';
import {
  buildAuthorizeUrl,
  createPkcePair,
  exchangeCode,
  REQUIRED_SCOPES,
  type AuthorizeUrlOptions,
} from '../src/oauth/index.js';
import { useFakeServer } from './support/servers.js';

const server = useFakeServer();
const REDIRECT = 'https://app.example.com/callback';
const BASE: AuthorizeUrlOptions = {
  baseUrl: 'https://api.example.com',
  clientId: 'client_1',
  redirectUri: REDIRECT,
  scopes: REQUIRED_SCOPES,
};
const creds = () => ({ baseUrl: server().url, clientId: 'client_1', clientSecret: 'secret_1' });

// RFC 7636 Appendix B: the 32 random octets, the verifier they encode to, and its S256 challenge.
const APPENDIX_B_OCTETS = [
  116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105, 214, 191, 240, 91,
  88, 5, 88, 83, 132, 141, 121,
];
const APPENDIX_B_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const APPENDIX_B_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

const unreserved = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~');

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('createPkcePair', () => {
  it('gives the RFC 7636 Appendix B verifier and challenge from the Appendix B octets', async () => {
    vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(
      <T extends ArrayBufferView | null>(array: T): T => {
        (array as unknown as Uint8Array).set(APPENDIX_B_OCTETS);
        return array;
      },
    );
    const pair = await createPkcePair();
    expect({ ...pair }).toEqual({
      codeVerifier: APPENDIX_B_VERIFIER,
      codeChallenge: APPENDIX_B_CHALLENGE,
      codeChallengeMethod: 'S256',
    });
  });

  it('makes a fresh 43-character verifier each time; the challenge is its base64url SHA-256', async () => {
    const pairs = await Promise.all(Array.from({ length: 100 }, () => createPkcePair()));
    expect(new Set(pairs.map((p) => p.codeVerifier)).size).toBe(100);
    for (const { codeVerifier, codeChallenge, codeChallengeMethod } of pairs) {
      expect(codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(codeChallenge).toBe(createHash('sha256').update(codeVerifier, 'ascii').digest('base64url'));
      expect(codeChallengeMethod).toBe('S256');
    }
  });

  it('is plain data for a session store, but util.inspect and String() hide the verifier', async () => {
    const pair = await createPkcePair();
    expect(JSON.parse(JSON.stringify(pair))).toEqual({
      codeVerifier: pair.codeVerifier,
      codeChallenge: pair.codeChallenge,
      codeChallengeMethod: 'S256',
    });
    for (const shown of [inspect(pair), String(pair), `${pair}`]) {
      expect(shown).not.toContain(pair.codeVerifier);
      expect(shown).toContain('[redacted]');
    }
    expect(Object.isFrozen(pair)).toBe(true);
  });

  it('without Web Crypto: ApiClientConfigurationError', async () => {
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    await expect(createPkcePair()).rejects.toThrow(ApiClientConfigurationError);
    vi.stubGlobal('crypto', undefined);
    await expect(createPkcePair()).rejects.toThrow(/crypto\.subtle/);
  });
});

describe('buildAuthorizeUrl with PKCE', () => {
  const params = (options: Partial<AuthorizeUrlOptions>) =>
    new URL(buildAuthorizeUrl({ ...BASE, ...options }).url).searchParams;

  it('sends code_challenge and code_challenge_method S256 (the default, always written out)', async () => {
    const pair = await createPkcePair();
    const sent = params({ codeChallenge: pair.codeChallenge });
    expect(sent.get('code_challenge')).toBe(pair.codeChallenge);
    expect(sent.get('code_challenge_method')).toBe('S256');
    expect(
      params({ codeChallenge: APPENDIX_B_CHALLENGE, codeChallengeMethod: 'S256' }).get('code_challenge_method'),
    ).toBe('S256');
  });

  it("sends a 'plain' challenge of 43 to 128 unreserved characters as given", () => {
    fc.assert(
      fc.property(fc.string({ unit: unreserved, minLength: 43, maxLength: 128 }), (challenge) => {
        const sent = params({ codeChallenge: challenge, codeChallengeMethod: 'plain' });
        expect(sent.get('code_challenge')).toBe(challenge);
        expect(sent.get('code_challenge_method')).toBe('plain');
      }),
    );
  });

  it('sends neither parameter without a challenge', () => {
    const sent = params({});
    expect(sent.has('code_challenge')).toBe(false);
    expect(sent.has('code_challenge_method')).toBe(false);
  });

  it('refuses a challenge that does not fit its method, naming the option and not the value', () => {
    const cases: [Partial<AuthorizeUrlOptions>, RegExp][] = [
      [{ codeChallenge: `${APPENDIX_B_CHALLENGE}x` }, /^codeChallenge must be the base64url SHA-256 .* 'S256'/],
      [{ codeChallenge: APPENDIX_B_CHALLENGE.slice(1) }, /^codeChallenge must be the base64url/],
      [{ codeChallenge: `${APPENDIX_B_CHALLENGE.slice(1)}.` }, /^codeChallenge must be the base64url/],
      [{ codeChallenge: '' }, /^codeChallenge must/],
      [{ codeChallenge: 42 as never }, /^codeChallenge must/],
      [{ codeChallenge: 'a'.repeat(42), codeChallengeMethod: 'plain' }, /^codeChallenge must be 43 to 128 .* 'plain'/],
      [{ codeChallenge: 'a'.repeat(129), codeChallengeMethod: 'plain' }, /^codeChallenge must be 43 to 128/],
      [{ codeChallenge: `${'a'.repeat(43)}+`, codeChallengeMethod: 'plain' }, /^codeChallenge must be 43 to 128/],
      [{ codeChallengeMethod: 'S256' }, /^codeChallengeMethod is given without codeChallenge$/],
      [
        { codeChallenge: APPENDIX_B_CHALLENGE, codeChallengeMethod: 's256' as never },
        /^codeChallengeMethod must be 'S256' or 'plain'$/,
      ],
    ];
    for (const [options, message] of cases) {
      let error: unknown;
      try {
        buildAuthorizeUrl({ ...BASE, ...options });
      } catch (e) {
        error = e;
      }
      expect(error, JSON.stringify(options)).toBeInstanceOf(ApiClientConfigurationError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
      expect((error as Error).message).not.toContain(APPENDIX_B_CHALLENGE.slice(1, 20));
    }
  });
});

describe('exchangeCode with a code verifier', () => {
  it.each(['body', 'basic'] as const)('sends code_verifier (client auth %s)', async (clientAuth) => {
    server().issueCode('code_pkce', REDIRECT);
    await exchangeCode({
      ...creds(),
      clientAuth,
      code: 'code_pkce',
      redirectUri: REDIRECT,
      codeVerifier: APPENDIX_B_VERIFIER,
    });
    const form = new URLSearchParams(server().requests[0]?.body);
    expect(form.get('code_verifier')).toBe(APPENDIX_B_VERIFIER);
    expect(form.get('code')).toBe('code_pkce');
  });

  it('sends no code_verifier when none is given', async () => {
    server().issueCode('code_plain', REDIRECT);
    await exchangeCode({ ...creds(), code: 'code_plain', redirectUri: REDIRECT, codeVerifier: undefined });
    expect(new URLSearchParams(server().requests[0]?.body).has('code_verifier')).toBe(false);
  });

  it('accepts any verifier RFC 7636 allows, refuses the rest before sending, never showing it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: unreserved, minLength: 43, maxLength: 128 }), async (codeVerifier) => {
        server().issueCode('code_any', REDIRECT);
        await exchangeCode({ ...creds(), code: 'code_any', redirectUri: REDIRECT, codeVerifier });
        expect(new URLSearchParams(server().requests.at(-1)?.body).get('code_verifier')).toBe(codeVerifier);
      }),
      { numRuns: 30 },
    );
    server().requests.length = 0;
    for (const codeVerifier of [
      '',
      'v'.repeat(42),
      'v'.repeat(129),
      `${'v'.repeat(43)}=`,
      `${'v'.repeat(43)} `,
      43 as never,
    ]) {
      const error = await exchangeCode({ ...creds(), code: 'c', redirectUri: REDIRECT, codeVerifier }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ApiClientConfigurationError);
      expect((error as Error).message).toBe(
        'codeVerifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636)',
      );
    }
    expect(server().requests).toHaveLength(0);
  });

  it('an error body that echoes the verifier is redacted', async () => {
    server().script.push({
      match: (r) => r.path === '/oauth/connect/token',
      status: 400,
      body: JSON.stringify({
        error: 'invalid_grant',
        error_description: `code_verifier ${APPENDIX_B_VERIFIER} does not match`,
      }),
    });
    const error = (await exchangeCode({
      ...creds(),
      code: 'c',
      redirectUri: REDIRECT,
      codeVerifier: APPENDIX_B_VERIFIER,
    }).catch((e: unknown) => e)) as OAuthError;
    expect(error).toBeInstanceOf(OAuthError);
    expect(error.description).toBe('code_verifier [redacted] does not match');
    for (const shown of [
      error.message,
      String(error),
      JSON.stringify(error.body),
      inspect(error, { depth: 10, showHidden: true }),
    ]) {
      expect(shown).not.toContain(APPENDIX_B_VERIFIER);
    }
  });
});
