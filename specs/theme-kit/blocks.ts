/**
 * Block entries of editable regions: a discriminated union on `type` over the 18 block types, so a
 * `quote` block cannot carry `video` settings and editors complete the right fields.
 *
 * Spelling: the documentation's property tables write `backgound_type`, `backgound_image` and
 * `backgound_image_mode`; its rules and example write `background_*`. Both spellings are accepted
 * (if both are present they must agree); where the background type is required, one of the two must
 * be given. The loaded (normalised) config uses `background_*`.
 *
 * Position: text, map and social-feed have direct `props` fields and their settings in
 * `props.settings`. For the other block types the platform's documentation does not show where the properties sit, so
 * they may be given directly in `props`, in `props.settings`, or split between the two (the same
 * property in both places must have the same value); the loaded config has them in `props.settings`.
 */
import type {
  EBlockAlignment,
  EBlockBackgroundImageMode,
  EBlockBackgroundType,
  EBlockHeight,
  EBlockStyle,
  EBlockVerticalAlignment,
  EButtonAction,
  EImageCombinationBlockBackgroundType,
  EImagePosition,
  ESocialFeedBlockType,
  ESocialIconSize,
  EVideoType,
} from './enums';
import type { HexColor, MediaUri, Percentage, PositiveCount, Url } from './primitives';

/** A product template object used by several blocks. Its fields are not shown in the platform's documentation, so any object is accepted. */
export interface ProductDrop {
  [field: string]: unknown;
}

/** A category template object used by several blocks. Its fields are not shown in the platform's documentation, so any object is accepted. */
export interface CategoryDrop {
  [field: string]: unknown;
}

/**
 * A link target or URL: absolute or relative (`/products/shirt`). The platform's documentation types it as a plain
 * string; a valid URI reference is recommended.
 * @format uri-reference
 * @guessed format
 */
export type LinkUrl = string;

/** The background type, in the documentation's two spellings. */
export interface BackgroundTypeField {
  /** Kind of background (canonical spelling). */
  background_type?: EBlockBackgroundType;
  /** Kind of background (spelling of the documentation's property tables; same meaning as `background_type`). */
  backgound_type?: EBlockBackgroundType;
}

/** Background colour. */
export interface BackgroundColorField {
  /** Background colour (hex); only used when the background type is `color`. */
  background_color?: HexColor;
}

/** Background image properties, in the documentation's two spellings. */
export interface BackgroundImageFields {
  /** Background image (image URI); only used when the background type is `image`. */
  background_image?: MediaUri;
  /** Background image (spelling of the documentation's property tables; same meaning as `background_image`). */
  backgound_image?: MediaUri;
  /** Layout of the background image; only used when the background type is `image`. */
  background_image_mode?: EBlockBackgroundImageMode;
  /** Layout of the background image (spelling of the documentation's property tables; same meaning as `background_image_mode`). */
  backgound_image_mode?: EBlockBackgroundImageMode;
}

/** Colour overlay over a background image. */
export interface OverlayFields {
  /** Show a colour overlay; only used when the background type is `image`. */
  overlay?: boolean;
  /** Overlay colour (hex); only used when `overlay` is true. */
  overlay_color?: HexColor;
  /** Overlay opacity in percent (0-100); only used when `overlay` is true. */
  overlay_opacity?: Percentage;
}

/** Optional horizontal alignment. */
export interface AlignmentField {
  /** Horizontal alignment; only needed when `width` is below 100. */
  alignment?: EBlockAlignment;
}

/** Block header. */
export interface HeaderFields {
  /** Show the block header. */
  enable_header: boolean;
  /** Header text; only needed when `enable_header` is true. */
  header_text?: string;
}

/** Block size. */
export interface SizeFields {
  /** Block height (0 extra small to 4 extra large). */
  height: EBlockHeight;
  /** Block width in percent (0-100). */
  width: Percentage;
}

