/** theme-config as the tool of its reports: SARIF driver and rules, GitHub annotation titles, summary line. */
import type { ReportTool } from '@commerce-kit/internal/cli/diagnostic';
import { DIAGNOSTIC_CODES } from '../diagnostics.js';
import { VERSION } from './version.js';

const INFORMATION_URI = 'https://github.com/commerce-kit/commerce-kit/tree/main/packages/theme-config';

/**
 * The tool of `validate` and `mock` reports, whichever program runs them: the rules are this package's
 * diagnostic codes, so code scanning sees the same tool and rule ids from `theme-config` and `theme-kit`.
 */
export const THEME_CONFIG_TOOL: ReportTool = {
  name: 'theme-config',
  version: VERSION,
  informationUri: INFORMATION_URI,
  helpUri: `${INFORMATION_URI}#diagnostics`,
  helpText:
    'See the diagnostics table of the @commerce-kit/theme-config README for when it is reported and how to fix it.',
  fileNoun: 'config file',
  codes: DIAGNOSTIC_CODES,
};
