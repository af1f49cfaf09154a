// The codec generator (tools/sandbox/codec.mjs): every field of a resource schema with x-theme-kit pairs
// with a field of its theme-kit type, or generation fails with a message that names both sides.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../api-types/generate.mjs';
import { REPO_ROOT } from '../lib/generated-files.mjs';
import { CodecError, codecModel, codecModule } from '../sandbox/codec.mjs';
import { resourceModels } from '../sandbox/generate.mjs';

const MOCK_SCHEMA = JSON.parse(
  readFileSync(path.join(REPO_ROOT, 'packages/theme-config/src/generated/schemas/mock-data.schema.json'), 'utf8'),
);
const spec = await loadSpec();
const models = resourceModels(spec);

/** The codec model of a copy of the spec and mock schema, each changed by `edit`. */
function model(edit) {
  const copy = structuredClone(spec);
  const mock = structuredClone(MOCK_SCHEMA);
  edit(copy.components.schemas, mock.definitions);
  return () => codecModel(copy, mock, resourceModels(copy));
}

describe('codecModel', () => {
  it('pairs the products, categories and blog posts of the real spec', () => {
    const entries = codecModel(spec, MOCK_SCHEMA, models);
    expect(entries.map((e) => [e.schema, e.type, e.kind])).toEqual([
      ['Product', 'IProductConfig', 'products'],
      ['Category', 'MockCategory', 'categories'],
      ['BlogPost', 'MockArticle', 'blog_posts'],
    ]);
    const product = entries[0].fields;
    expect(product.find((f) => f.api === 'featured_image')).toEqual({
      api: 'featured_image',
      mock: 'featuredImage',
      kind: 'string',
      required: false,
      nullable: true,
    });
    expect(entries[1].fields.find((f) => f.api === 'product_ids')).toMatchObject({
      mock: 'items',
      kind: 'list',
      element: 'Product',
    });
    expect(entries[2].fields.find((f) => f.api === 'published_time')).toMatchObject({ defaultFrom: 'created_time' });
    expect(codecModule(entries, 'banner')).toContain('export function encodeProduct(value: ProductMock): ApiFields {');
  });

  it('fails on an API field with no theme-kit counterpart, naming the field and the way out', () => {
    const run = model((schemas) => {
      schemas.Product.properties.gift_wrap = { type: ['boolean', 'null'] };
    });
    expect(run).toThrow(CodecError);
    expect(run).toThrow(
      /Product\.gift_wrap has no counterpart in the theme kit's IProductConfig \(expected giftWrap\)/,
    );
    expect(run).toThrow(/x-theme-kit\.unmapped/);
  });

  it('fails on a theme-kit field with no API counterpart', () => {
    const run = model((_, definitions) => {
      definitions.IProductConfig.properties.giftWrap = { type: 'boolean' };
    });
    expect(run).toThrow(/IProductConfig\.giftWrap has no counterpart in Product \(expected gift_wrap\)/);
  });

  it('accepts a field on one side listed under unmapped with a reason, and refuses one without', () => {
    const listed = model((schemas) => {
      schemas.Product.properties.gift_wrap = { type: ['boolean', 'null'] };
      schemas.Product['x-theme-kit'].unmapped = { gift_wrap: 'the theme kit shows no wrapping' };
    });
    expect(
      listed()
        .find((e) => e.schema === 'Product')
        .fields.map((f) => f.api),
    ).not.toContain('gift_wrap');
    const noReason = model((schemas) => {
      schemas.Product.properties.gift_wrap = { type: ['boolean', 'null'] };
      schemas.Product['x-theme-kit'].unmapped = { gift_wrap: '' };
    });
    expect(noReason).toThrow(/unmapped\.gift_wrap: say why/);
    const stale = model((schemas) => {
      schemas.Product['x-theme-kit'].unmapped = { gone: 'was removed' };
    });
    expect(stale).toThrow(/unmapped\.gone: neither Product nor IProductConfig has this field/);
  });

  it('a new field on both sides is carried by the codec both ways', () => {
    const entries = model((schemas, definitions) => {
      schemas.Product.properties.gift_wrap = { type: ['boolean', 'null'] };
      definitions.IProductConfig.properties.giftWrap = { type: 'boolean' };
    })();
    const code = codecModule(entries, 'banner');
    expect(code).toContain('readonly giftWrap?: boolean;');
    expect(code).toContain('gift_wrap: value.giftWrap ?? null,');
    expect(code).toContain('...optional("giftWrap", object["gift_wrap"], isBoolean),');
  });

  it('fails on an unknown theme-kit type and on a field type it cannot carry', () => {
    expect(model((schemas) => (schemas.Product['x-theme-kit'].type = 'IGadget'))).toThrow(
      /IGadget is not a type of the theme kit's mock store/,
    );
    expect(
      model((schemas, definitions) => {
        schemas.Product.properties.dimensions = { type: ['object', 'null'] };
        definitions.IProductConfig.properties.dimensions = { type: 'object' };
      }),
    ).toThrow(/IProductConfig\.dimensions: the codec cannot carry a theme-kit field of this type/);
  });
});