/**
 * The common settings most blocks share.
 * @requiredAnyOf [["background_type", "backgound_type"]]
 */
export interface ICommonBlockSettings
  extends AlignmentField,
    BackgroundColorField,
    BackgroundImageFields,
    BackgroundTypeField,
    HeaderFields,
    SizeFields,
    OverlayFields {}

/**
 * Settings of an `audio` block: no background image or overlay properties, `enable_header` optional.
 * @requiredAnyOf [["background_type", "backgound_type"]]
 */
export interface IAudioBlockSettings extends AlignmentField, BackgroundColorField, BackgroundTypeField, SizeFields {
  /** Show the block header. */
  enable_header?: boolean;
  /** Header text; only needed when `enable_header` is true. */
  header_text?: string;
  /** Audio file URI. */
  src: MediaUri;
}

/**
 * Settings of a `blog` block: common settings plus paging.
 * @requiredAnyOf [["background_type", "backgound_type"]]
 */
export interface IBlogBlockSettings extends ICommonBlockSettings {
  /** Articles per page. */
  page_size?: PositiveCount;
  /** Paginate the articles. */
  paginate?: boolean;
  /** Tag filter; `All` shows all articles. */
  tag?: string;
}

/** Settings of a `button` block (no background or header properties). */
export interface IButtonBlockSettings {
  /** What the button does. */
  action?: EButtonAction;
  /** Horizontal alignment (required for buttons). */
  alignment: EBlockAlignment;
  /** Size the button to its text; when true, `width` is ignored. */
  auto_width?: boolean;
  /** Button height (0 extra small to 4 extra large). */
  height: EBlockHeight;
  /** Product the button acts on; only used when `action` is not `link`. */
  item?: ProductDrop;
  /** Open the link in a new window; only used when `action` is `link`. */
  link_target?: boolean;
  /** Link URL; only used when `action` is `link`. */
  link_url?: LinkUrl;
  /** Button style. */
  style?: EBlockStyle;
  /** Button text. */
  text?: string;
  /** Button width in percent (0-100); only applied when `auto_width` is false. */
  width?: Percentage;
}

/**
 * Settings of a `category-list` block (no background colour, image or overlay).
 * @requiredAnyOf [["background_type", "backgound_type"]]
 */
export interface ICategoryListBlockSettings extends AlignmentField, BackgroundTypeField, HeaderFields, SizeFields {
  /** Categories to list. */
  categories?: CategoryDrop[];
  /** Category used when no category exists. */
  dummy_category?: CategoryDrop;
  /** Categories per row. */
  per_row?: PositiveCount;
  /** Number of rows. */
  rows?: PositiveCount;
}

/**
 * Settings of a `divider` block: background and overlay properties, no header, alignment or size.
 * @requiredAnyOf [["background_type", "backgound_type"]]
 */
export interface IDividerBlockSettings
  extends BackgroundColorField,
    BackgroundImageFields,
    BackgroundTypeField,
    OverlayFields {
  /** Divider colour (hex). */
  divider_color: HexColor;
  /**
   * Value the divider's thickness is derived from; 0 or more is recommended.
   * @minimum 0
   * @guessed minimum
   */
  thickness?: number;
}

/**
 * Settings of a `featured-category` block: common settings plus the category.
 * @requiredAnyOf [["background_type", "backgound_type"]]
 */
export interface IFeaturedCategoryBlockSettings extends ICommonBlockSettings {
  /** The featured category. */
  category?: CategoryDrop;
  /** Products per row. */
  per_row?: PositiveCount;
  /** Number of rows. */
  rows?: PositiveCount;
}

/**
 * Settings of a `featured-product` block: common settings plus a button.
 * @requiredAnyOf [["background_type", "backgound_type"]]
 */
export interface IFeaturedProductBlockSettings extends ICommonBlockSettings {
  /** What the button does. */
  action?: EButtonAction;
  /** Open the link in a new window; only used when `action` is `link`. */
  link_target?: boolean;
  /** Link URL; only used when `action` is `link`. */
  link_url?: LinkUrl;
  /** Button text. */
  text?: string;
}

