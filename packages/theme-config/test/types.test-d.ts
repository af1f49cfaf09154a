// Type-level tests (checked by `tsc -p tsconfig.json`, the typecheck target).
import { expectTypeOf } from 'vitest';
import type {
  EBlockAlignment,
  EBlockHeight,
  EStoreLanguage,
  IBlockEntry,
  IQuoteBlock,
  IVideoBlock,
  NormalizedBlock,
  NormalizedSettings,
  IDividerBlockSettings,
  IButtonBlockSettings,
  ThemeConfig,
  Diagnostic,
  ConfigKind,
  ConfigKindName,
  NormalizedByKind,
} from '../src/index.js';
import { EBlockType, ESocialIconSize, normalizeConfig, validateConfig } from '../src/index.js';

// Enumerations: the const object's values are exactly the union type.
expectTypeOf<(typeof EBlockType)[keyof typeof EBlockType]>().toEqualTypeOf<IBlockEntry['type']>();
expectTypeOf<(typeof ESocialIconSize)[keyof typeof ESocialIconSize]>().toEqualTypeOf<1 | 2 | 3 | 4>();
expectTypeOf<EBlockHeight>().toEqualTypeOf<0 | 1 | 2 | 3 | 4>();
expectTypeOf<EBlockAlignment>().toEqualTypeOf<'left' | 'center' | 'right'>();
expectTypeOf<'ja-JP'>().toExtend<EStoreLanguage>();
// @ts-expect-error en-GB is not a store language
expectTypeOf<'en-GB'>().toExtend<EStoreLanguage>();

// The block union is discriminated on `type`.
const quote = {
  type: 'quote',
  props: {
    settings: { background_type: 'none', enable_header: false, height: 2, width: 100, quote: 'Hi', cite: 'Me' },
  },
} satisfies IBlockEntry;
expectTypeOf(quote).toExtend<IQuoteBlock>();

const quoteWithVideoSettings = {
  type: 'quote',
  // @ts-expect-error `poster` is a video setting, not a quote setting
  props: { settings: { background_type: 'none', enable_header: false, height: 2, width: 100, poster: 'p.jpg' } },
} satisfies IBlockEntry;
void quoteWithVideoSettings;

const video = { type: 'video', props: { type: 'html5', src: 'v.mp4', poster: 'p.jpg' } } satisfies IBlockEntry;
expectTypeOf(video).toExtend<IVideoBlock>();

// @ts-expect-error height is a number enum (0-4), not a string
const badHeight = { type: 'html', props: { height: '2' } } satisfies IBlockEntry;
void badHeight;

// @ts-expect-error unknown block type
const unknownType = { type: 'vidoe', props: {} } satisfies IBlockEntry;
void unknownType;

// Normalised settings: canonical spelling only, background_type required where the block has one.
type Divider = NormalizedSettings<IDividerBlockSettings>;
expectTypeOf<Divider['background_type']>().toEqualTypeOf<'none' | 'image' | 'color'>();
expectTypeOf<Divider>().not.toHaveProperty('backgound_type');
expectTypeOf<Divider>().not.toHaveProperty('backgound_image');
expectTypeOf<NormalizedSettings<IButtonBlockSettings>>().not.toHaveProperty('background_type');

// Narrowing a normalised block by `type` gives that block's settings and direct props.
declare const block: NormalizedBlock;
if (block.type === 'text') {
  expectTypeOf(block.props.content).toEqualTypeOf<string | undefined>();
  expectTypeOf(block.props.settings.height).toEqualTypeOf<EBlockHeight>();
}
if (block.type === 'grid') {
  expectTypeOf(block.props.columns).toEqualTypeOf<{ name: string; blocks: NormalizedBlock[] }[] | undefined>();
}

// ThemeConfig.
expectTypeOf<NonNullable<ThemeConfig['pagination']>['nextTitle']>().toEqualTypeOf<string>();
expectTypeOf<NonNullable<ThemeConfig['store']>['dribbbleUrl']>().toEqualTypeOf<string | undefined>();
expectTypeOf(normalizeConfig('menus', [])).toEqualTypeOf<NormalizedByKind['menus']>();

// API.
expectTypeOf(validateConfig).parameter(0).toEqualTypeOf<ConfigKindName>();
expectTypeOf<ConfigKind>().toExtend<ConfigKindName>();
expectTypeOf(validateConfig('page', {}).diagnostics).toEqualTypeOf<Diagnostic[]>();
// @ts-expect-error not a config kind
validateConfig('stores', {});
