// String formats of specs/openapi.yaml. ajv's standalone code require()s this module by name (Ajv option
// code.formats); esbuild then inlines it into the precompiled validators, which need no ajv and no eval.
// ajv-formats' "full" formats, except `email`: RFC 5321's Mailbox, as JSON Schema defines the format
// (ajv-formats refuses `a@localhost` and `0@com`, which RFC 5321 allows).
'use strict';
const { fullFormats } = require('ajv-formats/dist/formats');
const { isEmailAddress } = require('./email-address.cjs');

module.exports = { ...fullFormats, email: isEmailAddress };
