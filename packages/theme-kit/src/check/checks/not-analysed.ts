/** `not-analysed`: a Liquid source too large for the checks, or not text at all, is left out (one diagnostic, never minutes). */
import { defineCheck } from './check.js';

export const notAnalysed = defineCheck({
  code: 'not-analysed',
  severity: 'warning',
  description:
    'A Liquid file the checks leave out: larger than they analyse (2,000,000 characters), or not text (NUL bytes, bytes that are not UTF-8).',
  run(context) {
    for (const source of context.sources) {
      const reason = source.parsed.notAnalysed;
      if (reason === undefined) continue;
      context.report({
        severity: 'warning',
        code: 'not-analysed',
        message: `${source.relative ?? 'rawMarkup'} was not checked: ${reason}`,
        ...source.locate(1, 1),
      });
    }
  },
});
