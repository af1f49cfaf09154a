/** theme-kit as the tool of `check` reports: SARIF driver and rules, GitHub annotation titles, summary line. */
import { useColor } from '@commerce-kit/internal/cli/color';
import type { ReportTool } from '@commerce-kit/internal/cli/diagnostic';
import type { CliIO } from '@commerce-kit/internal/cli/io';
import { formatReport } from '@commerce-kit/internal/cli/report';
import { DIAGNOSTIC_CODES } from '@commerce-kit/theme-config';
import { THEME_DIAGNOSTIC_CODES } from '../diagnostic-codes.js';
import type { ThemeDiagnostic } from '../diagnostics.js';
import { shown } from './theme-options.js';
import { VERSION } from './version.js';

const INFORMATION_URI = 'https://github.com/commerce-kit/commerce-kit/tree/main/packages/theme-kit';

/** `theme-kit check`'s tool: the config files' codes and the theme kit's own. */
export const THEME_KIT_TOOL: ReportTool = {
  name: 'theme-kit',
  version: VERSION,
  informationUri: INFORMATION_URI,
  helpUri: `${INFORMATION_URI}#checks`,
  helpText: 'See the checks table of the @commerce-kit/theme-kit README for when it is reported and how to fix it.',
  fileNoun: 'file',
  codes: { ...DIAGNOSTIC_CODES, ...THEME_DIAGNOSTIC_CODES },
};

/**
 * Writes a theme's errors to stderr as a text report (paths as the user gave them), for a command that
 * cannot go on (`render`, `console`); `files` is how many Liquid files the theme has.
 */
export function reportErrors(io: CliIO, problems: readonly ThemeDiagnostic[], files: number): void {
  const diagnostics = problems.map((d) => (d.file === undefined ? d : { ...d, file: shown(io, d.file) }));
  io.stderr.write(
    formatReport(
      THEME_KIT_TOOL,
      'text',
      { valid: false, diagnostics },
      { files, color: useColor(io.stderr, io.env), cwd: io.cwd },
    ),
  );
}
