/**
 * The built-in block templates: one Liquid file per block type (`src/blocks/<type>.liquid`, shipped as
 * `dist/blocks/`), embedded at build time so rendering reads no disk. A theme replaces one with its own
 * `blocks/<type>.liquid`. `stk-block` is the snippet they share for the common settings.
 */
/// <reference path="../liquid-files.d.ts" />
import type { EBlockType } from '@commerce-kit/theme-config';
import audio from '../blocks/audio.liquid';
import blog from '../blocks/blog.liquid';
import button from '../blocks/button.liquid';
import categoryList from '../blocks/category-list.liquid';
import divider from '../blocks/divider.liquid';
import featuredCategory from '../blocks/featured-category.liquid';
import featuredProduct from '../blocks/featured-product.liquid';
import grid from '../blocks/grid.liquid';
import html from '../blocks/html.liquid';
import image from '../blocks/image.liquid';
import imageWithText from '../blocks/image-with-text.liquid';
import imageWithTextOverlay from '../blocks/image-with-text-overlay.liquid';
import map from '../blocks/map.liquid';
import quote from '../blocks/quote.liquid';
import socialFeed from '../blocks/social-feed.liquid';
import socialLinks from '../blocks/social-links.liquid';
import text from '../blocks/text.liquid';
import video from '../blocks/video.liquid';
import stkBlock from '../blocks/snippets/stk-block.liquid';
import { BUILTIN_PREFIX } from './theme-fs.js';

const BY_TYPE: Readonly<Record<EBlockType, string>> = {
  audio,
  blog,
  button,
  'category-list': categoryList,
  divider,
  'featured-category': featuredCategory,
  'featured-product': featuredProduct,
  grid,
  html,
  image,
  'image-with-text': imageWithText,
  'image-with-text-overlay': imageWithTextOverlay,
  map,
  quote,
  'social-feed': socialFeed,
  'social-links': socialLinks,
  text,
  video,
};

/** The built-in templates by their path in diagnostics (`@commerce-kit/theme-kit/blocks/text.liquid`). */
export const BUILTIN_BLOCKS: ReadonlyMap<string, string> = new Map([
  ...Object.entries(BY_TYPE).map(([type, source]) => [`${BUILTIN_PREFIX}blocks/${type}.liquid`, source] as const),
  [`${BUILTIN_PREFIX}snippets/stk-block.liquid`, stkBlock],
]);
