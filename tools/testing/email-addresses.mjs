// fast-check arbitraries for the email format of specs/openapi.yaml (RFC 5321's Mailbox, defined once in
// tools/api-types/email-address.cjs). Built from the RFC's grammar, not from our regular expression, so
// the tests that use them check the definition against the RFC and every validator against both.
import fc from 'fast-check';

const chars = (codes) => codes.map((code) => String.fromCharCode(code));
const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const ALPHA_DIGIT = chars([...range(0x41, 0x5a), ...range(0x61, 0x7a), ...range(0x30, 0x39)]);
/** RFC 5322 atext. */
const ATEXT = [...ALPHA_DIGIT, ..."!#$%&'*+-/=?^_`{|}~"];

const letDig = fc.constantFrom(...ALPHA_DIGIT);
const ldh = fc.constantFrom(...ALPHA_DIGIT, '-');
const atom = fc.string({ unit: fc.constantFrom(...ATEXT), minLength: 1, maxLength: 12 });
/** Dot-string = Atom *("." Atom). */
const dotString = fc.array(atom, { minLength: 1, maxLength: 4 }).map((atoms) => atoms.join('.'));
/** qtextSMTP (%d32-33 / %d35-91 / %d93-126) and quoted-pairSMTP (`\` then %d32-126). */
const qtext = fc.constantFrom(...chars([32, 33, ...range(35, 91), ...range(93, 126)]));
const quotedPair = fc.constantFrom(...chars(range(32, 126))).map((c) => `\\${c}`);
const quotedString = fc.array(fc.oneof(qtext, quotedPair), { maxLength: 12 }).map((parts) => `"${parts.join('')}"`);
/** Ldh-str = *( ALPHA / DIGIT / "-" ) Let-dig. */
const ldhStr = fc.tuple(fc.string({ unit: ldh, maxLength: 10 }), letDig).map(([body, last]) => body + last);
/** sub-domain = Let-dig [Ldh-str]. */
const label = fc.tuple(letDig, fc.option(ldhStr, { nil: '' })).map(([first, rest]) => first + rest);
/** Domain = sub-domain *("." sub-domain): one label (`localhost`, `com`) is a Domain. */
export const domain = fc.array(label, { minLength: 1, maxLength: 4 }).map((labels) => labels.join('.'));
/** Snum = 1*3DIGIT, 0 to 255 (leading zeros allowed). */
const snum = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 3 }))
  .map(([n, width]) => String(n).padStart(width, '0'));
const ipv4Literal = fc.array(snum, { minLength: 4, maxLength: 4 }).map((parts) => `[${parts.join('.')}]`);
/** dcontent = %d33-90 / %d94-126. */
const dcontent = fc.constantFrom(...chars([...range(33, 90), ...range(94, 126)]));
const generalLiteral = fc
  .tuple(ldhStr, fc.string({ unit: dcontent, minLength: 1, maxLength: 16 }))
  .map(([tag, content]) => `[${tag}:${content}]`);
const ipv6Literal = fc.ipV6().map((ip) => `[IPv6:${ip}]`);

/** RFC 5321 `Mailbox`: every one is an email address. */
export const validEmailAddress = fc.oneof(
  fc
    .tuple(
      fc.oneof({ arbitrary: dotString, weight: 3 }, { arbitrary: quotedString, weight: 1 }),
      fc.oneof(
        { arbitrary: domain, weight: 4 },
        { arbitrary: ipv4Literal, weight: 1 },
        { arbitrary: ipv6Literal, weight: 1 },
        { arbitrary: generalLiteral, weight: 1 },
      ),
    )
    .map(([local, where]) => `${local}@${where}`),
  fc.emailAddress(),
  fc.constantFrom('a@localhost', '0@com'),
);

/** A dot-string address (no quotes, no literal): where any character we insert is outside quotes. */
const plainAddress = fc.tuple(dotString, domain);

/** Insert `what` at a position of `text` (0 to its length). */
const insertInto = (text, what) =>
  fc.integer({ min: 0, max: text.length }).map((at) => text.slice(0, at) + what + text.slice(at));

/** Strings that are clearly not an email address: every one must be refused. */
export const invalidEmailAddress = fc.oneof(
  // no @ at all
  fc.string({ maxLength: 30 }).filter((s) => !s.includes('@')),
  plainAddress.map(([local, host]) => local + host),
  // an empty local part, an empty domain, nothing but @
  domain.map((host) => `@${host}`),
  dotString.map((local) => `${local}@`),
  fc.constant('@'),
  // a space, tab, line break or other control character outside quotes
  plainAddress.chain(([local, host]) =>
    fc.constantFrom(' ', '\t', '\n', '\r\n', '\u0000', '\u007f').chain((c) => insertInto(`${local}@${host}`, c)),
  ),
  // dots: leading, trailing, doubled (local part or domain), a trailing dot after the domain
  plainAddress.map(([local, host]) => `.${local}@${host}`),
  plainAddress.map(([local, host]) => `${local}.@${host}`),
  plainAddress.chain(([local, host]) => insertInto(local, '..').map((l) => `${l}@${host}`)),
  plainAddress.map(([local, host]) => `${local}@${host}.`),
  plainAddress.map(([local, host]) => `${local}@.${host}`),
  plainAddress.map(([local, host]) => `${local}@${host}..com`),
  // a domain label starting or ending with a hyphen, or a character a host name cannot hold
  plainAddress.map(([local, host]) => `${local}@-${host}`),
  plainAddress.map(([local, host]) => `${local}@${host}-`),
  plainAddress.chain(([local, host]) =>
    fc.constantFrom('_', '=', '!', '"', '(', ',', ';', '<', '>').map((c) => `${local}@${host}${c}x`),
  ),
  // two @ outside quotes
  fc.tuple(plainAddress, domain).map(([[local, host], other]) => `${local}@${host}@${other}`),
  // an unterminated quoted string, a bare quote or backslash in a dot-string
  plainAddress.map(([local, host]) => `"${local}@${host}`),
  plainAddress.map(([local, host]) => `${local}"@${host}`),
  plainAddress.map(([local, host]) => `${local}\\@${host}`),
  // a broken address literal: unclosed, empty, an IPv4 number above 255, an empty tag or content, a space
  plainAddress.map(([local, host]) => `${local}@[${host}`),
  fc
    .tuple(
      dotString,
      fc.constantFrom('[]', '[::1]', '[:x]', '[IPv6:]', '[a b:c]', '[x:y[z]', '[192.0.2.1', '192.0.2.1]'),
    )
    .map(([local, literal]) => `${local}@${literal}`),
  fc.tuple(dotString, fc.integer({ min: 256, max: 999 })).map(([local, n]) => `${local}@[192.0.2.${n}]`),
  // characters outside ASCII (RFC 6531 addresses are not accepted)
  plainAddress.chain(([local, host]) =>
    fc.constantFrom('ü', 'é', '漢', '\u00a0', '\u2028').chain((c) =>
      fc.oneof(
        insertInto(local, c).map((l) => `${l}@${host}`),
        insertInto(host, c).map((h) => `${local}@${h}`),
      ),
    ),
  ),
);
