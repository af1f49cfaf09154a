/**
 * Deterministic seeding: the same seed and counts give byte-identical rows, ids and `created_time`
 * included, because every date derives from {@link SEED_BASE_TIME} and every value from the seed.
 */
import type { ThemeConfig } from '@commerce-kit/theme-config';
import type { Faker } from '@faker-js/faker';
import { encodeBlogPost, encodeCategory, encodeProduct } from '../generated/codec.js';
import { resourceId } from '../store/resource-model.js';
import type { Store } from '../store/store.js';
import { seededFaker, type SeededFaker } from './faker.js';
import { withSchemaValues } from './field-values.js';
import { mockCatalogue } from './mock-data.js';

/** The fixed date seeded data is placed around (never "now"). */
export const SEED_BASE_TIME = Date.UTC(2024, 0, 1);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Each seeded customer gets its own three-hour slot after the base date, so the order is the seed order. */
const CUSTOMER_SLOT = 3 * HOUR;
const ORDER_COUNT = 40;
const DISCOUNT_COUNT = 8;

/** Faker sections: each part of the seed draws from its own, so adding one changes no other part. */
const SECTION = { CUSTOMER: 1, ORDER: 2, DISCOUNT: 3 } as const;
/** The sections the fields of each kind that the seed does not fill by hand are drawn from. */
const SCHEMA_FIELDS_SECTION: Readonly<Record<string, number>> = {
  customers: 4,
  orders: 5,
  charges: 6,
  discounts: 7,
  products: 8,
  categories: 9,
  blog_posts: 10,
};
/** For a kind the seed does not fill (none today: a resource new to the spec is not seeded until it is). */
const OTHER_KINDS_SECTION = 11;

const iso = (ms: number): string => new Date(ms).toISOString();
const ascii = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase() || 'x';

function address(faker: Faker): Record<string, string> {
  return {
    line1: faker.location.streetAddress(),
    city: faker.location.city(),
    postal_code: faker.location.zipCode(),
    country: faker.location.countryCode(),
  };
}

/** One seeded object: its sequence number (so its id), creation time and fields. */
interface Seeded {
  readonly seq: number;
  readonly createdTime: string;
  readonly fields: Readonly<Record<string, unknown>>;
}

/**
 * Customer number `index` (0-based) of a seed: the same whatever the number of customers. The fields below
 * are drawn by hand (names that match the email); any other field of the schema is drawn on insert.
 */
function seededCustomer(seed: SeededFaker, index: number): Seeded {
  const faker = seed.at(SECTION.CUSTOMER, index);
  const firstName = faker.person.firstName();
  const lastName = faker.person.lastName();
  const delivery = faker.datatype.boolean(0.7) ? address(faker) : null;
  const billing =
    delivery !== null && faker.datatype.boolean(0.6) ? delivery : faker.datatype.boolean(0.3) ? address(faker) : null;
  const createdTime = iso(
    SEED_BASE_TIME + index * CUSTOMER_SLOT + faker.number.int({ min: 0, max: CUSTOMER_SLOT - 1 }),
  );
  const fields: Record<string, unknown> = {
    first_name: firstName,
    last_name: lastName,
    // example.com is reserved: a seeded address can never reach a real mailbox.
    email: `${ascii(firstName)}.${ascii(lastName)}${index + 1}@example.com`,
    company: faker.datatype.boolean(0.4) ? faker.company.name() : null,
    delivery_address: delivery,
    billing_address: billing,
  };
  return { seq: index + 1, createdTime, fields };
}

/**
 * Fills an empty store. Each object is stored as the resource engine stores a creation (the spec's
 * defaults for the fields left out), without webhook events. The products, categories and blog posts are
 * the mock store of `themeConfig` (a theme's loaded config files), or of the default store without one.
 */
export function seedStore(store: Store, seed: number, customers: number, themeConfig?: ThemeConfig): void {
  const faker = seededFaker(seed);
  store.write(() => {
    for (let i = 0; i < customers; i++) insert(store, faker, 'customers', seededCustomer(faker, i));
    for (const [kind, list] of seededCatalogue(store, faker, seed, customers, themeConfig))
      for (const object of list) insert(store, faker, kind, object);
    store.setMeta('seed', String(seed));
    store.setMeta('seeded_customers', String(customers));
  });
}

/**
 * Stores a seeded object. A field of the kind's schema that the seed leaves out (filled neither by hand nor
 * by the codec from the mock store) gets a value drawn from its shape in the spec, from a faker section of
 * the kind's own, so a field added to any resource is seeded with no code and the others never change.
 */
