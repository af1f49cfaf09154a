/** `theme-kit check [--theme DIR] [--configDir DIR] [--strict] [--format text|json|sarif|github]` */
import { useColor } from '@commerce-kit/internal/cli/color';
import type { Command } from '@commerce-kit/internal/cli/command';
import { EXIT } from '@commerce-kit/internal/cli/io';
import { formatReport } from '@commerce-kit/internal/cli/report';
import { readReportOptions, REPORT_HELP, REPORT_OPTIONS } from '@commerce-kit/internal/cli/report-options';
import { checkTheme } from '../check/check-theme.js';
import { THEME_KIT_TOOL } from './report-tool.js';
import { readThemeDirs, shown, THEME_DIR_HELP, THEME_DIR_OPTIONS } from './theme-options.js';

/** The `check` subcommand. */
export const checkCommand: Command = {
  name: 'check',
  summary: "check the config files and the theme's templates against each other",
  usage: '[--theme DIR] [--configDir DIR] [--strict] [--format text|json|sarif|github]',
  help: [
    ...THEME_DIR_HELP,
    ...REPORT_HELP,
    '',
    'Checks what `validate` checks, plus: page.template names a file in templates/; every configured',
    'regionName has an editable_region tag and every tag a config entry; the menus used exist and the',
    'configured ones are used; every template, snippet and rawMarkup parses as Liquid; objects, filters',
    'and tags outside the template contract.',
    '',
    'Exit status: 0 no errors, 1 errors (warnings too with --strict), 2 usage error.',
  ].join('\n'),
  options: { ...THEME_DIR_OPTIONS, ...REPORT_OPTIONS },
  async run({ values }, io) {
    const report = readReportOptions(values);
    const { theme, configDir } = readThemeDirs(values, io);
    const result = await checkTheme({ theme, configDir, strict: report.strict });
    const diagnostics = result.diagnostics.map((d) => (d.file === undefined ? d : { ...d, file: shown(io, d.file) }));
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
