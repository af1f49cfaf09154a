// String formats of the theme kit schemas. ajv's standalone code require()s this module by name
// (Ajv option code.formats); esbuild then inlines it into the precompiled validators.
'use strict';
const { fullFormats } = require('ajv-formats/dist/formats');

/** "Must be convertible to a date": whatever Date.parse understands. */
function dateLike(value) {
  return value.trim() !== '' && !Number.isNaN(Date.parse(value));
}

module.exports = {
  uri: fullFormats.uri,
  'uri-reference': fullFormats['uri-reference'],
  'date-like': dateLike,
};
