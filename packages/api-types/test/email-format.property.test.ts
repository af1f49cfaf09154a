// One email format everywhere: every validator that checks `format: email` accepts RFC 5321's Mailbox
// (generated from the RFC's grammar) and refuses what is clearly not an address, as the one definition
// (tools/api-types/email-address.cjs) does. ajv-formats' own `email` refused `a@localhost` and `0@com`.
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as validators from '../src/validators.js';
import { createAjv } from '../../../tools/api-types/generate.mjs';
import { isEmailAddress } from '../../../tools/api-types/email-address.cjs';
import { invalidEmailAddress, validEmailAddress } from '../../../tools/testing/email-addresses.mjs';

const customer = {
  id: 'cus_00000000000000000000000042',
  created_time: '2026-03-14T09:26:53.589Z',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  company: null,
  delivery_address: null,
  billing_address: null,
};

/** How each published schema that holds an email is given one: the value to validate around `email`. */
const AROUND: Record<string, (email: string) => unknown> = {
  EmailAddress: (email) => email,
  Customer: (email) => ({ ...customer, email }),
  CustomerList: (email) => ({ limit: 1, has_more: false, data: [{ ...customer, email }] }),
  CustomerCreateRequest: (email) => ({ first_name: 'Ada', last_name: 'Lovelace', email }),
  CustomerUpdateRequest: (email) => ({ email }),
};

const SCHEMA_DIR = new URL('../src/generated/schemas/', import.meta.url);
const schemaFiles = readdirSync(SCHEMA_DIR).filter((file) => file.endsWith('.schema.json'));
const withEmail = schemaFiles
  .filter((file) => readFileSync(new URL(file, SCHEMA_DIR), 'utf8').includes('"format": "email"'))
  .map((file) => file.replace(/\.schema\.json$/, ''));

const precompiled = validators as unknown as Record<string, (data: unknown) => boolean>;
const runtimeAjv = createAjv();

/** Every place an email is checked: the definition itself, each precompiled validator, and ajv at run time on the published JSON Schemas. */
const checkers: ReadonlyArray<readonly [string, (email: string) => boolean]> = [
  ['isEmailAddress (the definition)', isEmailAddress],
  ...withEmail.flatMap((name) => {
    const around = AROUND[name];
    if (!around) return [];
    const validate = precompiled[`validate${name}`]!;
    const schema: unknown = JSON.parse(readFileSync(new URL(`${name}.schema.json`, SCHEMA_DIR), 'utf8'));
    const atRunTime = runtimeAjv.getSchema((schema as { $id: string }).$id) ?? runtimeAjv.compile(schema as object);
    return [
      [`validate${name} (precompiled)`, (email: string) => validate(around(email))],
      [`${name}.schema.json with ajv at run time (createAjv)`, (email: string) => atRunTime(around(email)) as boolean],
    ] as const;
  }),
];

describe('the schemas holding an email address', () => {
  it('are exactly the ones this test knows how to check', () => {
    expect(withEmail.sort()).toEqual(Object.keys(AROUND).sort());
  });
});

describe.each(checkers.map(([name, check]) => [name, check] as const))('%s', (_name, check) => {
  it('accepts a@localhost and 0@com (RFC 5321 allows one-label domains and digits)', () => {
    expect(check('a@localhost')).toBe(true);
    expect(check('0@com')).toBe(true);
  });

  it('accepts quoted local parts and address literals', () => {
    for (const email of [
      '"ada lovelace"@example.com',
      '"a@b"@example.com',
      '"a\\"b"@example.com',
      'ada@[192.0.2.1]',
      'ada@[IPv6:2001:db8::1]',
    ]) {
      expect(check(email), email).toBe(true);
    }
  });

  it('refuses the classic non-addresses', () => {
    for (const email of [
      '',
      '@',
      'ada',
      'ada.example.com',
      '@example.com',
      'ada@',
      'ada lovelace@example.com',
      'ada..lovelace@example.com',
      '.ada@example.com',
      'ada.@example.com',
      'ada@example..com',
      'ada@example.com.',
      'ada@-example.com',
      'ada@example-.com',
      'ada@@example.com',
      'ada@[192.0.2.256]',
      'ada@example.com\n',
      'ädä@example.com',
    ]) {
      expect(check(email), JSON.stringify(email)).toBe(false);
    }
  });

  it('accepts every RFC 5321 mailbox (property)', () => {
    fc.assert(
      fc.property(validEmailAddress, (email) => check(email)),
      { numRuns: 500 },
    );
  });

  it('refuses every string that is clearly not an address (property)', () => {
    fc.assert(
      fc.property(invalidEmailAddress, (email) => !check(email)),
      { numRuns: 500 },
    );
  });
});

describe('the precompiled validators and ajv at run time agree on any string', () => {
  it('property: the same answer from every checker', () => {
    fc.assert(
      fc.property(
        fc.oneof(validEmailAddress, invalidEmailAddress, fc.string(), fc.string({ unit: 'binary' })),
        (email) => {
          const answers = new Set(checkers.map(([, check]) => check(email)));
          expect(answers.size, JSON.stringify(email)).toBe(1);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('a refused email is reported at /email with keyword "format"', () => {
    expect(
      validators.validateCustomerCreateRequest({
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada at example.com',
      }),
    ).toBe(false);
    expect(validators.validateCustomerCreateRequest.errors).toEqual([
      expect.objectContaining({ instancePath: '/email', keyword: 'format', params: { format: 'email' } }),
    ]);
  });
});
