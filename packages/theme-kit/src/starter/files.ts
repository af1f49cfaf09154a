/**
 * The starter theme `theme-kit init` writes: a layout, the six page templates, snippets, a stylesheet and
 * images, and the seven config files. It renders at once and `theme-kit check` finds nothing in it.
 */
/// <reference path="../liquid-files.d.ts" />
import layout from './layout/theme.liquid';
import cookieBanner from './snippets/cookie-banner.liquid';
import footer from './snippets/footer.liquid';
import header from './snippets/header.liquid';
import paginator from './snippets/paginator.liquid';
import productCard from './snippets/product-card.liquid';
import notFound from './templates/404.liquid';
import article from './templates/article.liquid';
import blog from './templates/blog.liquid';
import category from './templates/category.liquid';
import index from './templates/index.liquid';
import product from './templates/product.liquid';
import { chimeWav, FAVICON_SVG, HERO_SVG, LOGO_SVG, THEME_CSS } from './assets.js';
import { STARTER_CONFIG } from './config.js';

/** Theme-relative path -> contents (text, or bytes for binary assets). */
export function starterTheme(): Map<string, string | Uint8Array> {
  return new Map<string, string | Uint8Array>([
    ...[...STARTER_CONFIG].map(([name, value]) => [name, `${JSON.stringify(value, null, 2)}\n`] as const),
    ['layout/theme.liquid', layout],
    ['templates/index.liquid', index],
    ['templates/blog.liquid', blog],
    ['templates/article.liquid', article],
    ['templates/category.liquid', category],
    ['templates/product.liquid', product],
    ['templates/404.liquid', notFound],
    ['snippets/header.liquid', header],
    ['snippets/footer.liquid', footer],
    ['snippets/cookie-banner.liquid', cookieBanner],
    ['snippets/product-card.liquid', productCard],
    ['snippets/paginator.liquid', paginator],
    ['assets/theme.css', THEME_CSS],
    ['assets/logo.svg', LOGO_SVG],
    ['assets/favicon.svg', FAVICON_SVG],
    ['assets/hero.svg', HERO_SVG],
    ['assets/chime.wav', chimeWav()],
  ]);
}
