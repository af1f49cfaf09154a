/**
 * A seeded value for a field the seed does not fill by hand, drawn from the field's shape in the spec
 * (type, format, enum, bounds, nullable): a field added to a resource's schema is seeded with a valid value
 * and no code. Deterministic: the same faker state gives the same value.
 */
import type { Faker } from '@faker-js/faker';
import type { FieldShape, ResourceModel } from '../store/resource-model.js';

/** The seed's base date is the day these are placed around (`SEED_BASE_TIME`). */
const BASE = Date.UTC(2024, 0, 1);
const DAY = 86_400_000;

/**
 * `fields` with a value drawn from its shape for every other field of `model`'s schema, in the schema's order:
 * a field the seed does not fill by hand, or one the mock store has no counterpart for. `faker` is asked for
 * only when there is such a field, so adding one changes no value drawn before.
 */
export function withSchemaValues(
  fields: Readonly<Record<string, unknown>>,
  model: ResourceModel,
  faker: () => Faker,
): Readonly<Record<string, unknown>> {
  const rest = model.fields.filter((field) => !Object.hasOwn(fields, field.name) && field.shape !== undefined);
  if (rest.length === 0) return fields;
  const source = faker();
  const drawn: Record<string, unknown> = { ...fields };
  for (const field of rest) drawn[field.name] = seedValue(field.shape!, source, field.onCreate === 'required');
  return drawn;
}

/** A value of `shape`; `null` now and then when the field is nullable and not required. */
export function seedValue(shape: FieldShape, faker: Faker, required = false): unknown {
  if (shape.nullable && !required && faker.datatype.boolean(0.25)) return null;
  switch (shape.type) {
    case 'string':
      return stringValue(shape, faker);
    case 'integer':
    case 'number': {
      if (shape.enum && shape.enum.length > 0) return faker.helpers.arrayElement(shape.enum);
      const low = shape.minimum ?? (shape.exclusiveMinimum === undefined ? 0 : shape.exclusiveMinimum + 1);
      const high = shape.maximum ?? (shape.exclusiveMaximum === undefined ? low + 100 : shape.exclusiveMaximum - 1);
      return faker.number.int({ min: Math.ceil(low), max: Math.max(Math.ceil(low), Math.floor(high)) });
    }
    case 'boolean':
      return faker.datatype.boolean();
    case 'array':
      return Array.from({ length: faker.number.int({ min: 0, max: 3 }) }, () => seedValue(shape.items, faker, true));
    case 'object':
      return Object.fromEntries(
        Object.entries(shape.properties).flatMap(([name, property]) => {
          const needed = shape.required.includes(name);
          return needed || faker.datatype.boolean(0.5) ? [[name, seedValue(property, faker, needed)]] : [];
        }),
      );
    default:
      return shape.nullable ? null : faker.lorem.word();
  }
}

function stringValue(shape: Extract<FieldShape, { type: 'string' }>, faker: Faker): string {
  if (shape.enum && shape.enum.length > 0) return faker.helpers.arrayElement(shape.enum);
  const iso = (): string => new Date(BASE - faker.number.int({ min: 0, max: 365 }) * DAY).toISOString();
  switch (shape.format) {
    case 'date-time':
      return iso();
    case 'date':
      return iso().slice(0, 10);
    case 'email':
      // example.com is reserved: a seeded address can never reach a real mailbox.
      return `${faker.string.alphanumeric({ length: 8, casing: 'lower' })}@example.com`;
    case 'uri':
    case 'url':
      return `https://example.com/${faker.string.alphanumeric({ length: 8, casing: 'lower' })}`;
    case 'uuid':
      return faker.string.uuid();
    default:
      break;
  }
  if (shape.pattern !== undefined) {
    try {
      return faker.helpers.fromRegExp(shape.pattern.replace(/^\^/, '').replace(/\$$/, ''));
    } catch {
      // A pattern faker cannot draw from: a word, as for any string.
    }
  }
  const min = shape.minLength ?? 1;
  const max = shape.maxLength ?? Math.max(min, 24);
  let text = faker.lorem.words(2);
  while (text.length < min) text += ` ${faker.lorem.word()}`;
  return text.slice(0, max);
}
