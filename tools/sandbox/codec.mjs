// The codec between the theme kit's mock store (camelCase, specs/theme-kit) and the API's resources
// (snake_case, specs/openapi.yaml), generated into packages/sandbox/src/generated/codec.ts. The seed encodes the
// mock store's products, categories and blog posts with it; the storefront decodes the live objects back.
//
// A resource schema names its theme-kit type with `x-theme-kit`:
//   x-theme-kit:
//     type: MockCategory                 # a definition of the mock store's schema (mock-data.schema.json)
//     fields:                            # optional: API fields whose theme-kit name is not their camelCase
//       product_ids: { field: items, ids-of: Product }   # a list of ids <-> the objects themselves
//     unmapped:                          # optional: fields of either side with no counterpart, and why
//       numItems: the number of product_ids; not stored
// Every other field must have a counterpart on the other side (`featured_image` <-> `featuredImage`): a field
// added on one side only fails the generation (CodecError), so it cannot be seeded as `null` unnoticed.
// `id` is the platform's; `created_time` is the platform's unless the theme-kit type has `createdTime`.

/** A theme-kit type and a resource schema that do not match field for field. */
export class CodecError extends Error {
  constructor(message) {
    super(`specs/openapi.yaml: ${message}`);
    this.name = 'CodecError';
  }
}

const COMPONENT_SCHEMA = '#/components/schemas/';
const EXTENSION = 'x-theme-kit';

/** `featured_image` -> `featuredImage`. */
export const camelCase = (name) => name.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());

function resolve(spec, schema) {
  let current = schema ?? {};
  for (let i = 0; i < 32 && typeof current.$ref === 'string'; i++)
    current = spec.components?.schemas?.[current.$ref.slice(COMPONENT_SCHEMA.length)] ?? {};
  return current;
}

function allowsNull(spec, raw) {
  const schema = resolve(spec, raw);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('null')) return true;
  return [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].some((branch) => allowsNull(spec, branch));
}

/** The value kind of a theme-kit property: string, number, integer, boolean, strings (string[]) or a $ref list. */
function mockKind(where, property) {
  const type = property.type;
  if (type === 'string' || type === 'number' || type === 'integer' || type === 'boolean') return type;
  if (type === 'array' && property.items?.type === 'string') return 'strings';
  if (type === 'array' && typeof property.items?.$ref === 'string') return 'list';
  throw new CodecError(
    `${where}: the codec cannot carry a theme-kit field of this type (${JSON.stringify(property)}); ` +
      'it handles strings, numbers, integers, booleans, string lists and lists of ids',
  );
}

/**
 * The codec's model: one entry per resource schema with `x-theme-kit`, its fields paired.
 * @param {Record<string, any>} spec the OpenAPI document
 * @param {{ definitions: Record<string, any> }} mockSchema the mock store's JSON Schema (theme-config's mock-data.schema.json)
 * @param {Array<{ schema: string, fields: Array<{ name: string, onCreate: unknown }> }>} models the resource models
 */
