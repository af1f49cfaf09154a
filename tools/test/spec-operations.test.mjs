import { describe, expect, it } from 'vitest';
import { loadSpec } from '../api-types/generate.mjs';
import { specOperations } from '../lib/spec-operations.mjs';

describe('specOperations', () => {
  it('reads every operation of the real spec with resolved parameters, bodies and responses', async () => {
    const ops = specOperations(await loadSpec());
    const byId = Object.fromEntries(ops.map((op) => [op.operationId, op]));
    expect(Object.keys(byId)).toEqual(
      expect.arrayContaining([
        'listCustomers',
        'createCustomer',
        'retrieveCustomer',
        'updateCustomer',
        'deleteCustomer',
        'listBlogPosts',
        'authorize',
        'requestToken',
      ]),
    );
    expect(byId.retrieveCustomer).toMatchObject({
      method: 'get',
      path: '/customers/{id}',
      tag: 'Customers',
      authenticated: true,
    });
    expect(byId.retrieveCustomer.parameters).toEqual([
      {
        name: 'id',
        in: 'path',
        required: true,
        // Each resource's id parameters carry its own example (a customer id here), not ObjectId's.
        schema: { type: 'string', minLength: 1, examples: ['cus_00000000000000000000000042'] },
        schemaRef: undefined,
      },
    ]);
    expect(byId.createCustomer.requestBody).toMatchObject({
      required: true,
      contentType: 'application/json',
      schemaRef: 'CustomerCreateRequest',
    });
    expect(byId.createCustomer.success).toMatchObject({ status: '201', schemaRef: 'Customer' });
    expect(byId.deleteCustomer.success).toEqual({
      status: '204',
      contentType: undefined,
      otherContentTypes: [],
      schema: undefined,
      schemaRef: undefined,
      headers: [],
    });
    // A response with two media types: the first is `contentType`, the others are listed.
    expect(byId.authorize.responses.find((r) => r.status === '400')).toMatchObject({
      contentType: 'application/json',
      otherContentTypes: ['text/html'],
      schemaRef: 'ErrorBody',
    });
    expect(byId.listCustomers.parameters.map((p) => p.name)).toEqual(['limit', 'starting_after', 'ending_before']);
    expect(byId.listCustomers.responses.find((r) => r.status === '429').headers).toEqual(['Retry-After']);
    expect(byId.authorize.authenticated).toBe(false);
    // Client credentials in the body or as HTTP Basic: no bearer token required.
    expect(byId.requestToken.authenticated).toBe(false);
    expect(byId.listCharges.unspecified).toMatch(/path/);
  });

  it('lets operation parameters override path-level ones and refuses broken specs', () => {
    const spec = {
      paths: {
        '/a/{id}': {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          get: {
            operationId: 'getA',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
            responses: { 200: { description: 'ok' } },
            security: [],
          },
          put: { responses: {} },
        },
      },
    };
    expect(() => specOperations(spec)).toThrow(/PUT \/a\/\{id\} has no operationId/);
    delete spec.paths['/a/{id}'].put;
    expect(specOperations(spec)[0].parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'integer' }, schemaRef: undefined },
    ]);
    expect(() =>
      specOperations({
        paths: {
          '/b': { get: { operationId: 'x', parameters: [{ $ref: '#/components/parameters/Nope' }], responses: {} } },
        },
      }),
    ).toThrow(/not defined/);
    expect(() =>
      specOperations({
        paths: {
          '/c': { get: { operationId: 'x', responses: {} } },
          '/d': { get: { operationId: 'x', responses: {} } },
        },
      }),
    ).toThrow(/used twice/);
  });
});
