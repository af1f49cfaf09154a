// Contract tests generated from the spec: one test per example in specs/openapi.yaml.
import { describe, expect, it } from 'vitest';
import * as validators from '../src/generated/validators.js';
import type { Validator } from '../src/generated/validators.js';
import { createAjv } from '../../../tools/api-types/generate.mjs';
import {
  invalidExamples,
  operationExamples,
  operations,
  schemaExamples,
  spec,
  type ExampleCase,
} from './spec-examples.js';

const byName = validators as unknown as Record<string, Validator<unknown>>;
const validatorFor = (name: string): Validator<unknown> => {
  const validate = byName[`validate${name}`];
  if (!validate) throw new Error(`no precompiled validator for component schema ${name}`);
  return validate;
};

// Inline schemas (parameters, headers) are checked by ajv at run time; component schemas by the
// precompiled validators that ship in the package.
const ajv = createAjv();
const inlineSpec = structuredClone(spec) as unknown as Record<string, unknown>;
ajv.addSchema({ $id: 'spec', components: (inlineSpec as { components: unknown }).components }, 'spec');

function check(testCase: ExampleCase): { ok: boolean; errors: unknown } {
  if ('ref' in testCase.schema) {
    const validate = validatorFor(testCase.schema.ref);
    return { ok: validate(testCase.value), errors: validate.errors };
  }
  const schema = JSON.parse(JSON.stringify(testCase.schema.inline).replaceAll('"#/components/', '"spec#/components/'));
  const validate = ajv.compile(schema);
  return { ok: validate(testCase.value), errors: validate.errors };
}

describe('every component schema has a precompiled validator and examples', () => {
  it.each(Object.keys(spec.components.schemas))('%s', (name) => {
    expect(typeof validatorFor(name)).toBe('function');
    expect(spec.components.schemas[name]!.examples?.length ?? 0).toBeGreaterThan(0);
    expect(spec.components.schemas[name]!['x-invalid-examples']?.length ?? 0).toBeGreaterThan(0);
  });
});

describe('schema examples validate', () => {
  it.each(schemaExamples().map((c) => [c.where, c] as const))('%s', (_where, testCase) => {
    const { ok, errors } = check(testCase);
    expect(errors ?? null).toBeNull();
    expect(ok).toBe(true);
  });
});

describe('operation examples (parameters, bodies, responses, headers) validate', () => {
  const cases = operationExamples();
  it('covers every operation', () => {
    const covered = new Set(cases.map((c) => c.where.split(' ').slice(0, 3).join(' ')));
    for (const { prefix } of operations()) expect(covered, prefix).toContain(prefix);
  });
  it.each(cases.map((c) => [c.where, c] as const))('%s', (_where, testCase) => {
    const { ok, errors } = check(testCase);
    expect(errors ?? null).toBeNull();
    expect(ok).toBe(true);
  });
});

describe('negative examples (x-invalid-examples) fail where the spec says', () => {
  it.each(invalidExamples().map(({ name, example }) => [`${name}: ${example.summary}`, name, example] as const))(
    '%s',
    (_title, name, example) => {
      const validate = validatorFor(name);
      expect(validate(example.value)).toBe(false);
      const found = (validate.errors ?? []).map((error) => ({ pointer: error.instancePath, keyword: error.keyword }));
      expect(found).toContainEqual({ pointer: example.pointer, keyword: example.keyword });
    },
  );
});
