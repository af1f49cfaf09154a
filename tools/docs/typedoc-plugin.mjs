// A TypeDoc plugin (loaded by tools/docs/typedoc.config.mjs): each module is named by what a user
// imports (`@commerce-kit/api-client/oauth`) instead of its source path (`api-client/src/oauth`), and
// every page's sidebar links back to the rest of the site (the index and the REST API reference).
import path from 'node:path';
import { Converter, JSX, ReflectionKind } from 'typedoc';
import { entryPoints, REPO_ROOT } from './entry-points.mjs';
import { API_PAGE, PACKAGES_DIR } from './site.mjs';

/** A path of the site as seen from the TypeDoc output's root (`packages/`). */
const fromPackages = (sitePath) => `${'../'.repeat(PACKAGES_DIR.split('/').length)}${sitePath}`;

/** @param {import('typedoc').Application} app */
export function load(app) {
  const bySource = new Map(entryPoints().map((entry) => [path.join(REPO_ROOT, entry.source), entry.specifier]));
  app.converter.on(
    Converter.EVENT_RESOLVE_BEGIN,
    (context) => {
      for (const module of context.project.getReflectionsByKind(ReflectionKind.Module)) {
        const file = module.isDeclaration() ? module.sources?.[0]?.fullFileName : undefined;
        const specifier = file === undefined ? undefined : bySource.get(path.resolve(file));
        if (specifier === undefined) {
          app.logger.warn(`no import specifier for the module ${module.name} (${file ?? 'no source file'})`);
          continue;
        }
        module.name = specifier;
      }
    },
    // Before TypeDoc's own resolve-time plugins read the names.
    100,
  );
  app.renderer.hooks.on('sidebar.begin', (context) =>
    JSX.createElement(
      'nav',
      { class: 'tsd-navigation', 'aria-label': 'commerce-kit references' },
      JSX.createElement('a', { href: context.relativeURL(fromPackages('index.html')) }, 'All references'),
      JSX.createElement('a', { href: context.relativeURL(fromPackages(API_PAGE)) }, 'REST API reference'),
    ),
  );
}
