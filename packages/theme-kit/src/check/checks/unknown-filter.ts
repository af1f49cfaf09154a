/** `unknown-filter`: filters outside the template contract (the ones the renderer lacks are syntax errors, reported by `liquid-syntax`). */
import { CONTRACT_FILTERS } from '../../render/contract.js';
import { at, didYouMeanFix } from '../fixes.js';
import { defineCheck } from './check.js';

export const unknownFilter = defineCheck({
  code: 'unknown-filter',
  severity: 'warning',
  description: 'A filter the renderer does not have (error), or one outside the template contract (warning).',
  run(context) {
    for (const source of context.sources) {
      for (const filter of source.parsed.uses?.filters ?? []) {
        if (CONTRACT_FILTERS.has(filter.name)) continue;
        const span = filter.span && source.editable ? source.locateSpan(filter.span) : undefined;
        // A LiquidJS filter the renderer has: replacing it changes what the page does, so never applied unasked.
        const { suggestion, fix } = didYouMeanFix(context, span, filter.name, CONTRACT_FILTERS, false);
        context.report({
          severity: 'warning',
          code: 'unknown-filter',
          message: `the filter \`${filter.name}\` is a LiquidJS extension outside the theme kit's template contract: the platform may not have it`,
          ...at({
            ...source.locate(filter.line, filter.column),
            ...(span ? { endLine: span.endLine, endColumn: span.endColumn } : {}),
          }),
          ...(suggestion ? { suggestion } : {}),
          ...(fix ? { fixes: [fix] } : {}),
        });
      }
    }
  },
});