/**
 * Settings of a `grid` block: common settings plus the column layout.
 * @requiredAnyOf [["background_type", "backgound_type"]]
 */
export interface IGridBlockSettings extends ICommonBlockSettings {
  /** Number of columns. */
  columns?: PositiveCount;
  /** Helper string for rendering the columns. */
  columnTemplates?: string;
  /** Remove the margins between columns. */
  remove_margins?: boolean;
  /** Vertical alignment of the columns' contents. */
  vertical_alignment?: EBlockVerticalAlignment;
}

/** One column of a grid block. */
export interface IGridColumn {
  /**
   * Column name `column_<X>`, X being the sequential column number from 1.
   * @pattern ^column_[1-9][0-9]*$
   */
  name: string;
  /** Blocks in the column. */
  blocks?: IBlockEntry[];
}

/**
 * Settings of an `html` block: common settings plus the markup.
 * @requiredAnyOf [["background_type", "backgound_type"]]
 */
export interface IHtmlBlockSettings extends ICommonBlockSettings {
  /** HTML markup. */
  html?: string;
}

/**
 * Settings of an `image` block: common settings plus the image and its link.
 * @requiredAnyOf [["background_type", "backgound_type"]]
 */
export interface IImageBlockSettings extends ICommonBlockSettings {
  /** Image alt text. */
  alt: string;
  /** Make the image a link. */
  link_active?: boolean;
  /** Open the link in a new window; only used when `link_active` is true. */
  link_target?: boolean;
  /** Link URL; only used when `link_active` is true. */
  link_url?: LinkUrl;
  /** Image URI. */
  src?: MediaUri;
}

/**
 * Settings of an `image-with-text` block (its own background type without images).
 * @requiredAnyOf [["background_type", "backgound_type"]]
 */
export interface IImageWithTextBlockSettings extends AlignmentField, BackgroundColorField, SizeFields {
  /** What the block's button does. */
  action?: EButtonAction;
  /** Kind of background (canonical spelling). */
  background_type?: EImageCombinationBlockBackgroundType;
  /** Kind of background (spelling of the documentation's property tables; same meaning as `background_type`). */
  backgound_type?: EImageCombinationBlockBackgroundType;
  /** Text colour (hex). */
  color_text?: HexColor;
  /** Which column the image occupies. */
  image_position?: EImagePosition;
  /** Layout of the image. */
  image_style?: EBlockBackgroundImageMode;
  /** Product the button acts on; only used when `action` is not `link`. */
  item?: ProductDrop;
  /** Open the link in a new window; only used when `action` is `link`. */
  link_target?: boolean;
  /** Link URL; only used when `action` is `link`. */
  link_url?: LinkUrl;
  /** Image URI. */
  src?: MediaUri;
  /** Block text. */
  text?: string;
}

/**
 * Settings of an `image-with-text-overlay` block: those of image-with-text plus an overlay.
 * @requiredAnyOf [["background_type", "backgound_type"]]
 */
export interface IImageWithTextOverlayBlockSettings extends IImageWithTextBlockSettings {
  /** Show a colour overlay. */
  overlay?: boolean;
  /** Overlay colour (hex); only used when `overlay` is true. */
  overlay_color?: HexColor;
  /** Overlay opacity in percent (0-100); only used when `overlay` is true. */
  overlay_opacity?: Percentage;
}

/**
 * Settings of a `map` block: common settings with `alignment` required.
 * @requiredAnyOf [["background_type", "backgound_type"]]
 */
export interface IMapBlockSettings extends ICommonBlockSettings {
  /** Horizontal alignment (required for maps). */
  alignment: EBlockAlignment;
}

/**
 * Settings of a `quote` block: common settings plus the quote.
 * @requiredAnyOf [["background_type", "backgound_type"]]
 */
