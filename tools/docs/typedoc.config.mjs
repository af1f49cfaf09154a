// TypeDoc for every published package's entry points, documented from their sources (TSDoc): one site,
// one module per import specifier. `npm run docs` writes it under docs-site/packages/; on its own:
// `npx typedoc --options tools/docs/typedoc.config.mjs`.
import path from 'node:path';
import { OptionDefaults } from 'typedoc';
import { entryPoints, REPO_ROOT } from './entry-points.mjs';
import { PACKAGES_DIR, SITE_DIR } from './site.mjs';

const entries = entryPoints();
const here = (file) => path.join(REPO_ROOT, 'tools', 'docs', file);

/** @type {Partial<import('typedoc').TypeDocOptions>} */
const config = {
  name: 'commerce-kit packages',
  entryPoints: entries.map((entry) => path.join(REPO_ROOT, entry.source)),
  entryPointStrategy: 'resolve',
  tsconfig: here('tsconfig.json'),
  // Imports between our packages resolve to their sources, so no package needs to be built first and a
  // type re-exported by another package links to the one page that documents it.
  compilerOptions: {
    paths: Object.fromEntries([
      ...entries.map((entry) => [entry.specifier, [path.join(REPO_ROOT, entry.source)]]),
      ['@commerce-kit/internal/*', [path.join(REPO_ROOT, 'packages', 'internal', '*')]],
    ]),
  },
  // The packages' own typecheck targets check the types; the documentation only reads them.
  skipErrorChecking: true,
  plugin: [here('typedoc-plugin.mjs')],
  out: path.join(SITE_DIR, PACKAGES_DIR),
  readme: 'none',
  // Tags our generators write: openapi-typescript's @description, the JSON Schema keywords of the theme
  // kit's interfaces (typescript-json-schema reads them) and @guessed, their mark for what the platform
  // document leaves open. Shown as written.
  blockTags: [
    ...OptionDefaults.blockTags,
    '@description',
    '@guessed',
    '@examples',
    '@format',
    '@maximum',
    '@minimum',
    '@multipleOf',
    '@pattern',
    '@requiredAnyOf',
    '@TJS-type',
  ],
  excludePrivate: true,
  excludeInternal: true,
  // Source links go to the repository on GitHub, the same from any checkout (no git remote read).
  disableGit: true,
  basePath: REPO_ROOT,
  sourceLinkTemplate: 'https://github.com/commerce-kit/commerce-kit/blob/main/{path}#L{line}',
  githubPages: false,
  validation: { notExported: true, invalidLink: true, invalidPath: true, rewrittenLink: true, notDocumented: false },
  treatWarningsAsErrors: true,
};

export default config;
