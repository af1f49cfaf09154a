/**
 * The loaded, normalised theme config: what {@link loadConfigDir} returns. Compared with the file
 * formats (see `./generated/spec`), it has one spelling (`background_*`), every block's settings in
 * `props.settings`, no `$schema` keys and the documented defaults applied.
 */
import type {
  BlogConfigFile,
  CategoriesConfigFile,
  EBlockType,
  EditableRegionsConfigFile,
  IArticleConfig,
  IAudioBlockSettings,
  IBlogBlockSettings,
  IButtonBlockSettings,
  ICategoryConfig,
  ICategoryListBlockSettings,
  IDividerBlockSettings,
  IEditableRegionConfig,
  IFeaturedCategoryBlockSettings,
  IFeaturedProductBlockSettings,
  IGridBlockSettings,
  IHtmlBlockSettings,
  IImageBlockSettings,
  IImageWithTextBlockSettings,
  IImageWithTextOverlayBlockSettings,
  IMapBlockSettings,
  IMenuConfig,
  IPageConfig,
  IPaginationConfig,
  IQuoteBlockSettings,
  ISocialFeedBlockSettings,
  ISocialLinksBlockSettings,
  IStoreConfig,
  ITextBlockSettings,
  IVideoBlockSettings,
  ESocialFeedBlockType,
  IBlockEntry,
  MenusConfigFile,
  PageConfigFile,
  PaginationConfigFile,
  StoreConfigFile,
} from './generated/spec/index.js';

/** Kind of a config file: the file name without `.stk.config.json`. */
export type ConfigKind = 'store' | 'page' | 'blog' | 'categories' | 'editable-regions' | 'menus' | 'pagination';

/** The misspelled property names of the platform's documentation tables (accepted in files, absent after loading). */
export type MisspelledProperty = 'backgound_type' | 'backgound_image' | 'backgound_image_mode';

/** A block's settings after loading: canonical spelling, and `background_type` required where the block has one. */
export type NormalizedSettings<S> = Omit<S, MisspelledProperty> &
  ('backgound_type' extends keyof S ? { background_type: Exclude<S['backgound_type' & keyof S], undefined> } : unknown);

/** The settings interface of each block type. */
export interface BlockSettingsByType {
  /** Settings of `audio`. */
  audio: IAudioBlockSettings;
  /** Settings of `blog`. */
  blog: IBlogBlockSettings;
  /** Settings of `button`. */
  button: IButtonBlockSettings;
  /** Settings of `category-list`. */
  'category-list': ICategoryListBlockSettings;
  /** Settings of `divider`. */
  divider: IDividerBlockSettings;
  /** Settings of `featured-category`. */
  'featured-category': IFeaturedCategoryBlockSettings;
  /** Settings of `featured-product`. */
  'featured-product': IFeaturedProductBlockSettings;
  /** Settings of `grid`. */
  grid: IGridBlockSettings;
  /** Settings of `html`. */
  html: IHtmlBlockSettings;
  /** Settings of `image`. */
  image: IImageBlockSettings;
  /** Settings of `image-with-text`. */
  'image-with-text': IImageWithTextBlockSettings;
  /** Settings of `image-with-text-overlay`. */
  'image-with-text-overlay': IImageWithTextOverlayBlockSettings;
  /** Settings of `map`. */
  map: IMapBlockSettings;
  /** Settings of `quote`. */
  quote: IQuoteBlockSettings;
  /** Settings of `social-feed`. */
  'social-feed': ISocialFeedBlockSettings;
  /** Settings of `social-links`. */
  'social-links': ISocialLinksBlockSettings;
  /** Settings of `text`. */
  text: ITextBlockSettings;
  /** Settings of `video`. */
  video: IVideoBlockSettings;
}

/** A grid column after loading. */
export interface NormalizedGridColumn {
  /** Column name `column_<X>`. */
  name: string;
  /** Blocks in the column (empty when the file gave none). */
  blocks: NormalizedBlock[];
}

/** Props that sit directly in `props` (beside `settings`) for a few block types. */
export interface DirectPropsByType {
  /** `grid`: its columns. */
  grid: { columns?: NormalizedGridColumn[] };
  /** `map`: the embed URL. */
  map: { url?: string };
  /** `social-feed`: the network. */
  'social-feed': { type?: ESocialFeedBlockType };
  /** `text`: the content. */
  text: { content?: string };
}

/**
 * A block entry after loading, of one block type (`NormalizedBlock<'video'>`) or, by default, of any:
 * `props.settings` holds every setting, in one spelling.
 */
export type NormalizedBlock<T extends EBlockType = EBlockType> = {
  [K in T]: {
    /** Block type. */
    type: K;
    /** Block props. */
    props: { settings: NormalizedSettings<BlockSettingsByType[K]> } & (K extends keyof DirectPropsByType
      ? DirectPropsByType[K]
      : unknown);
  };
}[T];

/**
 * A block entry as written in `editable-regions.stk.config.json`, of one block type (`Block<'quote'>`)
 * or, by default, of any: `type` and its `props` (settings directly in `props` or in `props.settings`,
 * in either spelling). The union is discriminated on `type`.
 */
export type Block<T extends EBlockType = EBlockType> = Extract<IBlockEntry, { type: T }>;

/**
 * The settings of one block type as written (`BlockSettings<'video'>`): every property of the platform's
 * documentation for that type, in either spelling. A setting's enumeration is reached through it:
 * `BlockSettings<'video'>['type']`.
 */
