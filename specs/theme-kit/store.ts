import type { EStoreLanguage } from './enums';
import type { CurrencyCode, MediaUri, Url } from './primitives';

/** Mock store settings: the contents of `store.stk.config.json` (an object). */
export interface IStoreConfig {
  /** Show payment cards. */
  cardsEnabled: boolean;
  /** Currency for displayed prices (ISO 4217 code). */
  currencyCode?: CurrencyCode;
  /**
   * The store's Dribbble URL. The platform's documentation lists this field as boolean but describes it as a URL: a URL
   * string is expected; a boolean is accepted with a warning and dropped when the config is loaded.
   */
  dribbbleUrl?: Url | boolean;
  /**
   * The store's Flickr URL. The platform's documentation lists this field as boolean but describes it as a URL: a URL
   * string is expected; a boolean is accepted with a warning and dropped when the config is loaded.
   */
  flickrUrl?: Url | boolean;
  /** Favicon (image URI). */
  icon: MediaUri;
  /** The store's Instagram URL. */
  instagramUrl?: Url;
  /** Language (locale) of the store. */
  language: EStoreLanguage;
  /** Logo (image URI). */
  logo?: MediaUri;
  /** The store's Pinterest URL. */
  pinterestUrl?: Url;
  /** Show social sharing buttons. */
  sharingEnabled: boolean;
  /** Show the EU cookie banner. */
  showCookieBanner: boolean;
  /** Show the store currency. */
  showCurrency: boolean;
  /** Store description. */
  storeDescription: string;
  /** Store name. */
  storeName: string;
  /** The store's SoundCloud URL. */
  soundcloudUrl?: Url;
  /** The store's Tumblr URL. */
  tumblrUrl?: Url;
  /** The store's Twitter URL. */
  twitterUrl?: Url;
  /** Show the logo (instead of the store name). */
  useLogo: boolean;
  /** Pages appear as they do for the store owner. */
  viewAsOwner: boolean;
  /** The store's Vimeo URL. */
  vimeoUrl?: Url;
  /** The store's YouTube URL. */
  youtubeUrl?: Url;
}