function insert(store: Store, seed: SeededFaker, kind: string, object: Seeded): void {
  const section = SCHEMA_FIELDS_SECTION[kind] ?? OTHER_KINDS_SECTION;
  const fields = withSchemaValues(object.fields, store.resources.model(kind), () => seed.at(section, object.seq - 1));
  store.resources.insert(kind, object.createdTime, fields, object.seq);
}

/** The seeded catalogue (from the theme kit's mock store), orders with their charges, and discounts, by kind. */
function seededCatalogue(
  store: Store,
  seed: SeededFaker,
  seedNumber: number,
  customers: number,
  themeConfig?: ThemeConfig,
): Map<string, Seeded[]> {
  const id = (kind: string, seq: number): string => resourceId(store.resources.model(kind), seq);
  const catalogue = mockCatalogue(seedNumber, iso(SEED_BASE_TIME), themeConfig);
  const categories: Seeded[] = [];
  const products: Array<Seeded & { readonly price: number }> = [];
  // The mock store's objects become API fields through the generated codec (specs/openapi.yaml's x-theme-kit).
  catalogue.categories.forEach((category, c) => {
    const productIds: string[] = [];
    for (const item of category.items) {
      const n = products.length + 1;
      productIds.push(id('products', n));
      products.push({
        seq: n,
        createdTime: iso(SEED_BASE_TIME - 59 * DAY + n * 10 * MINUTE),
        price: item.price,
        fields: encodeProduct(item),
      });
    }
    categories.push({
      seq: c + 1,
      createdTime: iso(SEED_BASE_TIME - 60 * DAY + c * HOUR),
      fields: encodeCategory(category, { product_ids: productIds }),
    });
  });
  const blogPosts: Seeded[] = catalogue.articles.map((article, i) => {
    // A post's creation time is the article's (the codec maps createdTime to created_time).
    const { created_time: createdTime, ...fields } = encodeBlogPost(article);
    return { seq: i + 1, createdTime: String(createdTime), fields };
  });

  const orders: Seeded[] = [];
  const charges: Seeded[] = [];
  for (let i = 0; i < (customers > 0 && products.length > 0 ? ORDER_COUNT : 0); i++) {
    const faker = seed.at(SECTION.ORDER, i);
    const customerIndex = faker.number.int({ min: 0, max: customers - 1 });
    const lines = faker.helpers.arrayElements(products, { min: 1, max: 3 }).map((product) => ({
      product_id: id('products', product.seq),
      quantity: faker.number.int({ min: 1, max: 3 }),
      unit_price: product.price,
    }));
    const total = Math.round(lines.reduce((sum, line) => sum + line.quantity * line.unit_price, 0) * 100) / 100;
    // After every seeded customer's slot, one order per hour: orders sort after the customers they name.
    const created =
      SEED_BASE_TIME + customers * CUSTOMER_SLOT + i * HOUR + faker.number.int({ min: 0, max: 59 }) * MINUTE;
    const customerId = id('customers', customerIndex + 1);
    orders.push({
      seq: i + 1,
      createdTime: iso(created),
      fields: {
        customer_id: customerId,
        currency: 'USD',
        lines,
        total,
        status: faker.helpers.arrayElement(['paid', 'completed']),
      },
    });
    // Each seeded order was paid by one succeeded charge, with the spec's fields of a charge.
    charges.push({
      seq: i + 1,
      createdTime: iso(created + MINUTE),
      fields: {
        order_id: id('orders', i + 1),
        customer_id: customerId,
        amount: total,
        currency: 'USD',
        status: 'succeeded',
        failure_code: null,
      },
    });
  }
  const discounts: Seeded[] = Array.from({ length: DISCOUNT_COUNT }, (_, i) => {
    const faker = seed.at(SECTION.DISCOUNT, i);
    return {
      seq: i + 1,
      createdTime: iso(SEED_BASE_TIME - 30 * DAY + i * DAY),
      fields: {
        code: faker.string.alphanumeric({ length: 8, casing: 'upper' }),
        percent_off: faker.helpers.arrayElement([5, 10, 15, 20, 25]),
        active: faker.datatype.boolean(0.75),
      },
    };
  });
  return new Map<string, Seeded[]>([
    ['categories', categories],
    ['products', products],
    ['blog_posts', blogPosts],
    ['orders', orders],
    ['charges', charges],
    ['discounts', discounts],
  ]);
}
