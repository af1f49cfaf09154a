// Every ```ts example of the README type-checks against the package's sources.
import { describe, expect, it } from 'vitest';
import { readReadme, tsCodeBlocks, typecheckSnippets } from '../../../tools/testing/typecheck-snippets.mjs';
import { PACKAGE_ROOT } from './helpers.js';

const blocks = tsCodeBlocks(readReadme(PACKAGE_ROOT));

describe('README examples', () => {
  it('exist for every feature', () => {
    const all = blocks.join('\n');
    for (const name of ['validateConfigDir', 'validateConfigText', 'validateConfig', 'loadConfigDir', 'normalizeConfig', 'VALIDATORS', 'IBlockEntry', 'EStoreLanguage']) {
      expect(all, name).toContain(name);
    }
  });

  it('type-check', () => {
    const diagnostics = typecheckSnippets({
      root: PACKAGE_ROOT,
      snippets: blocks,
      paths: {
        '@commerce-kit/theme-config': ['src/index.ts'],
        '@commerce-kit/theme-config/testing': ['src/testing-entry.ts'],
        '@commerce-kit/theme-config/mock': ['src/mock-entry.ts'],
      },
    });
    expect(diagnostics).toEqual([]);
  }, 60_000);
});
