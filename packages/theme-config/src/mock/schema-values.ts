/**
 * Fake values drawn from a JSON Schema property of the mock store (mock-data.schema.json): what a generated
 * product gets for a field of `IProductConfig` that `generateProduct` does not draw by hand, so a field added
 * to the spec is generated with no code.
 */
import type { Faker } from '@faker-js/faker';
import mockDataSchema from '../generated/schemas/mock-data.schema.json' with { type: 'json' };

/** The part of a JSON Schema property a fake value is drawn from. */
export interface PropertySchema {
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly format?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly items?: PropertySchema;
}

const BASE = Date.UTC(2024, 0, 1);
const DAY = 86_400_000;

/** A value of `property`, from `faker` (the same state gives the same value). */
export function fakeValue(property: PropertySchema, faker: Faker): unknown {
  if (property.enum && property.enum.length > 0) return faker.helpers.arrayElement(property.enum);
  const type = Array.isArray(property.type) ? property.type.find((t) => t !== 'null') : property.type;
  switch (type) {
    case 'boolean':
      return faker.datatype.boolean();
    case 'integer':
    case 'number': {
      const min = property.minimum ?? 0;
      return faker.number.int({ min, max: property.maximum ?? min + 100 });
    }
    case 'array':
      return Array.from({ length: faker.number.int({ min: 0, max: 3 }) }, () => fakeValue(property.items ?? {}, faker));
    case 'string':
      if (property.format === 'date-time')
        return new Date(BASE - faker.number.int({ min: 0, max: 365 }) * DAY).toISOString();
      return faker.lorem.words(2);
    default:
      return null;
  }
}

/** The properties of `IProductConfig` other than `drawn` (the ones `generateProduct` draws by hand), in the spec's order. */
export function otherProductFields(drawn: ReadonlySet<string>): ReadonlyArray<readonly [string, PropertySchema]> {
  const properties = (mockDataSchema.definitions.IProductConfig.properties ?? {}) as Record<string, PropertySchema>;
  return Object.entries(properties).filter(([name]) => !drawn.has(name));
}
