/** Type-level tests of the mock API (checked by `tsc -p tsconfig.json`, the typecheck target). */
import { expectTypeOf } from 'vitest';
import { generateMockData, type MockData, type MockOptions, writeMockDataFile } from '../../src/mock/index.js';
import { mockDataChunks } from '../../src/mock/write.js';
import type {
  MockArticle,
  MockBlock,
  MockCategory,
  MockPaginator,
  MockProduct,
} from '../../src/generated/spec/mock-data.js';
import type { ThemeConfig } from '../../src/index.js';

declare const config: ThemeConfig;

expectTypeOf(generateMockData(config, { seed: 1 })).toEqualTypeOf<MockData>();
expectTypeOf(generateMockData(config, { seed: 1, clock: new Date() })).toEqualTypeOf<MockData>();
expectTypeOf(generateMockData(config, { seed: 1, clock: 0 })).toEqualTypeOf<MockData>();
expectTypeOf(generateMockData(config, { seed: 1, clock: '2024-06-01' })).toEqualTypeOf<MockData>();
expectTypeOf(mockDataChunks(config, { seed: 1, pretty: true })).toEqualTypeOf<Iterable<string>>();
expectTypeOf(writeMockDataFile(config, { seed: 1 }, 'out.json')).toEqualTypeOf<Promise<void>>();

// @ts-expect-error the seed is required
generateMockData(config, {});
// @ts-expect-error now is a date, a number or a string
generateMockData(config, { seed: 1, clock: true });
// @ts-expect-error a config is required
generateMockData(undefined, { seed: 1 });

const mock = generateMockData(config, { seed: 1 } satisfies MockOptions);
expectTypeOf(mock.articles).toEqualTypeOf<MockArticle[]>();
expectTypeOf(mock.articles[0]!.publishedTime).toEqualTypeOf<string>();
expectTypeOf(mock.categories).toEqualTypeOf<MockCategory[]>();
expectTypeOf(mock.categories[0]!.items).toEqualTypeOf<MockProduct[]>();
expectTypeOf(mock.paginator).toEqualTypeOf<MockPaginator>();
expectTypeOf(mock.paginator.previous.page).toEqualTypeOf<number | null>();
expectTypeOf(mock.menus[0]!.links[0]!.children[0]!.url).toEqualTypeOf<string>();
expectTypeOf(mock.store.currencyCode).toEqualTypeOf<string>();

const block: MockBlock = mock.editableRegions[0]!.blocks[0]!;
expectTypeOf(block.props.settings.item?.price).toEqualTypeOf<number | undefined>();
expectTypeOf(block.props.settings.categories?.[0]?.items).toEqualTypeOf<MockProduct[] | undefined>();
expectTypeOf(block.props.columns?.[0]?.blocks).toEqualTypeOf<MockBlock[] | undefined>();
