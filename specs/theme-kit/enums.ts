/**
 * The 14 enumerations of the theme kit's documentation, with their exact member names and values.
 *
 * Each enumeration is both a `const` object (member name -> value, for code) and a literal union type of
 * its values (for the JSON files, where a plain `"left"` must type-check). The schema generator reads the
 * union types only.
 */

/** Horizontal alignment of a block; only needed when the block's width is below 100. */
export type EBlockAlignment = 'left' | 'center' | 'right';
/** Members of {@link EBlockAlignment}. */
export const EBlockAlignment = { LEFT: 'left', CENTER: 'center', RIGHT: 'right' } as const;

/** How a block's background image is laid out. */
export type EBlockBackgroundImageMode = 'cover' | 'contain' | 'centered' | 'tiled';
/** Members of {@link EBlockBackgroundImageMode}. */
export const EBlockBackgroundImageMode = {
  COVER: 'cover',
  CONTAIN: 'contain',
  CENTERED: 'centered',
  TILED: 'tiled',
} as const;

/** Kind of a block's background. */
export type EBlockBackgroundType = 'none' | 'image' | 'color';
/** Members of {@link EBlockBackgroundType}. */
export const EBlockBackgroundType = { NONE: 'none', IMAGE: 'image', COLOR: 'color' } as const;

/** Height of a block, a number from 0 (extra small) to 4 (extra large). */
export type EBlockHeight = 0 | 1 | 2 | 3 | 4;
/** Members of {@link EBlockHeight}. */
export const EBlockHeight = { EXTRA_SMALL: 0, SMALL: 1, MEDIUM: 2, LARGE: 3, EXTRA_LARGE: 4 } as const;

/** Visual style of a button. */
export type EBlockStyle = 'primary' | 'secondary' | 'pinterest' | 'facebook' | 'twitter';
/** Members of {@link EBlockStyle}. */
export const EBlockStyle = {
  PRIMARY: 'primary',
  SECONDARY: 'secondary',
  PINTEREST: 'pinterest',
  FACEBOOK: 'facebook',
  TWITTER: 'twitter',
} as const;

/** The 18 block types of an editable region. */
export type EBlockType =
  | 'audio'
  | 'blog'
  | 'button'
  | 'category-list'
  | 'divider'
  | 'featured-category'
  | 'featured-product'
  | 'grid'
  | 'html'
  | 'image'
  | 'image-with-text'
  | 'image-with-text-overlay'
  | 'map'
  | 'quote'
  | 'social-feed'
  | 'social-links'
  | 'text'
  | 'video';
/** Members of {@link EBlockType}. */
export const EBlockType = {
  AUDIO: 'audio',
  BLOG: 'blog',
  BUTTON: 'button',
  CATEGORY_LIST: 'category-list',
  DIVIDER: 'divider',
  FEATURED_CATEGORY: 'featured-category',
  FEATURED_PRODUCT: 'featured-product',
  GRID: 'grid',
  HTML: 'html',
  IMAGE: 'image',
  IMAGE_WITH_TEXT: 'image-with-text',
  IMAGE_WITH_TEXT_OVERLAY: 'image-with-text-overlay',
  MAP: 'map',
  QUOTE: 'quote',
  SOCIAL_FEED: 'social-feed',
  SOCIAL_LINKS: 'social-links',
  TEXT: 'text',
  VIDEO: 'video',
} as const;

/** Vertical alignment of a grid's columns. */
export type EBlockVerticalAlignment = 'top' | 'middle' | 'bottom';
/** Members of {@link EBlockVerticalAlignment}. */
export const EBlockVerticalAlignment = { TOP: 'top', MIDDLE: 'middle', BOTTOM: 'bottom' } as const;

/** What a button (or a product/image block's button) does when clicked. */
export type EButtonAction = 'buy-now' | 'add-to-cart' | 'view-item' | 'link';
/** Members of {@link EButtonAction}. */
export const EButtonAction = {
  BUY_NOW: 'buy-now',
  ADD_TO_CART: 'add-to-cart',
  VIEW_ITEM: 'view-item',
  LINK: 'link',
} as const;

/** Background kind of the image-with-text blocks (no image background there). */
export type EImageCombinationBlockBackgroundType = 'none' | 'color';
/** Members of {@link EImageCombinationBlockBackgroundType}. */
export const EImageCombinationBlockBackgroundType = { NONE: 'none', COLOR: 'color' } as const;

/** Which column the image occupies in an image-with-text block. */
export type EImagePosition = 'column-left' | 'column-right';
/** Members of {@link EImagePosition}. */
export const EImagePosition = { COLUMN_LEFT: 'column-left', COLUMN_RIGHT: 'column-right' } as const;

/** Social network whose feed a social-feed block shows. */
export type ESocialFeedBlockType = 'social-dribbble' | 'social-flickr' | 'social-instagram' | 'social-twitter';
/** Members of {@link ESocialFeedBlockType}. */
export const ESocialFeedBlockType = {
  SOCIAL_DRIBBBLE: 'social-dribbble',
  SOCIAL_FLICKR: 'social-flickr',
  SOCIAL_INSTAGRAM: 'social-instagram',
  SOCIAL_TWITTER: 'social-twitter',
} as const;

/** Size of social icons, a number from 1 (small) to 4 (extra large). */
export type ESocialIconSize = 1 | 2 | 3 | 4;
/** Members of {@link ESocialIconSize}. */
export const ESocialIconSize = { SMALL: 1, MEDIUM: 2, LARGE: 3, EXTRA_LARGE: 4 } as const;

/** Language (locale) of the mock store. */
export type EStoreLanguage =
  | 'da-DK'
  | 'de-DE'
  | 'en-US'
  | 'fi-FI'
  | 'fr-FR'
  | 'it-IT'
  | 'nb-NO'
  | 'nl-NL'
  | 'pt-PT'
  | 'sv-SE'
  | 'ja-JP';
/** Members of {@link EStoreLanguage}. */
export const EStoreLanguage = {
  DANISH: 'da-DK',
  GERMAN: 'de-DE',
  ENGLISH: 'en-US',
  FINNISH: 'fi-FI',
  FRENCH: 'fr-FR',
  ITALIAN: 'it-IT',
  NORWEGIAN_BOKMAL: 'nb-NO',
  DUTCH: 'nl-NL',
  PORTUGUESE: 'pt-PT',
  SWEDISH: 'sv-SE',
  JAPANESE: 'ja-JP',
} as const;

/** Source of a video block. */
export type EVideoType = 'html5' | 'vimeo' | 'youtube';
/** Members of {@link EVideoType}. */
export const EVideoType = { HTML5: 'html5', VIMEO: 'vimeo', YOUTUBE: 'youtube' } as const;
