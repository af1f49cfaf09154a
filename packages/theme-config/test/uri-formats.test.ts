// The `uri` and `uri-reference` formats of the precompiled validators try a short pattern for the common
// shapes before ajv-formats' full RFC 3986 patterns (tools/theme-config/formats.cjs): the answer must be
// the full pattern's, for every string.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { validateStore } from '../src/generated/validators.js';

const require = createRequire(import.meta.url);
type Format = (value: string) => boolean;
const formats = require('../../../tools/theme-config/formats.cjs') as Record<'uri' | 'uri-reference', Format>;
const { fullFormats } = require('ajv-formats/dist/formats') as {
  fullFormats: { uri: Format; 'uri-reference': RegExp };
};
const full: Record<'uri' | 'uri-reference', Format> = {
  uri: (value) => fullFormats.uri(value),
  'uri-reference': (value) => fullFormats['uri-reference'].test(value),
};

const CASES = [
  'https://example.com',
  'https://example.com/a/b?c=1&d=%20#top',
  'HTTPS://EXAMPLE.COM:8080/X',
  'http://user@host/path',
  'http://[::1]/x',
  'http://a b/',
  'mailto:someone@example.com',
  'urn:isbn:0451450523',
  'assets/logo.png',
  '/images/logo.png',
  '//cdn.example.com/x.js',
  '../up/one',
  './here',
  'a:b',
  '',
  ' ',
  '/',
  '?q',
  '#frag',
  'http://x/%zz',
  'http://x/"quoted"',
  'path with space',
  'https://例え.jp/',
  'ftp://ftp.example.com/file.txt',
  ':no-scheme',
  '1http://x',
];

/** A deterministic stream of strings made of URI-ish characters (mulberry32). */
function* randomStrings(count: number): Generator<string> {
  let seed = 34;
  const next = (): number => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const alphabet = 'aZ09:/?#[]@!$&\'()*+,;=-._~%" Bf'.split('');
  const prefixes = ['https://', 'http://a.b/', '/', 'a/', 'x:', '//', ''];
  for (let i = 0; i < count; i += 1) {
    let s = prefixes[Math.floor(next() * prefixes.length)] ?? '';
    const length = Math.floor(next() * 12);
    for (let j = 0; j < length; j += 1) s += alphabet[Math.floor(next() * alphabet.length)] ?? '';
    yield s;
  }
}

describe('uri formats of the precompiled validators', () => {
  it.each(['uri', 'uri-reference'] as const)('%s answers as ajv-formats does', (name) => {
    for (const value of [...CASES, ...randomStrings(20_000)])
      expect(formats[name](value), value).toBe(full[name](value));
  });

  it('the generated validators use them', () => {
    const store = (instagramUrl: string) => ({
      cardsEnabled: true,
      icon: 'assets/icon.png',
      language: 'en-US',
      sharingEnabled: true,
      showCookieBanner: false,
      showCurrency: true,
      storeDescription: '',
      storeName: 'x',
      useLogo: false,
      viewAsOwner: false,
      instagramUrl,
    });
    expect(validateStore(store('https://www.instagram.com/x'))).toBe(true);
    expect(validateStore(store('not a uri'))).toBe(false);
    expect(validateStore.errors?.[0]?.params).toEqual({ format: 'uri' });
  });
});
