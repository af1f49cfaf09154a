/** `unconfigured-region`: each `editable_region` tag has an entry in `editable-regions.stk.config.json`. */
import { addRegionFix, at, didYouMeanFix } from '../fixes.js';
import { defineCheck } from './check.js';
import { regionTags } from './regions.js';

export const unconfiguredRegion = defineCheck({
  code: 'unconfigured-region',
  severity: 'warning',
  description: 'An `editable_region` tag whose name has no entry in `editable-regions.stk.config.json`.',
  run(context) {
    const configured = new Set(context.values.regionNames.map((r) => r.value));
    const added = new Set<string>();
    for (const tag of regionTags(context)) {
      if (configured.has(tag.name)) continue;
      const { suggestion, fix } = didYouMeanFix(context, tag.span, tag.name, configured);
      // The region is added once, by its first tag, when no configured name is close.
      const add = added.has(tag.name) ? undefined : addRegionFix(context, tag.name, fix === undefined);
      added.add(tag.name);
      const fixes = [...(fix ? [fix] : []), ...(add ? [add] : [])];
      context.report({
        severity: 'warning',
        code: 'unconfigured-region',
        message: `the editable region \`${tag.name}\` has no entry in editable-regions.stk.config.json, so it renders empty`,
        ...at({ ...tag.where, ...(tag.span ? { endLine: tag.span.endLine, endColumn: tag.span.endColumn } : {}) }),
        ...(suggestion ? { suggestion } : {}),
        ...(fixes.length > 0 ? { fixes } : {}),
      });
    }
  },
});
