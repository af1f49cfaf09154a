// The README's examples, Public API table and wording (see tools/testing/readme.mjs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeReadme } from '../../../tools/testing/readme.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describeReadme({
  root,
  entries: {
    '@commerce-kit/theme-kit': 'src/index.ts',
    '@commerce-kit/theme-kit/testing': 'src/testing/index.ts',
  },
  features: ['openTheme', 'ThemeRenderError', 'checkTheme', 'startDevServer', 'ThemeRenderer', 'createThemeData'],
});
