// Type-level tests (checked by `tsc -p tsconfig.json`, the typecheck target).
import { expectTypeOf } from 'vitest';
import type {
  Block,
  BlockSettings,
  ConfigFile,
  EBlockAlignment,
  EBlockHeight,
  EStoreLanguage,
  EVideoType,
  NormalizedBlock,
  NormalizedConfig,
  ThemeConfig,
  ThemeConfigInput,
  Diagnostic,
  ConfigKind,
} from '../src/index.js';
import { type EBlockType, type ESocialIconSize, normalizeConfig, validateConfig } from '../src/index.js';
import type { ConfigKindName } from '../src/files.js';
import type { IBlockEntry, IQuoteBlock, IVideoBlock, IVideoBlockSettings } from '../src/generated/spec/index.js';
import type { NormalizedSettings } from '../src/types.js';

// Enumerations: the const object's values are exactly the union type.
expectTypeOf<(typeof EBlockType)[keyof typeof EBlockType]>().toEqualTypeOf<Block['type']>();
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
} satisfies Block;
expectTypeOf(quote).toExtend<IQuoteBlock>();

const quoteWithVideoSettings = {
  type: 'quote',
  // @ts-expect-error `poster` is a video setting, not a quote setting
  props: { settings: { background_type: 'none', enable_header: false, height: 2, width: 100, poster: 'p.jpg' } },
} satisfies Block;
void quoteWithVideoSettings;

const video = { type: 'video', props: { type: 'html5', src: 'v.mp4', poster: 'p.jpg' } } satisfies Block;
expectTypeOf(video).toExtend<IVideoBlock>();

// @ts-expect-error height is a number enum (0-4), not a string
const badHeight = { type: 'html', props: { height: '2' } } satisfies Block;
void badHeight;

// @ts-expect-error unknown block type
const unknownType = { type: 'vidoe', props: {} } satisfies Block;
void unknownType;

// The lookup types: one block type's entry and settings, every block by default.
expectTypeOf<Block>().toEqualTypeOf<IBlockEntry>();
expectTypeOf<Block<'quote'>>().toEqualTypeOf<IQuoteBlock>();
expectTypeOf<Block<'video' | 'quote'>>().toEqualTypeOf<IVideoBlock | IQuoteBlock>();
expectTypeOf<BlockSettings<'video'>>().toEqualTypeOf<IVideoBlockSettings>();
expectTypeOf<NonNullable<BlockSettings<'video'>['type']>>().toEqualTypeOf<EVideoType>();
expectTypeOf<IVideoBlockSettings>().toExtend<BlockSettings>();
expectTypeOf<NormalizedBlock<'text'>['type']>().toEqualTypeOf<'text'>();
expectTypeOf<NormalizedBlock<'text'>>().toExtend<NormalizedBlock>();
expectTypeOf<ConfigFile<'store'>['language']>().toEqualTypeOf<EStoreLanguage>();
expectTypeOf<ConfigFile<'store'>>().toHaveProperty('$schema');
expectTypeOf<ConfigFile<'menus'>[number]['links']>().toExtend<unknown[] | undefined>();
expectTypeOf<NonNullable<ThemeConfigInput['editableRegions']>>().toEqualTypeOf<ConfigFile<'editable-regions'>>();
expectTypeOf<NormalizedConfig<'pagination'>['nextTitle']>().toEqualTypeOf<string>();
expectTypeOf<NonNullable<ThemeConfig['store']>>().toEqualTypeOf<NormalizedConfig<'store'>>();

// Normalised settings: canonical spelling only, background_type required where the block has one.
type Divider = NormalizedSettings<BlockSettings<'divider'>>;
expectTypeOf<Divider['background_type']>().toEqualTypeOf<'none' | 'image' | 'color'>();
expectTypeOf<Divider>().not.toHaveProperty('backgound_type');
expectTypeOf<Divider>().not.toHaveProperty('backgound_image');
expectTypeOf<NormalizedSettings<BlockSettings<'button'>>>().not.toHaveProperty('background_type');

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
expectTypeOf(normalizeConfig('menus', [])).toEqualTypeOf<NormalizedConfig<'menus'>>();

// API.
expectTypeOf(validateConfig).parameter(0).toEqualTypeOf<ConfigKindName>();
expectTypeOf<ConfigKind>().toExtend<ConfigKindName>();
expectTypeOf(validateConfig('page', {}).diagnostics).toEqualTypeOf<Diagnostic[]>();
// @ts-expect-error not a config kind
validateConfig('stores', {});
