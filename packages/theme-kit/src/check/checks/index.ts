/** Every check `theme-kit check` and the language server run, in the order their codes are documented. */
import type { ThemeCheck } from './check.js';
import type { CheckCode } from './codes.js';
import { liquidSyntax } from './liquid-syntax.js';
import { missingSnippet } from './missing-snippet.js';
import { missingTemplate } from './missing-template.js';
import { notAnalysed } from './not-analysed.js';
import { unconfiguredRegion } from './unconfigured-region.js';
import { unknownFilter } from './unknown-filter.js';
import { unknownMenu } from './unknown-menu.js';
import { unknownObject } from './unknown-object.js';
import { unknownRegion } from './unknown-region.js';
import { unknownTag } from './unknown-tag.js';
import { unusedMenu } from './unused-menu.js';

export type { ThemeCheck } from './check.js';

/** The checks. */
export const ALL_CHECKS = [
  liquidSyntax,
  missingTemplate,
  missingSnippet,
  unknownRegion,
  unconfiguredRegion,
  unknownMenu,
  unusedMenu,
  unknownObject,
  unknownFilter,
  unknownTag,
  notAnalysed,
] as const satisfies readonly ThemeCheck<CheckCode>[];
