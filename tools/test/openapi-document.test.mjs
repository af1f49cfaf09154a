// The one loader of the OpenAPI document (tools/lib/openapi-document.mjs): specs/openapi.yaml's request
// schemas are derived from their resource (x-derive), and the complete document every tool reads has them
// written out exactly as they were written by hand before.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { REPO_ROOT } from '../lib/generated-files.mjs';
import {
  COMPLETE_SPEC_PATH,
  SOURCE_SPEC_PATH,
  SpecSourceError,
  expandOpenApi,
  loadOpenApi,
  parseOpenApiSource,
} from '../lib/openapi-document.mjs';

const BEFORE = YAML.parse(
  readFileSync(path.join(import.meta.dirname, 'fixtures/openapi-derive/request-schemas-before.yaml'), 'utf8'),
);
const SOURCE_TEXT = readFileSync(path.join(REPO_ROOT, SOURCE_SPEC_PATH), 'utf8');
const SOURCE = YAML.parse(SOURCE_TEXT);

describe('the complete OpenAPI document', () => {
  it('writes out every request schema exactly as it was written by hand: properties, required, constraints, examples', () => {
    const schemas = loadOpenApi().components.schemas;
    for (const [name, before] of Object.entries(BEFORE)) {
      expect(SOURCE.components.schemas[name], name).not.toHaveProperty('properties');
      expect(SOURCE.components.schemas[name], name).toHaveProperty('x-derive');
      expect(schemas[name], name).toStrictEqual(before);
      // The published key order is the hand-written one's.
      expect(Object.keys(schemas[name]), name).toEqual(Object.keys(before));
    }
  });

  it('is the committed complete document that Redocly, Prism and the tests read', () => {
    expect(YAML.parse(readFileSync(path.join(REPO_ROOT, COMPLETE_SPEC_PATH), 'utf8'))).toStrictEqual(loadOpenApi());
  });

  it('leaves a readOnly field out of the request, lays the request-only keywords over the field, keeps the rest', () => {
    const source = {
      components: {
        schemas: {
          Tea: {
            type: 'object',
            required: ['id', 'name'],
            properties: {
              id: { type: 'string', readOnly: true },
              name: { type: 'string', description: 'Name.' },
              grams: { type: ['integer', 'null'] },
            },
          },
          TeaCreateRequest: {
            type: 'object',
            description: 'Body.',
            'x-derive': { from: 'Tea', required: ['name'], fields: { grams: { minimum: 1 } } },
            examples: [{ name: 'Sencha' }],
          },
        },
      },
    };
    const expanded = expandOpenApi(source).components.schemas.TeaCreateRequest;
    expect(expanded).toStrictEqual({
      type: 'object',
      description: 'Body.',
      required: ['name'],
      properties: { name: { type: 'string', description: 'Name.' }, grams: { type: ['integer', 'null'], minimum: 1 } },
      additionalProperties: false,
      examples: [{ name: 'Sencha' }],
    });
    expect(source.components.schemas.TeaCreateRequest).toHaveProperty('x-derive');
  });

  it.each([
    ['from: Product', 'from: Nothing', /ProductCreateRequest: x-derive\.from must name a component schema/],
    [
      'price:\n            minimum: 0',
      'id:\n            minimum: 0',
      /x-derive\.fields\.id: Product has no writable field id \(it is readOnly\)/,
    ],
    ['required: [title, description, price]', 'required: [title, description, cost]', /x-derive\.required names cost/],
  ])('refuses a broken x-derive with the file, line and column (%s)', (find, replacement, message) => {
    const at = SOURCE_TEXT.indexOf(find, SOURCE_TEXT.indexOf('    ProductCreateRequest:'));
    const text = SOURCE_TEXT.slice(0, at) + replacement + SOURCE_TEXT.slice(at + find.length);
    expect(() => parseOpenApiSource(text)).toThrow(SpecSourceError);
    expect(() => parseOpenApiSource(text)).toThrow(message);
    expect(() => parseOpenApiSource(text)).toThrow(/^specs\/openapi\.yaml:\d+:\d+: /);
  });

  it('refuses properties written beside x-derive', () => {
    const source = structuredClone(SOURCE);
    source.components.schemas.ProductUpdateRequest.properties = { title: { type: 'string' } };
    expect(() => expandOpenApi(source)).toThrow(/properties is derived \(x-derive\)/);
  });
});
