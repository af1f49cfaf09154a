/** `unknown-tag`: tags outside the template contract (the ones the renderer lacks are syntax errors, reported by `liquid-syntax`). */
import { CONTRACT_TAGS } from '../../render/contract.js';
import { at, didYouMeanFix } from '../fixes.js';
import { defineCheck } from './check.js';

export const unknownTag = defineCheck({
  code: 'unknown-tag',
  severity: 'warning',
  description: 'A tag the renderer does not have (error), or one outside the template contract (warning).',
  run(context) {
    for (const source of context.sources) {
      for (const tag of source.parsed.uses?.tags ?? []) {
        if (CONTRACT_TAGS.has(tag.name)) continue;
        const span = tag.span && source.editable ? source.locateSpan(tag.span) : undefined;
        // A LiquidJS tag the renderer has: replacing it changes what the page does, so never applied unasked.
        const { suggestion, fix } = didYouMeanFix(context, span, tag.name, CONTRACT_TAGS, false);
        context.report({
          severity: 'warning',
          code: 'unknown-tag',
          message: `the tag \`${tag.name}\` is a LiquidJS extension outside the theme kit's template contract${tag.name === 'include' ? ' (use `render`)' : ''}`,
          ...at({
            ...source.locate(tag.line, tag.column),
            ...(span ? { endLine: span.endLine, endColumn: span.endColumn } : {}),
          }),
          ...(suggestion ? { suggestion } : {}),
          ...(fix ? { fixes: [fix] } : {}),
        });
      }
    }
  },
});