export interface IQuoteBlockSettings extends ICommonBlockSettings {
  /** Author of the quote. */
  cite?: string;
  /** Text colour (hex). */
  color_text?: HexColor;
  /** Font size (CSS value). */
  font_size?: string;
  /** The quote. */
  quote?: string;
}

/**
 * Settings of a `social-feed` block (no header).
 * @requiredAnyOf [["background_type", "backgound_type"]]
 */
export interface ISocialFeedBlockSettings
  extends AlignmentField,
    BackgroundColorField,
    BackgroundImageFields,
    BackgroundTypeField,
    SizeFields,
    OverlayFields {
  /**
   * Number of images shown. The platform's documentation says "for example 1 to 20": a whole number in that range
   * is recommended, others are accepted with a warning.
   * @minimum 1
   * @maximum 20
   * @multipleOf 1
   * @guessed minimum maximum multipleOf
   */
  count?: number;
  /** Show the network's logo. */
  feed_logo?: boolean;
}

/**
 * Settings of a `social-links` block (no header or overlay).
 * @requiredAnyOf [["background_type", "backgound_type"]]
 */
export interface ISocialLinksBlockSettings
  extends AlignmentField,
    BackgroundColorField,
    BackgroundImageFields,
    BackgroundTypeField,
    SizeFields {
  /** Colour the links. */
  social_color_active?: boolean;
  /** Link colour (hex); only used when `social_color_active` is true. */
  social_link_color?: HexColor;
  /** Icon size (1 small to 4 extra large). */
  social_link_size?: ESocialIconSize;
}

/**
 * Settings of a `text` block (no header).
 * @requiredAnyOf [["background_type", "backgound_type"]]
 */
export interface ITextBlockSettings
  extends AlignmentField,
    BackgroundColorField,
    BackgroundImageFields,
    BackgroundTypeField,
    SizeFields,
    OverlayFields {
  /** Text colour (hex). */
  color_text?: HexColor;
}

/**
 * Settings of a `video` block: common settings plus the video source.
 * @requiredAnyOf [["background_type", "backgound_type"]]
 */
export interface IVideoBlockSettings extends ICommonBlockSettings {
  /** Video source. */
  type?: EVideoType;
  /** Poster image URI; only used when `type` is `html5`. */
  poster?: MediaUri;
  /** Video file URI; only used when `type` is `html5`. */
  src?: MediaUri;
  /** Vimeo or YouTube URL; only used when `type` is `vimeo` or `youtube`. */
  url?: Url;
}

/**
 * Props of a block whose property position the platform's documentation does not show: each settings property may sit
 * directly in `props` or in `props.settings` (required properties must be in one of the two).
 */
export type FlexibleProps<S> = Partial<S> & {
  /** The block's settings (any of them may instead sit directly in `props`). */
  settings?: Partial<S>;
};

/** An `audio` block. */
export interface IAudioBlock {
  /** Block type. */
  type: 'audio';
  /** Block properties. */
  props: FlexibleProps<IAudioBlockSettings>;
}

/** A `blog` block. */
export interface IBlogBlock {
  /** Block type. */
  type: 'blog';
  /** Block properties. */
  props: FlexibleProps<IBlogBlockSettings>;
}

/** A `button` block. */
export interface IButtonBlock {
  /** Block type. */
  type: 'button';
  /** Block properties. */
  props: FlexibleProps<IButtonBlockSettings>;
}

/** A `category-list` block. */
export interface ICategoryListBlock {
  /** Block type. */
  type: 'category-list';
  /** Block properties. */
  props: FlexibleProps<ICategoryListBlockSettings>;
}

/** A `divider` block. */
export interface IDividerBlock {
  /** Block type. */
  type: 'divider';
  /** Block properties. */
  props: FlexibleProps<IDividerBlockSettings>;
}

/** A `featured-category` block. */
export interface IFeaturedCategoryBlock {
  /** Block type. */
  type: 'featured-category';
  /** Block properties. */
  props: FlexibleProps<IFeaturedCategoryBlockSettings>;
}

