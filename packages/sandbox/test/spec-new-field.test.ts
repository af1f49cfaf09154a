// The proof that a spec change is a spec edit: a copy of specs/ with one new field on Product (written once in
// specs/openapi.yaml's Product, and once in the theme kit's IProductConfig) and one on Customer (in Customer
// only) goes through every generator, and the types, validators, client, sandbox (create, update, list, seed,
// webhook payloads), storefront drop and theme-kit contract all carry the fields. No other file is edited: the
// request schemas derive from the resource (x-derive), the seed and the storefront map the mock store through
// the generated codec, and a seeded customer's value, like a product the mock store generates, is drawn from
// the field's schema.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ThemeConfig } from '@commerce-kit/theme-config';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { generate as apiClient } from '../../../tools/api-client/generate.mjs';
import { generate as apiTypes } from '../../../tools/api-types/generate.mjs';
import { generate as sandbox } from '../../../tools/sandbox/generate.mjs';
import { generate as themeConfig } from '../../../tools/theme-config/generate.mjs';
import { generate as themeKit } from '../../../tools/theme-kit/generate.mjs';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import type { ResourceModel, ResourceObject } from '../src/store/resource-model.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// The seed and the storefront import the generated codec: here, the one generated from the copy (the
// sandbox's modules are imported once it is generated).
const generated = vi.hoisted(() => ({ codec: '', mockSchema: '' }));
vi.mock('../src/generated/codec.js', () => import(/* @vite-ignore */ generated.codec));
// The mock store the seed draws from: theme-config's own source (not its built dist/, which a test never
// rebuilds), reading the mock-data schema generated from the copy.
vi.mock('@commerce-kit/theme-config/mock', () => import('../../theme-config/src/mock/index.js'));
vi.mock('../../theme-config/src/generated/schemas/mock-data.schema.json', () => ({
  default: JSON.parse(readFileSync(generated.mockSchema, 'utf8')) as unknown,
}));

/** `text` with `insert` placed right after `anchor`, which must come after `after` (the schema it belongs to). */
function insertAfter(text: string, after: string, anchor: string, insert: string): string {
  const start = text.indexOf(after);
  const at = text.indexOf(anchor, start);
  if (start < 0 || at < 0)
    throw new Error(`the spec no longer has ${JSON.stringify(anchor)} after ${JSON.stringify(after)}`);
  return text.slice(0, at + anchor.length) + insert + text.slice(at + anchor.length);
}

const root = testTempDir('spec-new-field-');
const files = new Map<string, string>();
const read = (rel: string): string => {
  const text = files.get(rel);
  if (text === undefined) throw new Error(`not generated: ${rel}`);
  return text;
};

beforeAll(async () => {
  cpSync(path.join(REPO, 'specs'), path.join(root, 'specs'), { recursive: true });
  const openapi = path.join(root, 'specs/openapi.yaml');
  let spec = readFileSync(openapi, 'utf8');
  // One definition per field: the resource schema only (the request schemas derive from it).
  spec = insertAfter(
    spec,
    '\n    Product:\n',
    '          description: Available quantity; `null` when not tracked.\n',
    "        gift_wrap:\n          type: [boolean, 'null']\n          description: Whether the product can be gift-wrapped.\n",
  );
  spec = insertAfter(
    spec,
    '\n    Customer:\n',
    "        billing_address:\n          oneOf:\n            - $ref: '#/components/schemas/Address'\n            - type: 'null'\n",
    "        loyalty_tier:\n          type: [string, 'null']\n          enum: [bronze, silver, gold, null]\n",
  );
  writeFileSync(openapi, spec);
  const categories = path.join(root, 'specs/theme-kit/categories.ts');
  writeFileSync(
    categories,
    insertAfter(
      readFileSync(categories, 'utf8'),
      'export interface IProductConfig {',
      '  quantity?: Count;\n',
      '  /** Whether the product can be gift-wrapped. */\n  giftWrap?: boolean;\n',
    ),
  );
  for (const run of [apiTypes, themeConfig, apiClient, sandbox, themeKit]) {
    for (const [rel, contents] of await run({ root })) {
      files.set(rel, String(contents));
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), contents);
    }
  }
  generated.codec = path.join(root, 'packages/sandbox/src/generated/codec.ts');
  generated.mockSchema = path.join(root, 'packages/theme-config/src/generated/schemas/mock-data.schema.json');
}, 600_000);

