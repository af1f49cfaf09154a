/** `theme-kit check [--theme DIR] [--configDir DIR] [--strict] [--fix] [--format text|json|sarif|github]` */
import { useColor } from '@commerce-kit/internal/cli/color';
import type { Command } from '@commerce-kit/internal/cli/command';
import { EXIT } from '@commerce-kit/internal/cli/io';
import { formatReport } from '@commerce-kit/internal/cli/report';
import { readReportOptions, REPORT_HELP, REPORT_OPTIONS } from '@commerce-kit/internal/cli/report-options';
import { checkTheme, type CheckThemeResult } from '../check/check-theme.js';
import { fixTheme } from '../check/fix-theme.js';
import { THEME_KIT_TOOL } from './report-tool.js';
import { readThemeDirs, shown, THEME_DIR_HELP, THEME_DIR_OPTIONS } from './theme-options.js';

/** The `check` subcommand. */
export const checkCommand: Command = {
  name: 'check',
  summary: "check the config files and the theme's templates against each other",
  usage: '[--theme DIR] [--configDir DIR] [--strict] [--fix] [--format text|json|sarif|github]',
  help: [
    ...THEME_DIR_HELP,
    ...REPORT_HELP,
    '  --fix             apply the safe fixes (did-you-mean names, missing snippets, unconfigured',
    '                    regions) to the files, say what changed, then report what remains',
    '',
    'Checks what `validate` checks, plus: page.template names a file in templates/; every configured',
    'regionName has an editable_region tag and every tag a config entry; the menus used exist and the',
    'configured ones are used; every template, snippet and rawMarkup parses as Liquid (every syntax error',
    'of a file is reported); objects, filters and tags outside the template contract.',
    '',
    'Exit status: 0 no errors, 1 errors (warnings too with --strict), 2 usage error.',
  ].join('\n'),
  options: { ...THEME_DIR_OPTIONS, ...REPORT_OPTIONS, fix: { type: 'boolean', default: false } },
  async run({ values }, io) {
    const report = readReportOptions(values);
    const { theme, configDir } = readThemeDirs(values, io);
    const options = { theme, configDir, strict: report.strict };
    let result: CheckThemeResult;
    if (values['fix'] === true) {
      const fixed = await fixTheme(options);
      result = fixed.result;
      // The report stays machine-readable in the other formats: what changed goes to stderr there.
      const out = report.format === 'text' ? io.stdout : io.stderr;
      for (const change of fixed.applied)
        out.write(`fixed ${shown(io, change.file)}:${change.line} ${change.title} (${change.code})\n`);
      if (fixed.applied.length === 0) out.write('nothing to fix automatically\n');
    } else {
      result = await checkTheme(options);
    }
    // Spans and fixes are for editors and --fix; the reports keep their shape.
    const diagnostics = result.diagnostics.map(({ endLine: _endLine, endColumn: _endColumn, fixes: _fixes, ...d }) =>
      d.file === undefined ? d : { ...d, file: shown(io, d.file) },
    );
    io.stdout.write(
      formatReport(
        THEME_KIT_TOOL,
        report.format,
        { valid: result.valid, diagnostics },
        { files: result.files, color: useColor(io.stdout, io.env), cwd: io.cwd },
      ),
    );
    return result.valid ? EXIT.OK : EXIT.INVALID;
  },
};
