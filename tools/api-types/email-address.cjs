// The one definition of an email address in commerce-kit: the `Mailbox` rule of RFC 5321, section 4.1.2
// (with `address-literal` from section 4.1.3), which is what JSON Schema's `format: email` names. The
// codegen's ajv uses it for `format: email` (tools/api-types/formats.cjs), so the precompiled validators
// of @commerce-kit/api-types and the sandbox, which uses them, accept and refuse the same strings.
// Why this definition: docs/spec-gaps.md (REST row 22).
//
//   Mailbox       = Local-part "@" ( Domain / address-literal )
//   Local-part    = Dot-string / Quoted-string
//   Dot-string    = Atom *("." Atom)              Atom = 1*atext (RFC 5322's atext)
//   Quoted-string = DQUOTE *( qtextSMTP / "\" %d32-126 ) DQUOTE
//   Domain        = sub-domain *("." sub-domain)  one label (`localhost`, `com`) is a Domain too
//   sub-domain    = Let-dig [Ldh-str]             letters, digits, inner hyphens
//   address-literal = "[" ( IPv4 / Ldh-str ":" 1*dcontent ) "]"   [192.0.2.1], [IPv6:2001:db8::1]
//
// Deliberately not checked: the lengths of RFC 5321 section 4.5.3.1 (its own advice is that software
// impose none where it can), and RFC 6531's non-ASCII addresses (JSON Schema's `idn-email`), which are
// refused. The regular expression has no nested ambiguity, so it runs in linear time on any input.
'use strict';

const ATEXT = "[A-Za-z0-9!#$%&'*+\\-/=?^_`{|}~]";
const DOT_STRING = `${ATEXT}+(?:\\.${ATEXT}+)*`;
// qtextSMTP is %d32-33 / %d35-91 / %d93-126: printable ASCII and space, except `"` and `\`.
const QUOTED_STRING = '"(?:[\\x20\\x21\\x23-\\x5B\\x5D-\\x7E]|\\\\[\\x20-\\x7E])*"';
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const DOMAIN = `${LABEL}(?:\\.${LABEL})*`;
// Snum is 1*3DIGIT "representing a decimal integer value in the range 0 through 255" (leading zeros allowed).
const SNUM = '(?:25[0-5]|2[0-4][0-9]|[01]?[0-9]?[0-9])';
const IPV4 = `${SNUM}(?:\\.${SNUM}){3}`;
// General-address-literal: a tag (Ldh-str, e.g. `IPv6`), `:`, then printable ASCII except `[`, `\`, `]`.
const GENERAL_LITERAL = '[A-Za-z0-9-]*[A-Za-z0-9]:[\\x21-\\x5A\\x5E-\\x7E]+';
const ADDRESS_LITERAL = `\\[(?:${IPV4}|${GENERAL_LITERAL})\\]`;

/** RFC 5321 `Mailbox`, anchored; ASCII only. */
const EMAIL_ADDRESS = new RegExp(`^(?:${DOT_STRING}|${QUOTED_STRING})@(?:${DOMAIN}|${ADDRESS_LITERAL})$`);

/**
 * Whether `value` is an email address: RFC 5321's `Mailbox`.
 * @param {string} value
 * @returns {boolean}
 */
function isEmailAddress(value) {
  return EMAIL_ADDRESS.test(value);
}

module.exports = { EMAIL_ADDRESS, isEmailAddress };