describe('a field added once to the spec', () => {
  it('is in the complete document: the resource and both request bodies', () => {
    const doc = read('packages/api-types/src/generated/openapi.yaml');
    expect(doc.match(/gift_wrap:/g)).toHaveLength(3);
    expect(doc.match(/loyalty_tier:/g)).toHaveLength(3);
  });

  it('is in the types of the resource and of the bodies the client sends', () => {
    const types = read('packages/api-types/src/generated/openapi.ts');
    expect(types.match(/gift_wrap\?: boolean \| null;/g)).toHaveLength(3);
    expect(types.match(/loyalty_tier\?: "bronze" \| "silver" \| "gold" \| null;/g)).toHaveLength(3);
    // The client's methods take their bodies from these types (RequestBodyOf<operations[...]>).
    expect(read('packages/api-client/src/generated/resources.ts')).toContain('createProduct');
    expect(read('packages/api-types/src/generated/models/python/commerce_kit_api.py')).toContain('gift_wrap');
  });

  it('is checked by the validators: accepted when valid, refused when not', async () => {
    const validators = (await import(
      /* @vite-ignore */ path.join(root, 'packages/api-types/src/generated/validators.js')
    )) as Record<string, (value: unknown) => boolean>;
    const product = { title: 'Teapot', description: 'For two.', price: 39.5 };
    expect(validators['validateProductCreateRequest']!({ ...product, gift_wrap: true })).toBe(true);
    expect(validators['validateProductCreateRequest']!({ ...product, gift_wrap: 'yes' })).toBe(false);
    expect(validators['validateProductUpdateRequest']!({ gift_wrap: null })).toBe(true);
    expect(validators['validateCustomerUpdateRequest']!({ loyalty_tier: 'gold' })).toBe(true);
    expect(validators['validateCustomerUpdateRequest']!({ loyalty_tier: 'platinum' })).toBe(false);
  });

  it('is stored, updated, listed and sent in webhooks by the sandbox, and seeded', async () => {
    const { RESOURCES } = (await import(
      /* @vite-ignore */ path.join(root, 'packages/sandbox/src/generated/resources.ts')
    )) as { RESOURCES: readonly ResourceModel[] };
    const { seedStore } = await import('../src/seed/seed.js');
    const { Store } = await import('../src/store/store.js');
    const { ResourceService } = await import('../src/services/resources.js');
    const { EventOutbox } = await import('../src/events/outbox.js');
    const { ManualClock } = await import('../src/testing/index.js');
    const clock = new ManualClock('2025-06-01T12:00:00Z');
    const store = new Store(undefined, 'normal', RESOURCES);
    try {
      const config: ThemeConfig = {
        categories: [
          {
            title: 'Tea',
            description: 'Teas.',
            numItems: 1,
            items: [{ title: 'Sencha', description: 'Green.', price: 8, giftWrap: true } as never],
          },
          // Products the mock store generates.
          { title: 'Pots', description: 'Teapots.', numItems: 3 },
        ],
      };
      seedStore(store, 1, 3, config);
      const engine = new ResourceService(store, new EventOutbox(store, clock, false), clock, () => {});
      // Seeded: the configured product's value, and the generated products' and the customers' values drawn
      // from the field's schema.
      const wraps = engine.page('products', { limit: 10 }).value.data.map((p: ResourceObject) => p['gift_wrap']);
      expect(wraps).toHaveLength(4);
      expect(wraps[0]).toBe(true);
      for (const wrap of wraps.slice(1)) expect(typeof wrap).toBe('boolean');
      const tiers = engine.page('customers', { limit: 10 }).value.data.map((c: ResourceObject) => c['loyalty_tier']);
      expect(tiers).toHaveLength(3);
      for (const tier of tiers) expect([null, 'bronze', 'silver', 'gold']).toContain(tier);
      const again = new Store(undefined, 'normal', RESOURCES);
      seedStore(again, 1, 3, config);
      expect(again.resources.page('customers', { limit: 10 }).data.map((c) => c.value['loyalty_tier'])).toEqual(tiers);
      again.close();

      const ada = engine.create('customers', {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        loyalty_tier: 'gold',
      });
      expect(ada['loyalty_tier']).toBe('gold');
      expect(engine.update('customers', ada.id, { loyalty_tier: 'silver' })['loyalty_tier']).toBe('silver');
      const teapot = engine.create('products', { title: 'Teapot', description: 'For two.', price: 39.5 });
      expect(teapot['gift_wrap']).toBeNull();
      engine.update('products', teapot.id, { gift_wrap: true });
      expect(engine.retrieve('products', teapot.id)['gift_wrap']).toBe(true);
      const listed = engine.page('customers', { limit: 10 }).value.data;
      expect(listed.at(-1)).toMatchObject({ id: ada.id, loyalty_tier: 'silver' });
      const events = store.outbox
        .list(10)
        .reverse()
        .map((row) => [row.event_type, JSON.parse(row.data).loyalty_tier ?? JSON.parse(row.data).gift_wrap]);
      expect(events).toEqual([
        ['customer_created', 'gold'],
        ['customer_updated', 'silver'],
        ['product_created', null],
        ['product_updated', true],
      ]);
    } finally {
      store.close();
    }
  });

  it('reaches the storefront drop, and the theme kit contract', async () => {
    const { HandleBook, storeCatalogue } = await import('../src/storefront/catalogue.js');
    const product: ResourceObject = {
      id: 'prod_00000000000000000000000007',
      created_time: '2023-11-03T01:10:00.000Z',
      title: 'Teapot',
      description: 'For two.',
      price: 39.5,
      gift_wrap: true,
    };
    const catalogue = storeCatalogue({ products: [product], categories: [], blogPosts: [] }, new HandleBook());
    expect(catalogue.products[0]).toMatchObject({ title: 'Teapot', giftWrap: true });
    expect(read('packages/sandbox/src/generated/codec.ts')).toContain('gift_wrap: value.giftWrap ?? null,');
    const contract = JSON.parse(read('packages/theme-kit/src/generated/schemas/theme-context.schema.json')) as {
      definitions: Record<string, { properties?: Record<string, unknown> }>;
    };
    expect(JSON.stringify(contract.definitions['ProductDrop'])).toContain('"giftWrap"');
    const mock = JSON.parse(
      read('packages/theme-config/src/generated/schemas/mock-data.schema.json'),
    ) as typeof contract;
    expect(mock.definitions['IProductConfig']?.properties).toHaveProperty('giftWrap');
    expect(read('packages/theme-config/src/generated/spec/categories.ts')).toContain('giftWrap?: boolean;');
  });
});
