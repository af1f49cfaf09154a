import { describe, expect, it } from 'vitest';
import {
  applyRequiredAnyOf,
  buildRootSchema,
  flexibleRequired,
  reachableDefinitions,
  renameDefinitions,
  requiredGroups,
  unionsToDiscriminatedOneOf,
} from '../../../tools/theme-config/postprocess.mjs';

const block = (type: string) => ({
  type: 'object',
  properties: { type: { type: 'string', const: type }, props: { type: 'object' } },
  required: ['props', 'type'],
});

describe('unionsToDiscriminatedOneOf', () => {
  const schema = {
    definitions: {
      Entry: { description: 'a block', anyOf: [{ $ref: '#/definitions/A' }, { $ref: '#/definitions/B' }] },
      A: block('a'),
      B: block('b'),
    },
  };

  it('turns a union of tagged objects into oneOf + discriminator on `type`', () => {
    const out = unionsToDiscriminatedOneOf(schema);
    expect(out.definitions?.['Entry']).toEqual({
      description: 'a block',
      type: 'object',
      discriminator: { propertyName: 'type' },
      oneOf: [{ $ref: '#/definitions/A' }, { $ref: '#/definitions/B' }],
    });
    expect(out.definitions?.['Entry']).not.toHaveProperty('anyOf');
  });

  it('leaves unions alone when a branch has no constant tag, the tag is optional, or tags repeat', () => {
    const untagged = { definitions: { U: { anyOf: [{ type: 'number' }, { type: 'array' }] } } };
    expect(unionsToDiscriminatedOneOf(untagged)).toEqual(untagged);
    const optional = {
      definitions: {
        U: { anyOf: [{ $ref: '#/definitions/A' }, { $ref: '#/definitions/B' }] },
        A: block('a'),
        B: { ...block('b'), required: ['props'] },
      },
    };
    expect(unionsToDiscriminatedOneOf(optional).definitions?.['U']).toHaveProperty('anyOf');
    const repeated = {
      definitions: { U: { anyOf: [{ $ref: '#/definitions/A' }, { $ref: '#/definitions/A' }] }, A: block('a') },
    };
    expect(unionsToDiscriminatedOneOf(repeated).definitions?.['U']).toHaveProperty('anyOf');
  });

  it('accepts single-value enums as tags and inline branches', () => {
    const inline = {
      definitions: { U: { anyOf: [block('x'), { ...block('y'), properties: { type: { enum: ['y'] } } }] } },
    };
    expect(unionsToDiscriminatedOneOf(inline).definitions?.['U']).toHaveProperty('oneOf');
  });
});

describe('required alternatives', () => {
  it('applyRequiredAnyOf turns the TSDoc annotation into allOf/anyOf of required', () => {
    const out = applyRequiredAnyOf({
      type: 'object',
      requiredAnyOf: [['background_type', 'backgound_type']],
      required: ['height'],
    });
    expect(out).toEqual({
      type: 'object',
      required: ['height'],
      allOf: [{ anyOf: [{ required: ['background_type'] }, { required: ['backgound_type'] }] }],
    });
  });

  it('requiredGroups lists both spellings of a required background property', () => {
    expect(requiredGroups({ required: ['height', 'backgound_type'] })).toEqual([
      ['height'],
      ['background_type', 'backgound_type'],
    ]);
    expect(requiredGroups({ required: ['src'], requiredAnyOf: [['background_type', 'backgound_type']] })).toEqual([
      ['src'],
      ['background_type', 'backgound_type'],
    ]);
  });

  it('flexibleRequired accepts a required property in props or in props.settings', () => {
    expect(flexibleRequired([['src']])).toEqual([
      { anyOf: [{ required: ['src'] }, { required: ['settings'], properties: { settings: { required: ['src'] } } }] },
    ]);
  });
});

describe('definitions', () => {
  it('renameDefinitions renames definitions and every $ref to them', () => {
    const out = renameDefinitions(
      {
        definitions: {
          'FlexibleProps<X>': { type: 'object' },
          B: { properties: { p: { $ref: '#/definitions/FlexibleProps%3CX%3E' } } },
        },
      },
      { 'FlexibleProps<X>': 'XProps' },
    );
    expect(Object.keys(out.definitions)).toEqual(['XProps', 'B']);
    expect(out.definitions['B']?.properties?.['p']?.$ref).toBe('#/definitions/XProps');
  });

  it('reachableDefinitions follows $refs transitively', () => {
    const defs = { A: { $ref: '#/definitions/B' }, B: { items: { $ref: '#/definitions/C' } }, C: {}, D: {} };
    expect(reachableDefinitions({ $ref: '#/definitions/A' }, defs)).toEqual(['A', 'B', 'C']);
  });

  it('buildRootSchema inlines the root, adds $id/title/$schema property, keeps only used definitions', () => {
    const definitions = {
      File: { $ref: '#/definitions/Obj' },
      Obj: { type: 'object', properties: { a: { $ref: '#/definitions/E' } }, additionalProperties: false },
      E: { enum: ['x'] },
      Unused: {},
      List: { type: 'array', items: { $ref: '#/definitions/Obj' } },
    };
    const root = buildRootSchema({
      id: 'https://x/obj.json',
      title: 'obj',
      description: 'd',
      rootType: 'File',
      definitions,
    });
    expect(root.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(root.$id).toBe('https://x/obj.json');
    expect(Object.keys(root.properties ?? {})).toEqual(['$schema', 'a']);
    expect(Object.keys(root.definitions ?? {})).toEqual(['E']);
    const list = buildRootSchema({
      id: 'https://x/list.json',
      title: 'list',
      description: 'd',
      rootType: 'List',
      definitions,
    });
    expect(list.type).toBe('array');
    expect(list).not.toHaveProperty('properties');
    expect(Object.keys(list.definitions ?? {})).toEqual(['E', 'Obj']);
  });
});
