/** `unknown-object`: variables that are none of the objects templates see and that nothing assigns. */
import { BUILTIN_PREFIX } from '../../render/theme-fs.js';
import { LIQUID_EXTENSION } from '../../theme/files.js';
import type { Location } from '../context.js';
import { placeVariable } from '../place.js';
import { at, didYouMeanFix, verifiedSpan } from '../fixes.js';
import { defineCheck } from './check.js';

export const unknownObject = defineCheck({
  code: 'unknown-object',
  severity: 'warning',
  description: 'A variable that is none of the objects templates see, nor assigned by the template.',
  run(context) {
    // A snippet rendered by several templates is analysed with each: each place is reported once.
    const seen = new Set<string>();
    for (const { source, known, globals } of context.objectAnalyses()) {
      for (const [name, variables] of globals ?? []) {
        if (known.has(name)) continue;
        for (const variable of variables) {
          const file = variable.location.file;
          // The built-in block templates and snippets are the package's, not the theme's to fix.
          if (file?.startsWith(BUILTIN_PREFIX)) continue;
          // A snippet parameter one `render` passes and another does not is optional, not unknown.
          const snippet = file?.startsWith('snippets/')
            ? file.slice('snippets/'.length, -LIQUID_EXTENSION.length)
            : undefined;
          if (snippet !== undefined && context.snippetScopes.get(snippet)?.has(name)) continue;
          const where = placeVariable(context, source, variable);
          const key = `${where.file}\0${where.line}\0${where.column}\0${where.pointer}\0${name}`;
          if (seen.has(key)) continue;
          seen.add(key);
          const span: Location | undefined =
            where.pointer === ''
              ? verifiedSpan(context, { ...where, endLine: where.line, endColumn: where.column + name.length }, name)
              : undefined;
          const { suggestion, fix } = didYouMeanFix(context, span, name, known);
          context.report({
            severity: 'warning',
            code: 'unknown-object',
            message: `\`${name}\` is none of the objects templates see, and nothing assigns it`,
            ...at(span ?? where),
            ...(suggestion ? { suggestion } : {}),
            ...(fix ? { fixes: [fix] } : {}),
          });
        }
      }
    }
  },
});
