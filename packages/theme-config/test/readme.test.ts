// The README's examples, Public API table and wording (see tools/testing/readme.mjs).
import { describeReadme } from '../../../tools/testing/readme.mjs';
import { PACKAGE_ROOT } from './helpers.js';

describeReadme({
  root: PACKAGE_ROOT,
  entries: {
    '@commerce-kit/theme-config': 'src/index.ts',
    '@commerce-kit/theme-config/mock': 'src/mock/index.ts',
    '@commerce-kit/theme-config/testing': 'src/testing/index.ts',
    '@commerce-kit/theme-config/cli': 'src/cli/index.ts',
  },
  features: [
    'validateConfigDir',
    'validateConfigText',
    'validateConfig',
    'loadConfigDir',
    'normalizeConfig',
    '{ strict: true }).valid',
    'satisfies Block',
    '@commerce-kit/theme-config/schemas/blog.stk.config.schema.json',
    'EStoreLanguage',
  ],
});