export function codecModel(spec, mockSchema, models) {
  const schemas = spec.components?.schemas ?? {};
  const entries = [];
  for (const [name, schema] of Object.entries(schemas)) {
    const ext = schema[EXTENSION];
    if (ext === undefined) continue;
    const where = `${name}.${EXTENSION}`;
    if (typeof ext?.type !== 'string') throw new CodecError(`${where}: type must name a theme-kit type`);
    const mock = mockSchema.definitions?.[ext.type];
    if (!mock?.properties)
      throw new CodecError(`${where}: ${ext.type} is not a type of the theme kit's mock store (mock-data.schema.json)`);
    const model = models.find((m) => m.schema === name);
    if (!model) throw new CodecError(`${where}: ${name} is not a resource the sandbox stores (no list operation)`);
    const unmapped = ext.unmapped ?? {};
    for (const [field, reason] of Object.entries(unmapped)) {
      if (typeof reason !== 'string' || reason.trim() === '')
        throw new CodecError(`${where}.unmapped.${field}: say why the field has no counterpart`);
    }
    const renames = ext.fields ?? {};
    const mockProps = mock.properties;
    const mockRequired = new Set(mock.required ?? []);
    const used = new Set();
    const fields = [];
    for (const [api, property] of Object.entries(schema.properties ?? {})) {
      if (api === 'id') continue;
      const rename = renames[api];
      const target = typeof rename === 'string' ? rename : (rename?.field ?? camelCase(api));
      if (!(target in mockProps)) {
        if (rename !== undefined) throw new CodecError(`${where}.fields.${api}: ${ext.type} has no field ${target}`);
        if (api in unmapped || api === 'created_time') continue;
        throw new CodecError(
          `${name}.${api} has no counterpart in the theme kit's ${ext.type} (expected ${target}): add the field to ` +
            `specs/theme-kit, or list ${api} under ${where}.unmapped with the reason`,
        );
      }
      if (api in unmapped) throw new CodecError(`${where}.unmapped.${api}: ${api} does have a counterpart (${target})`);
      used.add(target);
      const kind = mockKind(`${ext.type}.${target}`, mockProps[target]);
      const idsOf = typeof rename === 'object' && rename !== null ? rename['ids-of'] : undefined;
      if ((kind === 'list') !== (idsOf !== undefined))
        throw new CodecError(
          `${where}.fields.${api}: a theme-kit list of objects (${ext.type}.${target}) pairs with a list of ids, named by ids-of`,
        );
      let element;
      if (idsOf !== undefined) {
        const ref = mockProps[target].items.$ref.split('/').pop();
        element = entries.find((e) => e.schema === idsOf);
        if (!element)
          throw new CodecError(
            `${where}.fields.${api}: ids-of ${idsOf} must be a resource with x-theme-kit, listed before ${name}`,
          );
        if (element.type !== ref)
          throw new CodecError(
            `${where}.fields.${api}: ${ext.type}.${target} lists ${ref}, but ${idsOf} is ${element.type}`,
          );
      }
      const onCreate = model.fields.find((f) => f.name === api)?.onCreate;
      const from = typeof onCreate === 'object' && onCreate !== null && 'from' in onCreate ? onCreate.from : undefined;
      fields.push({
        api,
        mock: target,
        kind,
        required: mockRequired.has(target),
        nullable: allowsNull(spec, property),
        ...(idsOf !== undefined ? { element: element.name } : {}),
        ...(from !== undefined ? { defaultFrom: from } : {}),
      });
    }
    for (const field of Object.keys(mockProps)) {
      if (used.has(field) || field in unmapped) continue;
      throw new CodecError(
        `the theme kit's ${ext.type}.${field} has no counterpart in ${name} (expected ${field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}): ` +
          `add the field to ${name} and its request schemas, or list ${field} under ${where}.unmapped with the reason`,
      );
    }
    for (const field of Object.keys(unmapped)) {
      if (!(field in mockProps) && !(field in (schema.properties ?? {})))
        throw new CodecError(`${where}.unmapped.${field}: neither ${name} nor ${ext.type} has this field`);
    }
    for (const field of fields) {
      if (field.defaultFrom !== undefined && !fields.some((f) => f.api === field.defaultFrom))
        throw new CodecError(`${name}.${field.api}: x-default-from ${field.defaultFrom} has no theme-kit counterpart`);
    }
    entries.push({ schema: name, name, type: ext.type, kind: model.kind, fields });
  }
  return entries;
}

const TS_TYPE = { string: 'string', number: 'number', integer: 'number', boolean: 'boolean', strings: 'string[]' };
const GUARD = {
  string: 'isString',
  number: 'isNumber',
  integer: 'isInteger',
  boolean: 'isBoolean',
  strings: 'isStrings',
};
const FALLBACK = { string: "''", number: '0', integer: '0', boolean: 'false', strings: '[]' };
const key = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));
const read = (api) => `object[${JSON.stringify(api)}]`;
const access = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? `value.${name}` : `value[${JSON.stringify(name)}]`);

