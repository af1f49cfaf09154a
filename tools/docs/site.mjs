// Where `npm run docs` puts things: one static site, never committed (docs-site/ is in .gitignore).
import path from 'node:path';
import { REPO_ROOT } from './entry-points.mjs';

/** The site's directory. */
export const SITE_DIR = path.join(REPO_ROOT, 'docs-site');
/** The REST API reference (Redoc), relative to the site's root. */
export const API_PAGE = 'api/index.html';
/** The packages' API (TypeDoc), relative to the site's root. */
export const PACKAGES_DIR = 'packages';
