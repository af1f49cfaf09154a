/** `missing-snippet`: `render` tags name existing snippets. */
import { BUILTIN_PREFIX } from '../../render/theme-fs.js';
import { liquidPath } from '../../theme/files.js';
import { at, createSnippetFix, didYouMeanFix } from '../fixes.js';
import { defineCheck } from './check.js';

export const missingSnippet = defineCheck({
  code: 'missing-snippet',
  severity: 'error',
  description: 'A `render` tag names no file in `snippets/`.',
  run(context) {
    for (const source of context.sources) {
      for (const snippet of source.parsed.uses?.snippets ?? []) {
        if (
          context.snapshot.files.has(liquidPath('snippets', snippet.name)) ||
          context.renderer.source(`${BUILTIN_PREFIX}snippets/${snippet.name}.liquid`) !== undefined
        )
          continue;
        const span = snippet.span && source.editable ? source.locateSpan(snippet.span) : undefined;
        const { suggestion, fix } = didYouMeanFix(context, span, snippet.name, context.snippets);
        const fixes = [
          ...(fix ? [fix] : []),
          ...(/^[\w-]+$/.test(snippet.name) ? [createSnippetFix(context, snippet.name, fix === undefined)] : []),
        ];
        context.report({
          severity: 'error',
          code: 'missing-snippet',
          message: `no snippet \`${snippet.name}\`: snippets/${snippet.name}.liquid does not exist`,
          ...at({
            ...source.locate(snippet.line, snippet.column),
            ...(span ? { endLine: span.endLine, endColumn: span.endColumn } : {}),
          }),
          ...(suggestion ? { suggestion } : {}),
          ...(fixes.length > 0 ? { fixes } : {}),
        });
      }
    }
  },
});
