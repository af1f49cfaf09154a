// Property tests: the precompiled validators never throw, accept every well-formed customer and list
// envelope, and reject a customer missing any documented field.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as validators from '../src/validators.js';
import type { Validator } from '../src/validators.js';

const all = Object.entries(validators as unknown as Record<string, Validator<unknown>>);

const isoDate = fc
  .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString());
const id = fc.string({ minLength: 1, maxLength: 40 });
const address = fc.option(fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue()), { nil: null });
const customer = fc.record({
  id,
  created_time: isoDate,
  first_name: fc.string(),
  last_name: fc.string(),
  email: fc.emailAddress(),
  company: fc.option(fc.string(), { nil: null }),
  delivery_address: address,
  billing_address: address,
});

describe('precompiled validators', () => {
  it('never throw, whatever the input', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withObjectString: true }), (value) => {
        for (const [, validate] of all) {
          const ok = validate(value);
          expect(typeof ok).toBe('boolean');
        }
      }),
      { numRuns: 300 },
    );
  });

  it('accept every well-formed customer', () => {
    fc.assert(fc.property(customer, (c) => validators.validateCustomer(c)));
  });

  it('accept every well-formed list envelope of customers', () => {
    const page = fc.record({
      limit: fc.integer({ min: 1, max: 100 }),
      has_more: fc.boolean(),
      data: fc.array(customer, { maxLength: 5 }),
    });
    fc.assert(fc.property(page, (p) => validators.validateCustomerList(p)));
  });

  it('reject a customer missing any documented field, pointing at it', () => {
    const keys = [
      'id',
      'created_time',
      'first_name',
      'last_name',
      'email',
      'company',
      'delivery_address',
      'billing_address',
    ] as const;
    fc.assert(
      fc.property(customer, fc.constantFrom(...keys), (c, key) => {
        const broken: Record<string, unknown> = { ...c };
        delete broken[key];
        expect(validators.validateCustomer(broken)).toBe(false);
        expect(validators.validateCustomer.errors).toContainEqual(
          expect.objectContaining({ keyword: 'required', instancePath: '', params: { missingProperty: key } }),
        );
      }),
    );
  });

  it('reject a limit outside 1..100 in a list envelope', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 101 })), (limit) => {
        expect(validators.validateCustomerList({ limit, has_more: false, data: [] })).toBe(false);
      }),
    );
  });
});
