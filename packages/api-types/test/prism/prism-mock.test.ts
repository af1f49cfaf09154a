// Contract test against a third-party tool: Stoplight Prism mocks specs/openapi.yaml, and plain `fetch`
// (default headers: `Accept: */*`) sends it every request the spec's examples describe. A request built
// from examples must get the documented success status; a request that breaks one documented rule must
// get the documented error status. Both answers must match the documented response schema (checked with
// the package's own validators). A tool we did not write reads the spec as users' tools will: a rule the
// spec states but the platform does not (an `Accept` parameter, say) makes a valid request fail here.
//
// What a stateless mock cannot show: 404 (Prism does not know which ids exist), 413 (no size limit), 429
// and 5xx (nothing to trigger them). Webhooks are requests the platform sends, not operations Prism
// serves; their payload examples are checked by contract.test.ts.
import { describe, expect, it } from 'vitest';
import * as validators from '../../src/generated/validators.js';
import type { Validator } from '../../src/generated/validators.js';
import { usePrismMock } from '../../../../tools/testing/prism.mjs';
import { SPEC_FILE, spec } from '../spec-examples.js';
import { createAjv } from '../../../../tools/api-types/generate.mjs';
import { invalidParameterValues, typedParameterValue } from './invalid-parameters.js';
import { BEARER, invalidRequests, operations, parameterSchema, validRequests, type RequestCase } from './requests.js';

const byName = validators as unknown as Record<string, Validator<unknown>>;
const validatorFor = (name: string): Validator<unknown> => {
  const validate = byName[`validate${name}`];
  if (!validate) throw new Error(`no precompiled validator for component schema ${name}`);
  return validate;
};

const prism = usePrismMock({ specFile: SPEC_FILE });

/** Sends the case and checks status, media type and body against the documented response. */
async function expectDocumentedAnswer(testCase: RequestCase): Promise<void> {
  const { operation, expected } = testCase;
  const documented = operation.responses.find((response) => response.status === expected);
  expect(documented, `${operation.operationId} does not document ${expected}`).toBeDefined();
  const response = await prism.fetch(testCase.url, {
    method: testCase.method,
    headers: testCase.headers,
    body: testCase.body ?? null,
  });
  const text = await response.text();
  expect(
    response.status,
    `${testCase.method} ${testCase.url} answered ${response.status}: ${text}\nPrism's log:\n${prism.output()}`,
  ).toBe(Number(expected));
  if (!documented?.contentType) {
    expect(text).toBe('');
    return;
  }
  expect(response.headers.get('content-type')).toMatch(new RegExp(`^${documented.contentType}\\b`, 'i'));
  if (documented.schemaRef) {
    const validate = validatorFor(documented.schemaRef);
    const body: unknown = JSON.parse(text);
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  }
}

describe("the issue's reproduction: curl's default headers and a bearer token", () => {
  it('GET /customers with `Accept: */*` is a 200 with a customer list', async () => {
    const response = await prism.fetch('/customers', {
      headers: { accept: '*/*', 'user-agent': 'curl/8.5.0', authorization: BEARER },
    });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(validatorFor('CustomerList')(JSON.parse(text))).toBe(true);
  });
});

describe("requests built from the spec's examples get the documented success status", () => {
  const cases = validRequests();

  it('cover every operation under paths', () => {
    expect(operations.length).toBeGreaterThan(0);
    expect(new Set(cases.map((c) => c.operation.operationId))).toEqual(new Set(operations.map((op) => op.operationId)));
  });

  it.each(cases.map((c) => [c.title, c] as const))('%s', async (_title, testCase) => {
    expect(testCase.expected).toMatch(/^2\d\d$/);
    await expectDocumentedAnswer(testCase);
  });
});

describe('requests that break one documented rule get the documented error status', () => {
  const cases = invalidRequests();

  it("include every request body's x-invalid-examples, limit above 100 and a missing token", () => {
    const titles = cases.map((c) => c.title);
    for (const op of operations.filter((o) => o.requestBody?.schemaRef)) {
      expect(
        titles.some((t) => t.startsWith(`${op.operationId}: invalid body`)),
        op.operationId,
      ).toBe(true);
    }
    expect(titles).toContain('listCustomers: query parameter limit = "101" (maximum)');
    expect(titles).toContain('listCustomers: no Authorization header');
  });

  it('each parameter value generated as invalid is invalid for its schema', () => {
    const ajv = createAjv();
    ajv.addSchema({ $id: 'spec', components: structuredClone(spec.components) });
    for (const op of operations) {
      for (const parameter of op.parameters) {
        const schema = parameterSchema(parameter);
        for (const invalid of invalidParameterValues(parameter, schema)) {
          if (invalid.value === undefined) continue;
          const validate = ajv.compile(
            JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"spec#/components/')),
          );
          expect(
            validate(typedParameterValue(schema, invalid.value)),
            `${op.operationId} ${parameter.name} ${invalid.value}`,
          ).toBe(false);
        }
      }
    }
  });

  it.each(cases.map((c) => [c.title, c] as const))('%s', async (_title, testCase) => {
    if (testCase.invalidFor) {
      // The value must really be invalid as sent (a form carries strings only).
      expect(validatorFor(testCase.invalidFor.schema)(testCase.invalidFor.value)).toBe(false);
    }
    await expectDocumentedAnswer(testCase);
  });
});
