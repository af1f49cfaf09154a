/**
 * A faster `faker.helpers.fake` for the locale templates of product names and descriptions. faker
 * re-parses the template on every call (about 30 µs each); here each template is parsed once and its
 * `{{module.method}}` / `{{module.definition.field}}` placeholders resolved directly, which matters when
 * generating 100,000 products. Anything the fast path does not understand goes to `helpers.fake`.
 */
import type { Faker } from '@faker-js/faker';

type Part = string | readonly string[];

const parsed = new Map<string, readonly Part[] | null>();

function parse(template: string): readonly Part[] | null {
  const parts: Part[] = [];
  let last = 0;
  for (const match of template.matchAll(/\{\{([^{}]*)\}\}/g)) {
    const path = match[1]!.trim().split('.');
    if (!path.every((segment) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(segment)) || path.length < 2 || path.length > 3)
      return null;
    parts.push(template.slice(last, match.index), path);
    last = match.index + match[0].length;
  }
  parts.push(template.slice(last));
  // A placeholder the pattern above did not take (e.g. `{{number.int({"min": 1})}}`) needs the real parser.
  return parts.some((part) => typeof part === 'string' && part.includes('{{')) ? null : parts;
}

type Lookup = Record<string, unknown>;

/** The value of one placeholder, or undefined when the fast path cannot resolve it. */
function resolve(faker: Faker, path: readonly string[]): string | undefined {
  const [moduleName, name, field] = path as [string, string, string | undefined];
  const module = (faker as unknown as Lookup)[moduleName] as Lookup | undefined;
  const method = module?.[name];
  if (field === undefined && typeof method === 'function') {
    const value: unknown = (method as () => unknown).call(module);
    return typeof value === 'string' ? value : undefined;
  }
  const definitions = (faker.definitions as unknown as Record<string, Lookup | undefined>)[moduleName];
  const list = definitions?.[name];
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const element: unknown = faker.helpers.arrayElement(list as unknown[]);
  const value = field === undefined ? element : (element as Lookup | null)?.[field];
  return typeof value === 'string' ? value : undefined;
}

/** Fills a faker template like `helpers.fake` does, from the same generator (so it stays seeded). */
export function fastFake(faker: Faker, template: string): string {
  let parts = parsed.get(template);
  if (parts === undefined) {
    parts = parse(template);
    parsed.set(template, parts);
  }
  if (parts === null) return faker.helpers.fake(template);
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      out += part;
      continue;
    }
    const value = resolve(faker, part);
    if (value === undefined) return faker.helpers.fake(template);
    out += value;
  }
  return out;
}

/** A product name in the generator's locale. */
export function productName(faker: Faker): string {
  const patterns = faker.definitions.commerce.product_name.pattern;
  return fastFake(faker, faker.helpers.arrayElement(patterns));
}

/** A product description in the generator's locale. */
export function productDescription(faker: Faker): string {
  return fastFake(faker, faker.helpers.arrayElement(faker.definitions.commerce.product_description));
}

const BASE36_5 = 36 ** 5;

/** `length` random base-36 characters (upper case when asked): an SKU or an image seed, cheaper than `string.alphanumeric`. */
export function base36(faker: Faker, length: number, upper = false): string {
  let out = '';
  while (out.length < length)
    out += faker.number
      .int({ min: 0, max: BASE36_5 - 1 })
      .toString(36)
      .padStart(5, '0');
  out = out.slice(0, length);
  return upper ? out.toUpperCase() : out;
}