export type BlockSettings<T extends EBlockType = EBlockType> = BlockSettingsByType[T];

/** An editable region after loading. */
export type NormalizedEditableRegion = {
  /** Region name (as in the Liquid template). */
  regionName: string;
  /** Markup compiled into the region before the blocks. */
  rawMarkup?: string;
  /** The region's blocks (empty when the file gave none). */
  blocks: NormalizedBlock[];
};

/** The store after loading: boolean `dribbbleUrl` / `flickrUrl` values are dropped (they carry no URL). */
export type NormalizedStoreConfig = Omit<IStoreConfig, 'dribbbleUrl' | 'flickrUrl'> & {
  /** The store's Dribbble URL. */
  dribbbleUrl?: string;
  /** The store's Flickr URL. */
  flickrUrl?: string;
};

/** The paginator after loading, with the default link titles applied. */
export type NormalizedPaginationConfig = IPaginationConfig & {
  /** Title of the "previous" link (default `Previous`). */
  previousTitle: string;
  /** Title of the "next" link (default `Next`). */
  nextTitle: string;
};

/**
 * A theme's whole mock-data configuration, loaded and normalised. A key is absent when its file is
 * (missing files are allowed; the mock generator fills them in).
 */
export interface ThemeConfig {
  /** From `store.stk.config.json`. */
  store?: NormalizedStoreConfig;
  /** From `page.stk.config.json`. */
  page?: IPageConfig;
  /** From `blog.stk.config.json` (`publishedTime` defaults at mock time, not here). */
  blog?: IArticleConfig[];
  /** From `categories.stk.config.json`. */
  categories?: ICategoryConfig[];
  /** From `editable-regions.stk.config.json`. */
  editableRegions?: NormalizedEditableRegion[];
  /** From `menus.stk.config.json`. */
  menus?: IMenuConfig[];
  /** From `pagination.stk.config.json`. */
  pagination?: NormalizedPaginationConfig;
}

/**
 * The config files' contents as written (before {@link loadConfigDir} normalises them): either
 * spelling, block properties in `props` or `props.settings`, `$schema` lines, no defaults applied.
 * {@link @commerce-kit/theme-config/mock!generateMockData | generateMockData} accepts this too and normalises it the way loading does.
 */
export interface ThemeConfigInput {
  /** Contents of `store.stk.config.json`. */
  readonly store?: (IStoreConfig & { $schema?: string }) | undefined;
  /** Contents of `page.stk.config.json`. */
  readonly page?: (IPageConfig & { $schema?: string }) | undefined;
  /** Contents of `blog.stk.config.json`. */
  readonly blog?: IArticleConfig[] | undefined;
  /** Contents of `categories.stk.config.json`. */
  readonly categories?: ICategoryConfig[] | undefined;
  /** Contents of `editable-regions.stk.config.json`. */
  readonly editableRegions?: IEditableRegionConfig[] | undefined;
  /** Contents of `menus.stk.config.json`. */
  readonly menus?: IMenuConfig[] | undefined;
  /** Contents of `pagination.stk.config.json`. */
  readonly pagination?: (IPaginationConfig & { $schema?: string }) | undefined;
}

/** The normalised contents of each kind of config file. */
export interface NormalizedByKind {
  /** `store.stk.config.json`. */
  store: NormalizedStoreConfig;
  /** `page.stk.config.json`. */
  page: IPageConfig;
  /** `blog.stk.config.json`. */
  blog: IArticleConfig[];
  /** `categories.stk.config.json`. */
  categories: ICategoryConfig[];
  /** `editable-regions.stk.config.json`. */
  'editable-regions': NormalizedEditableRegion[];
  /** `menus.stk.config.json`. */
  menus: IMenuConfig[];
  /** `pagination.stk.config.json`. */
  pagination: NormalizedPaginationConfig;
}

/**
 * The normalised contents of one kind of config file (`NormalizedConfig<'store'>`): what
 * {@link normalizeConfig} returns and what {@link ThemeConfig} holds for that file.
 */
export type NormalizedConfig<K extends ConfigKind = ConfigKind> = NormalizedByKind[K];

/** The contents of each kind of config file as written. */
interface ConfigFileByKind {
  /** `store.stk.config.json`: an object. */
  store: StoreConfigFile;
  /** `page.stk.config.json`: an object. */
  page: PageConfigFile;
  /** `blog.stk.config.json`: an array of articles. */
  blog: BlogConfigFile;
  /** `categories.stk.config.json`: an array of categories with their products. */
  categories: CategoriesConfigFile;
  /** `editable-regions.stk.config.json`: an array of editable regions with their blocks. */
  'editable-regions': EditableRegionsConfigFile;
  /** `menus.stk.config.json`: an array of menus. */
  menus: MenusConfigFile;
  /** `pagination.stk.config.json`: an object. */
  pagination: PaginationConfigFile;
}

/**
 * The contents of one kind of config file as written (`ConfigFile<'store'>`, `ConfigFile<'blog'>`):
 * the platform's documentation field by field, either spelling, `$schema` on the object files. Nested
 * parts are reached through it: `ConfigFile<'categories'>[number]` is one category,
 * `ConfigFile<'menus'>[number]['links']` a menu's links.
 */
export type ConfigFile<K extends ConfigKind = ConfigKind> = ConfigFileByKind[K];
