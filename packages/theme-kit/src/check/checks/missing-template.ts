/** `missing-template`: `page.template` names a file in `templates/`. */
import { DEFAULT_TEMPLATE, liquidPath } from '../../theme/files.js';
import { didYouMeanFix } from '../fixes.js';
import { defineCheck } from './check.js';

export const missingTemplate = defineCheck({
  code: 'missing-template',
  severity: 'error',
  description: '`page.template` (or a route) names no file in `templates/`.',
  run(context) {
    const configured = context.values.template;
    const template = configured?.value || DEFAULT_TEMPLATE;
    if (context.snapshot.files.has(liquidPath('templates', template))) return;
    if (!configured) {
      context.report({
        severity: 'error',
        code: 'missing-template',
        message: `the page renders templates/${DEFAULT_TEMPLATE}.liquid (page.stk.config.json sets no template), which does not exist`,
        file: context.inTheme('templates'),
        line: 1,
        column: 1,
        pointer: '',
        ...didYouMeanFix(context, undefined, template, context.templateNames),
      });
      return;
    }
    // The value inside its quotes (the position is the string's opening quote).
    const span = {
      file: configured.file,
      line: configured.line,
      column: configured.column + 1,
      endLine: configured.line,
      endColumn: configured.column + 1 + template.length,
      pointer: '/template',
    };
    const { suggestion, fix } = didYouMeanFix(context, span, template, context.templateNames);
    context.report({
      severity: 'error',
      code: 'missing-template',
      message: `page.template is \`${template}\`, but templates/${template}.liquid does not exist`,
      file: configured.file,
      line: configured.line,
      column: configured.column,
      pointer: '/template',
      ...(suggestion ? { suggestion } : {}),
      ...(fix ? { fixes: [fix] } : {}),
    });
  },
});
