// The resource engine takes every field from the spec: an optional field added to a copy of the spec
// (to a resource's schema and its create and update bodies) is stored, defaulted, updated, retrieved,
// listed and sent in webhooks with no sandbox code changed. The generator refuses a spec the engine
// could not serve, with a message, rather than generating a sandbox that answers wrong.
import { describe, expect, test } from 'vitest';
import { validateCustomerUpdateRequest } from '@commerce-kit/api-types/validators';
import { componentJsonSchemas, createAjv, loadSpec, schemaId } from '../../../tools/api-types/generate.mjs';
import { resourceModels, ResourceModelError } from '../../../tools/sandbox/generate.mjs';
import { RESOURCES } from '../src/generated/resources.js';
import { EventOutbox } from '../src/events/outbox.js';
import { seedStore } from '../src/seed/seed.js';
import { ResourceService } from '../src/services/resources.js';
import type { ResourceObject } from '../src/store/resource-model.js';
import { Store } from '../src/store/store.js';
import { ManualClock } from '../src/testing/index.js';

type JsonObject = Record<string, unknown>;

const original = await loadSpec();

/** The object at `path` in a parsed spec (to read or edit in place); throws when there is none there. */
function objectAt(json: unknown, ...path: Array<string | number>): JsonObject {
  let node = json;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) break;
    node = (node as JsonObject)[key];
  }
  if (typeof node !== 'object' || node === null) throw new Error(`the spec has no object at ${path.join('/')}`);
  return node as JsonObject;
}

/** A copy of the spec with one more optional field on a resource: its schema, its create and update bodies. */
function withField(schema: string, field: string, definition: JsonObject): unknown {
  const spec = structuredClone(original);
  const schemas = objectAt(spec, 'components', 'schemas');
  for (const name of [schema, `${schema}CreateRequest`, `${schema}UpdateRequest`])
    objectAt(schemas, name, 'properties')[field] = definition;
  return spec;
}

/** The validators of a spec's component schemas, compiled as the code generator compiles them. */
function validatorsOf(spec: unknown): (name: string) => (value: unknown) => boolean {
  const ajv = createAjv();
  for (const schema of componentJsonSchemas(spec).values()) ajv.addSchema(schema);
  return (name) => {
    const validate = ajv.getSchema(schemaId(name));
    if (!validate) throw new Error(`no schema ${name}`);
    return (value) => {
      const ok = validate(value) as boolean;
      if (!ok) throw new Error(`${name}: ${JSON.stringify(validate.errors)}`);
      return ok;
    };
  };
}

function engineFor(spec: unknown): { store: Store; engine: ResourceService; clock: ManualClock } {
  const clock = new ManualClock('2025-06-01T12:00:00Z');
  const store = new Store(undefined, 'normal', resourceModels(spec));
  seedStore(store, 1, 3);
  const engine = new ResourceService(store, new EventOutbox(store, clock, false), clock, () => {});
  return { store, engine, clock };
}

