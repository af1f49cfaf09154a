// String formats of the theme kit schemas. ajv's standalone code require()s this module by name
// (Ajv option code.formats); esbuild then inlines it into the precompiled validators.
'use strict';
const { fullFormats } = require('ajv-formats/dist/formats');

/** "Must be convertible to a date": whatever Date.parse understands. */
function dateLike(value) {
  return value.trim() !== '' && !Number.isNaN(Date.parse(value));
}

// ajv-formats' `uri` and `uri-reference` are RFC 3986 regular expressions of about 1,500 characters each:
// V8 compiles such a pattern at its first use and again (to machine code) at its second, about 8 ms each,
// a quarter of the validators' cost at the start of a process. The common shapes (`https://host/path`,
// `/path`, `path`; no percent-escapes, no user info, no IP literal) are matched first by a short pattern
// that accepts a strict subset of what the full one accepts (each part is one of the full pattern's parts
// with fewer characters allowed), so the result is the same: the full pattern decides everything else.
const AUTHORITY_PATH = "[a-z][a-z0-9+\\-.]*:\\/\\/[a-z0-9\\-._~]+(?::\\d*)?(?:\\/[a-z0-9\\-._~!$&'()*+,;=:@]*)*";
const QUERY_FRAGMENT = "(?:\\?[a-z0-9\\-._~!$&'()*+,;=:@/?]*)?(?:#[a-z0-9\\-._~!$&'()*+,;=:@/?]*)?";
const COMMON_URI = new RegExp(`^${AUTHORITY_PATH}${QUERY_FRAGMENT}$`, 'i');
const COMMON_URI_REFERENCE = new RegExp(
  `^(?:${AUTHORITY_PATH}|\\/?[a-z0-9\\-._~!$&'()*+,;=:@]+(?:\\/[a-z0-9\\-._~!$&'()*+,;=:@]*)*)?${QUERY_FRAGMENT}$`,
  'i',
);
const fullUri = fullFormats.uri;
const fullUriReference = fullFormats['uri-reference'];

/** ajv-formats' `uri` (RFC 3986 URI), the common shapes first. */
function uri(value) {
  return COMMON_URI.test(value) || fullUri(value);
}

/** ajv-formats' `uri-reference` (RFC 3986 URI or relative reference), the common shapes first. */
function uriReference(value) {
  return COMMON_URI_REFERENCE.test(value) || fullUriReference.test(value);
}

module.exports = {
  uri,
  'uri-reference': uriReference,
  'date-like': dateLike,
};
