/** theme-kit as the tool of `check` reports: SARIF driver and rules, GitHub annotation titles, summary line. */
import type { ReportTool } from '@commerce-kit/internal/cli/diagnostic';
import { DIAGNOSTIC_CODES } from '@commerce-kit/theme-config';
import { THEME_DIAGNOSTIC_CODES } from '../diagnostics.js';
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