describe('an optional field added to the spec needs no sandbox code', () => {
  test('the generated resource table is what the generator makes of the spec', () => {
    expect(resourceModels(original)).toEqual(RESOURCES);
  });

  test('a customer field: created (given or defaulted to null), updated, retrieved, listed, in the events', async () => {
    const spec = withField('Customer', 'nickname', { type: ['string', 'null'] });
    const valid = validatorsOf(spec);
    const { store, engine, clock } = engineFor(spec);

    // The spec as shipped refuses the field: the validators are what let it in.
    expect(validateCustomerUpdateRequest({ nickname: 'Countess' })).toBe(false);

    const body = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', nickname: 'Countess' };
    valid('CustomerCreateRequest')(body);
    const ada = engine.create('customers', body);
    expect(ada).toMatchObject({ nickname: 'Countess', first_name: 'Ada' });
    valid('Customer')(ada);

    const plain = engine.create('customers', { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.org' });
    expect(plain['nickname']).toBeNull();
    valid('Customer')(plain);

    await clock.advance(1000);
    const change = { nickname: 'Enchantress of Numbers' };
    valid('CustomerUpdateRequest')(change);
    const updated = engine.update('customers', ada.id, change);
    expect(updated).toEqual({ ...ada, nickname: 'Enchantress of Numbers' });
    expect(engine.update('customers', ada.id, { nickname: null })['nickname']).toBeNull();
    engine.update('customers', ada.id, { nickname: 'Countess' });

    expect(engine.retrieve('customers', ada.id)).toMatchObject({ nickname: 'Countess', last_name: 'Lovelace' });
    const page = engine.page('customers', { limit: 100 });
    valid('CustomerList')(page.value);
    const nicknames = page.value.data.map((c: ResourceObject) => c['nickname']);
    expect(nicknames.slice(3)).toEqual(['Countess', null]);
    // The three seeded customers got a nickname drawn from the field's schema (a string, or null: it is nullable).
    for (const nickname of nicknames.slice(0, 3)) expect(nickname === null || typeof nickname === 'string').toBe(true);
    expect(nicknames.slice(0, 3)).toEqual(
      engineFor(spec)
        .engine.page('customers', { limit: 3 })
        .value.data.map((c: ResourceObject) => c['nickname']),
    );
    // The JSON answered is the stored documents, byte for byte what serializing the page gives.
    expect(page.json).toBe(JSON.stringify(page.value));

    const events = store.outbox
      .list(10)
      .reverse()
      .map((row) => [row.event_type, JSON.parse(row.data).nickname]);
    expect(events).toEqual([
      ['customer_created', 'Countess'],
      ['customer_created', null],
      ['customer_updated', 'Enchantress of Numbers'],
      ['customer_updated', null],
      ['customer_updated', 'Countess'],
    ]);
  });

  test('a field with a default on a resource without nulls: the default is stored, the field then changes', () => {
    const spec = withField('Discount', 'stackable', { type: 'boolean' });
    objectAt(spec, 'components', 'schemas', 'DiscountCreateRequest', 'properties')['stackable'] = {
      type: 'boolean',
      default: false,
    };
    const valid = validatorsOf(spec);
    const { engine } = engineFor(spec);
    const created = engine.create('discounts', { code: 'SPRING', percent_off: 10 });
    expect(created).toMatchObject({ code: 'SPRING', stackable: false });
    valid('Discount')(created);
    expect(engine.update('discounts', created.id, { stackable: true })['stackable']).toBe(true);
    expect(engine.list('discounts', { limit: 100 }).data.at(-1)).toMatchObject({ id: created.id, stackable: true });
  });
});

describe('several writes in one transaction (what placing an order needs)', () => {
  test('all of them and their events, or none', () => {
    const { store, engine } = engineFor(original);
    const product = engine.retrieve('products', 'prod_00000000000000000000000001');
    const before = store.outbox.list(100).length;
    expect(() =>
      engine.write((tx) => {
        tx.update('products', product.id, { quantity: 0 });
        tx.emit('product_soldout', { id: product.id });
        tx.create('discounts', { code: 'SORRY', percent_off: 5 });
        throw new Error('the charge failed');
      }),
    ).toThrow('the charge failed');
    expect(engine.retrieve('products', product.id)).toEqual(product);
    expect(engine.list('discounts', { limit: 100 }).data.map((d) => d['code'])).not.toContain('SORRY');
    expect(store.outbox.list(100)).toHaveLength(before);

    const discount = engine.write((tx) => {
      tx.update('products', product.id, { quantity: 0 });
      tx.emit('product_soldout', { id: product.id });
      return tx.create('discounts', { code: 'SORRY', percent_off: 5 });
    });
    expect(engine.retrieve('products', product.id)['quantity']).toBe(0);
    expect(engine.retrieve('discounts', discount.id)).toEqual(discount);
    expect(
      store.outbox
        .list(100)
        .slice(0, 3)
        .reverse()
        .map((row) => [row.event_type, row.object_id]),
    ).toEqual([
      ['product_updated', product.id],
      ['product_soldout', product.id],
      ['discount_created', discount.id],
    ]);
  });
});

describe('the generator refuses what the engine could not serve', () => {
  const refused = (change: (spec: unknown) => void): string => {
    const spec = structuredClone(original);
    change(spec);
    try {
      resourceModels(spec);
    } catch (error) {
      expect(error).toBeInstanceOf(ResourceModelError);
      return (error as Error).message;
    }
    throw new Error('the generator accepted the spec');
  };

  test('a body field the resource does not answer', () => {
    expect(
      refused(
        (spec) =>
          (objectAt(spec, 'components', 'schemas', 'CustomerUpdateRequest', 'properties')['nick'] = { type: 'string' }),
      ),
    ).toMatch(/the update body's field nick is not a property of Customer/);
  });

  test('a field every object has but a creation may leave out with nothing to store', () => {
    expect(
      refused((spec) => {
        const customer = objectAt(spec, 'components', 'schemas', 'Customer');
        objectAt(customer, 'properties')['tier'] = { type: 'string' };
        (customer['required'] as string[]).push('tier');
        objectAt(spec, 'components', 'schemas', 'CustomerCreateRequest', 'properties')['tier'] = { type: 'string' };
      }),
    ).toMatch(/Customer.tier is required in every Customer but a creation may leave it out/);
  });

  test('a writable resource whose events are not webhook event types', () => {
    expect(
      refused(
        (spec) =>
          (objectAt(spec, 'components', 'schemas', 'WebhookEventType')['enum'] = [
            'customer_created',
            'customer_updated',
          ]),
      ),
    ).toMatch(/customer_deleted is not a WebhookEventType/);
  });

  test('examples whose ids do not share one format', () => {
    expect(
      refused((spec) => (objectAt(spec, 'components', 'schemas', 'Customer', 'examples', 1)['id'] = 'customer-43')),
    ).toMatch(/not prefix_digits/);
  });

  test('a write answered with another status than the platform documents', () => {
    expect(
      refused((spec) => {
        const put = objectAt(spec, 'paths', '/customers/{id}', 'put');
        const responses = objectAt(put, 'responses');
        put['responses'] = { '200': responses['201'], '400': responses['400'] };
      }),
    ).toMatch(/answers 200; a successful update answers 201/);
  });
});