/** A `featured-product` block. */
export interface IFeaturedProductBlock {
  /** Block type. */
  type: 'featured-product';
  /** Block properties. */
  props: FlexibleProps<IFeaturedProductBlockSettings>;
}

/**
 * Props of a `grid` block: its settings (directly in props or in `props.settings`) and its columns.
 * A number in `props.columns` is the column count setting; an array is the list of columns.
 */
export type GridBlockProps = Partial<Omit<IGridBlockSettings, 'columns'>> & {
  /** The column count (a number, the `columns` setting) or the columns themselves (an array). */
  columns?: PositiveCount | IGridColumn[];
  /** The grid's settings (any of them may instead sit directly in `props`). */
  settings?: Partial<IGridBlockSettings>;
};

/** A `grid` block. */
export interface IGridBlock {
  /** Block type. */
  type: 'grid';
  /** Block properties. */
  props: GridBlockProps;
}

/** An `html` block. */
export interface IHtmlBlock {
  /** Block type. */
  type: 'html';
  /** Block properties. */
  props: FlexibleProps<IHtmlBlockSettings>;
}

/** An `image` block. */
export interface IImageBlock {
  /** Block type. */
  type: 'image';
  /** Block properties. */
  props: FlexibleProps<IImageBlockSettings>;
}

/** An `image-with-text` block. */
export interface IImageWithTextBlock {
  /** Block type. */
  type: 'image-with-text';
  /** Block properties. */
  props: FlexibleProps<IImageWithTextBlockSettings>;
}

/** An `image-with-text-overlay` block. */
export interface IImageWithTextOverlayBlock {
  /** Block type. */
  type: 'image-with-text-overlay';
  /** Block properties. */
  props: FlexibleProps<IImageWithTextOverlayBlockSettings>;
}

/** A `map` block. */
export interface IMapBlock {
  /** Block type. */
  type: 'map';
  /** Block properties. */
  props: {
    /** Map embed URL. */
    url?: Url;
    /** Map settings. */
    settings: IMapBlockSettings;
  };
}

/** A `quote` block. */
export interface IQuoteBlock {
  /** Block type. */
  type: 'quote';
  /** Block properties. */
  props: FlexibleProps<IQuoteBlockSettings>;
}

/** A `social-feed` block. */
export interface ISocialFeedBlock {
  /** Block type. */
  type: 'social-feed';
  /** Block properties. */
  props: {
    /** Social network of the feed. */
    type?: ESocialFeedBlockType;
    /** Feed settings. */
    settings: ISocialFeedBlockSettings;
  };
}

/** A `social-links` block. */
export interface ISocialLinksBlock {
  /** Block type. */
  type: 'social-links';
  /** Block properties. */
  props: FlexibleProps<ISocialLinksBlockSettings>;
}

/** A `text` block. */
export interface ITextBlock {
  /** Block type. */
  type: 'text';
  /** Block properties. */
  props: {
    /** Text content (HTML supported). */
    content?: string;
    /** Text settings. */
    settings: ITextBlockSettings;
  };
}

/** A `video` block. */
export interface IVideoBlock {
  /** Block type. */
  type: 'video';
  /** Block properties. */
  props: FlexibleProps<IVideoBlockSettings>;
}

/** A block entry of an editable region: `type` (one of the 18 block types) and its `props`. */
export type IBlockEntry =
  | IAudioBlock
  | IBlogBlock
  | IButtonBlock
  | ICategoryListBlock
  | IDividerBlock
  | IFeaturedCategoryBlock
  | IFeaturedProductBlock
  | IGridBlock
  | IHtmlBlock
  | IImageBlock
  | IImageWithTextBlock
  | IImageWithTextOverlayBlock
  | IMapBlock
  | IQuoteBlock
  | ISocialFeedBlock
  | ISocialLinksBlock
  | ITextBlock
  | IVideoBlock;