function entryCode(entry) {
  const lists = entry.fields.filter((f) => f.kind === 'list');
  const generics = lists.map((f, i) => `T${i} = ${f.element}Mock`);
  const generic = (f) => `T${lists.indexOf(f)}`;
  const typeOf = (f) => (f.kind === 'list' ? `${generic(f)}[]` : TS_TYPE[f.kind]);
  const iface = [
    `/** The fields of the theme kit's \`${entry.type}\` that the API's \`${entry.schema}\` carries. */`,
    `export interface ${entry.name}Mock${generics.length > 0 ? `<${generics.join(', ')}>` : ''} {`,
    ...entry.fields.map((f) => `  readonly ${key(f.mock)}${f.required ? '' : '?'}: ${typeOf(f)};`),
    '}',
  ];
  const idsParam =
    lists.length > 0 ? `, ids: { ${lists.map((f) => `readonly ${key(f.api)}: readonly string[]`).join('; ')} }` : '';
  const encodeInput =
    lists.length > 0
      ? `Omit<${entry.name}Mock<unknown>, ${lists.map((f) => JSON.stringify(f.mock)).join(' | ')}>`
      : `${entry.name}Mock`;
  const encoded = entry.fields.map((f) => {
    if (f.kind === 'list') return `    ${key(f.api)}: [...ids.${f.api}],`;
    const value = f.kind === 'strings' ? `[...${access(f.mock)}]` : access(f.mock);
    if (f.required) return `    ${key(f.api)}: ${value},`;
    if (f.nullable)
      return `    ${key(f.api)}: ${f.kind === 'strings' ? `${access(f.mock)} === undefined ? null : ${value}` : `${access(f.mock)} ?? null`},`;
    return `    ...(${access(f.mock)} === undefined ? {} : { ${key(f.api)}: ${value} }),`;
  });
  const decodeFn = (f) => {
    if (f.kind === 'list') return `    ${key(f.mock)}: resolve.${f.mock}(stringList(${read(f.api)})),`;
    if (!f.required) return `    ...optional(${JSON.stringify(f.mock)}, ${read(f.api)}, ${GUARD[f.kind]}),`;
    const source = entry.fields.find((s) => s.api === f.defaultFrom);
    const fallback = source
      ? `${GUARD[source.kind]}(${read(source.api)}) ? ${read(source.api)} : ${FALLBACK[source.kind]}`
      : FALLBACK[f.kind];
    if (f.kind === 'strings') return `    ${key(f.mock)}: stringList(${read(f.api)}),`;
    return `    ${key(f.mock)}: ${GUARD[f.kind]}(${read(f.api)}) ? ${read(f.api)} : ${fallback},`;
  };
  const typeArgs = lists.length > 0 ? `<${lists.map((_, i) => `T${i}`).join(', ')}>` : '';
  const resolveParam =
    lists.length > 0
      ? `, resolve: { readonly ${lists.map((f) => `${key(f.mock)}: (ids: readonly string[]) => ${generic(f)}[]`).join('; readonly ')} }`
      : '';
  return [
    ...iface,
    '',
    `/** The API fields (\`${entry.schema}\`, snake_case) of a theme-kit \`${entry.type}\`: a field left out is \`null\` where the API allows it. */`,
    `export function encode${entry.name}(value: ${encodeInput}${idsParam}): ApiFields {`,
    '  return {',
    ...encoded,
    '  };',
    '}',
    '',
    `/** The theme-kit \`${entry.type}\` fields of an API \`${entry.schema}\`: \`null\` (not set) and fields of the wrong type become absent ones. */`,
    `export function decode${entry.name}${typeArgs}(object: ApiObject${resolveParam}): ${entry.name}Mock${typeArgs} {`,
    '  return {',
    ...entry.fields.map(decodeFn),
    '  };',
    '}',
  ].join('\n');
}

/** packages/sandbox/src/generated/codec.ts */
export function codecModule(entries, banner) {
  return [
    `// ${banner}`,
    '// Source: specs/openapi.yaml (x-theme-kit) and specs/theme-kit (tools/sandbox/codec.mjs): the one mapping between',
    "// the theme kit's mock store (camelCase) and the API's resources (snake_case), used by the seed and the storefront.",
    '',
    '/** An API object as stored (snake_case). */',
    'export type ApiObject = Readonly<Record<string, unknown>>;',
    '/** The fields of an API object, without `id` (`created_time` included where the theme kit has it). */',
    'export type ApiFields = Record<string, unknown>;',
    '',
    '/** The resource kinds the codec maps, with their theme-kit types. */',
    `export const CODEC_KINDS = ${JSON.stringify(Object.fromEntries(entries.map((e) => [e.kind, e.type])))} as const;`,
    '',
    "const isString = (value: unknown): value is string => typeof value === 'string';",
    "const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);",
    'const isInteger = (value: unknown): value is number => Number.isSafeInteger(value);',
    "const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';",
    'const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);',
    '/** The strings of a list (a list of ids, tags); `[]` for anything else. */',
    'const stringList = (value: unknown): string[] => (Array.isArray(value) ? value.filter(isString) : []);',
    '',
    '/** `{ [name]: value }` for a value of the right type, `{}` for `null` or a missing one (the theme kit has no nulls). */',
    'function optional<K extends string, V>(name: K, value: unknown, accept: (value: unknown) => value is V): { [P in K]?: V } {',
    '  return accept(value) ? ({ [name]: value } as { [P in K]?: V }) : {};',
    '}',
    '',
    ...entries.flatMap((entry) => [entryCode(entry), '']),
  ].join('\n');
}
