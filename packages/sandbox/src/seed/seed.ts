/**
 * Deterministic seeding: the same seed and counts give byte-identical rows, ids and `created_time`
 * included, because every date derives from {@link SEED_BASE_TIME} and every value from the seed.
 */
import type { Faker } from '@faker-js/faker';
import type { CustomerFields } from '../store/customers.js';
import type { ObjectKind, StoredObject } from '../store/objects.js';
import type { Store } from '../store/store.js';
import { seededFaker } from './faker.js';
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

const SECTION = { CUSTOMER: 1, ORDER: 2, DISCOUNT: 3 } as const;

const iso = (ms: number): string => new Date(ms).toISOString();
const seqId = (prefix: string, seq: number): string => `${prefix}_${String(seq).padStart(26, '0')}`;
const ascii = (text: string): string => text.normalize('NFKD').replace(/[^A-Za-z0-9]/g, '').toLowerCase() || 'x';

function address(faker: Faker): Record<string, string> {
  return {
    line1: faker.location.streetAddress(),
    city: faker.location.city(),
    postal_code: faker.location.zipCode(),
    country: faker.location.countryCode(),
  };
}

/** Customer number `index` (0-based) of a seed: the same whatever the number of customers. */
export function seededCustomer(seed: ReturnType<typeof seededFaker>, index: number): { createdTime: string; fields: CustomerFields } {
  const faker = seed.at(SECTION.CUSTOMER, index);
  const firstName = faker.person.firstName();
  const lastName = faker.person.lastName();
  const delivery = faker.datatype.boolean(0.7) ? address(faker) : null;
  const billing = delivery !== null && faker.datatype.boolean(0.6) ? delivery : faker.datatype.boolean(0.3) ? address(faker) : null;
  return {
    createdTime: iso(SEED_BASE_TIME + index * CUSTOMER_SLOT + faker.number.int({ min: 0, max: CUSTOMER_SLOT - 1 })),
    fields: {
      first_name: firstName,
      last_name: lastName,
      // example.com is reserved: a seeded address can never reach a real mailbox.
      email: `${ascii(firstName)}.${ascii(lastName)}${index + 1}@example.com`,
      company: faker.datatype.boolean(0.4) ? faker.company.name() : null,
      delivery_address: delivery,
      billing_address: billing,
    },
  };
}

/** Fills an empty store. */
export function seedStore(store: Store, seed: number, customers: number): void {
  const faker = seededFaker(seed);
  store.write(() => {
    for (let i = 0; i < customers; i++) {
      const { createdTime, fields } = seededCustomer(faker, i);
      store.customers.insert(createdTime, fields, i + 1);
    }
    const objects = seededObjects(faker, seed, customers);
    for (const [kind, list] of objects) for (const object of list) store.objects.insert(kind, object);
    store.setMeta('seed', String(seed));
    store.setMeta('seeded_customers', String(customers));
  });
}

function seededObjects(seed: ReturnType<typeof seededFaker>, seedNumber: number, customers: number): Map<ObjectKind, StoredObject[]> {
  const catalogue = mockCatalogue(seedNumber, iso(SEED_BASE_TIME));
  const categories: StoredObject[] = [];
  const products: StoredObject[] = [];
  catalogue.categories.forEach((category, c) => {
    const categoryId = seqId('cat', c + 1);
    categories.push({
      id: categoryId,
      created_time: iso(SEED_BASE_TIME - 60 * DAY + c * HOUR),
      title: category.title,
      description: category.description,
      featured_image: category.featuredImage ?? null,
      num_items: category.items.length,
    });
    for (const item of category.items) {
      const n = products.length + 1;
      products.push({
        id: seqId('prod', n),
        created_time: iso(SEED_BASE_TIME - 59 * DAY + n * 10 * MINUTE),
        category_id: categoryId,
        title: item.title,
        description: item.description,
        featured_image: item.featuredImage ?? null,
        sku: item.sku ?? null,
        currency: item.currency ?? 'USD',
        price: item.price,
        quantity: item.quantity ?? 0,
      });
    }
  });
  const blogPosts = catalogue.articles.map((article, i) => ({
    id: seqId('post', i + 1),
    created_time: article.createdTime,
    title: article.title,
    slug: article.slug,
    meta_description: article.metaDescription,
    content: article.content,
    published_time: article.publishedTime,
    featured_image: article.featuredImage ?? null,
    tags: [...article.tags],
  }));

  const orders: StoredObject[] = [];
  const charges: StoredObject[] = [];
  for (let i = 0; i < (customers > 0 && products.length > 0 ? ORDER_COUNT : 0); i++) {
    const faker = seed.at(SECTION.ORDER, i);
    const customerIndex = faker.number.int({ min: 0, max: customers - 1 });
    const lines = faker.helpers.arrayElements(products, { min: 1, max: 3 }).map((product) => ({
      product_id: product.id,
      quantity: faker.number.int({ min: 1, max: 3 }),
      unit_price: product['price'] as number,
    }));
    const total = Math.round(lines.reduce((sum, line) => sum + line.quantity * line.unit_price, 0) * 100) / 100;
    // After every seeded customer's slot, one order per hour: orders sort after the customers they name.
    const created = SEED_BASE_TIME + customers * CUSTOMER_SLOT + i * HOUR + faker.number.int({ min: 0, max: 59 }) * MINUTE;
    const orderId = seqId('ord', i + 1);
    orders.push({
      id: orderId,
      created_time: iso(created),
      customer_id: seqId('cus', customerIndex + 1),
      currency: 'USD',
      lines,
      total,
      status: faker.helpers.arrayElement(['paid', 'completed']),
    });
    charges.push({ id: seqId('ch', i + 1), created_time: iso(created + MINUTE), order_id: orderId, amount: total, currency: 'USD', status: 'succeeded' });
  }
  const discounts: StoredObject[] = Array.from({ length: DISCOUNT_COUNT }, (_, i) => {
    const faker = seed.at(SECTION.DISCOUNT, i);
    return {
      id: seqId('disc', i + 1),
      created_time: iso(SEED_BASE_TIME - 30 * DAY + i * DAY),
      code: faker.string.alphanumeric({ length: 8, casing: 'upper' }),
      percent_off: faker.helpers.arrayElement([5, 10, 15, 20, 25]),
      active: faker.datatype.boolean(0.75),
    };
  });
  return new Map<ObjectKind, StoredObject[]>([
    ['categories', categories],
    ['products', products],
    ['blog_posts', blogPosts],
    ['orders', orders],
    ['charges', charges],
    ['discounts', discounts],
  ]);
}
