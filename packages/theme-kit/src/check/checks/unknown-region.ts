/** `unknown-region`: each configured `regionName` is rendered by an `editable_region` tag. */
import { didYouMeanFix } from '../fixes.js';
import { defineCheck } from './check.js';
import { regionTags } from './regions.js';

export const unknownRegion = defineCheck({
  code: 'unknown-region',
  severity: 'error',
  description: 'A configured `regionName` that no `editable_region` tag of the templates and snippets renders.',
  run(context) {
    if (context.dynamicRegions || context.incomplete) return;
    const tagNames = new Set(regionTags(context).map((t) => t.name));
    for (const region of context.values.regionNames) {
      if (tagNames.has(region.value)) continue;
      const span = {
        file: region.file,
        line: region.line,
        column: region.column + 1,
        endLine: region.line,
        endColumn: region.column + 1 + region.value.length,
        pointer: region.pointer,
      };
      // Which side is misspelt is a guess: `check --fix` renames the tag (`unconfigured-region`), not this.
      const { suggestion, fix } = didYouMeanFix(context, span, region.value, tagNames, false);
      context.report({
        severity: 'error',
        code: 'unknown-region',
        message: `the region \`${region.value}\` is configured, but no template or snippet has {% editable_region '${region.value}' %}, so its content is never shown`,
        file: region.file,
        line: region.line,
        column: region.column,
        pointer: region.pointer,
        ...(suggestion ? { suggestion } : {}),
        ...(fix ? { fixes: [fix] } : {}),
      });
    }
  },
});
