/** `liquid-syntax`: every syntax error of every template, layout, snippet, block template and `rawMarkup`. */
import { CONTRACT_FILTERS, CONTRACT_TAGS } from '../../render/contract.js';
import type { CheckContext, LiquidSource, Location } from '../context.js';
import { didYouMeanFix } from '../fixes.js';
import { defineCheck } from './check.js';

/** The span of a name LiquidJS blamed (an unknown filter at its name, an unknown tag after `{%`). */
function nameSpan(
  context: CheckContext,
  source: LiquidSource,
  line: number,
  column: number,
  name: string,
): Location | undefined {
  const text = source.parsed.text;
  const from = context.positions.offset(text, line, column);
  const found = text.indexOf(name, from);
  if (found < 0 || found - from > 20) return undefined;
  return source.locateSpan(context.positions.span(text, found, found + name.length));
}

export const liquidSyntax = defineCheck({
  code: 'liquid-syntax',
  severity: 'error',
  description: 'A template, layout, snippet, block template or rawMarkup that does not parse as Liquid.',
  run(context) {
    for (const source of context.sources) {
      for (const error of source.parsed.errors) {
        const where =
          error.line === undefined || error.column === undefined
            ? source.locate(1, 1)
            : source.locate(error.line, error.column);
        const message = source.relative === undefined ? `rawMarkup: ${error.message}` : error.message;
        const { fixes: _fixes, endLine: _endLine, endColumn: _endColumn, ...rest } = error;
        const diagnostic = {
          ...rest,
          message,
          file: where.file,
          line: where.line,
          column: where.column,
          pointer: where.pointer,
        };
        const name =
          error.code === 'unknown-filter'
            ? /^unknown filter `(.+)`$/.exec(error.message)?.[1]
            : error.code === 'unknown-tag'
              ? /^unknown tag `(.+)`$/.exec(error.message)?.[1]
              : undefined;
        if (name === undefined || !source.editable || error.line === undefined || error.column === undefined) {
          const span =
            error.endLine !== undefined && error.endColumn !== undefined && source.editable
              ? { endLine: error.endLine, endColumn: error.endColumn }
              : {};
          context.report({ ...diagnostic, ...span });
          continue;
        }
        const span = nameSpan(context, source, error.line, error.column, name);
        const { fix } = didYouMeanFix(
          context,
          span,
          name,
          error.code === 'unknown-filter' ? CONTRACT_FILTERS : CONTRACT_TAGS,
        );
        context.report({
          ...diagnostic,
          ...(span?.endLine !== undefined && span.endColumn !== undefined && span.line === where.line
            ? { endLine: span.endLine, endColumn: span.endColumn }
            : {}),
          ...(fix ? { fixes: [fix] } : {}),
        });
      }
    }
  },
});
