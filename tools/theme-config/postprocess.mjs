// Turns typescript-json-schema output into the published theme kit schemas. Each step is a pure
// function over plain JSON so it can be unit-tested on its own (packages/theme-config/test/postprocess.test.ts).

/**
 * Compiler options of typescript-json-schema's programs of the theme-kit spec (theme-config's and
 * theme-kit's codegen). The spec's interfaces use no ambient types: without `types: []` a program would load
 * every @types package in node_modules (half of theme-config's generate).
 */
export const SPEC_COMPILER_OPTIONS = {
  strict: true,
  strictNullChecks: true,
  skipLibCheck: true,
  types: [],
};

/** The document's misspelled property names and their canonical spelling. */
export const SPELLING_ALIASES = Object.freeze({
  backgound_type: 'background_type',
  backgound_image: 'background_image',
  backgound_image_mode: 'background_image_mode',
});

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Deep-maps every schema object (post-order), so callers can rewrite nodes anywhere in the tree. */
export function mapSchemas(node, fn) {
  if (Array.isArray(node)) return node.map((item) => mapSchemas(item, fn));
  if (!isObject(node)) return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) out[key] = mapSchemas(value, fn);
  return fn(out);
}

const refName = (ref) => decodeURIComponent(ref.replace(/^#\/definitions\//, ''));
const refTo = (name) => `#/definitions/${encodeURIComponent(name)}`;

/**
 * Replaces `anyOf` unions whose branches are all objects with a constant `type` property by `oneOf` plus
 * an OpenAPI-style `discriminator` on `type` (ajv's `discriminator: true` option): one bad block then
 * reports the errors of its own branch only, instead of one error per block type. The node also gets
 * `type: "object"`, which ajv needs to reject non-objects there.
 * @param {{ definitions: Record<string, any> }} schema a schema whose union members are `$ref`s to `definitions`
 * @param {string} [propertyName]
 */
export function unionsToDiscriminatedOneOf(schema, propertyName = 'type') {
  const definitions = schema.definitions ?? {};
  const tagOf = (branch) => {
    const target = branch.$ref ? definitions[refName(branch.$ref)] : branch;
    const prop = target?.properties?.[propertyName];
    if (!prop || !target.required?.includes(propertyName)) return undefined;
    if (prop.const !== undefined) return prop.const;
    if (Array.isArray(prop.enum) && prop.enum.length === 1) return prop.enum[0];
    return undefined;
  };
  return mapSchemas(schema, (node) => {
    if (!Array.isArray(node.anyOf) || node.anyOf.length < 2) return node;
    const tags = node.anyOf.map(tagOf);
    if (tags.some((tag) => typeof tag !== 'string') || new Set(tags).size !== tags.length) return node;
    const { anyOf, ...rest } = node;
    // `type: object` is not decoration: ajv applies `discriminator` (and skips the oneOf) only to
    // objects, so without it a string or a number in place of a block would pass.
    return { ...rest, type: 'object', discriminator: { propertyName }, oneOf: anyOf };
  });
}

/** The spellings a required property may be given in: `background_type` -> both spellings. */
function spellingsOf(name) {
  const canonical = SPELLING_ALIASES[name] ?? name;
  const alias = Object.entries(SPELLING_ALIASES).find(([, c]) => c === canonical)?.[0];
  return alias ? [canonical, alias] : [canonical];
}

/**
 * Turns the `requiredAnyOf` annotation (groups of alternative spellings, from the TSDoc tag) into
 * standard JSON Schema: `allOf: [{ anyOf: [{ required: [a] }, { required: [b] }] }]`.
 */
export function applyRequiredAnyOf(schema) {
  return mapSchemas(schema, (node) => {
    if (!Array.isArray(node.requiredAnyOf)) return node;
    const { requiredAnyOf, ...rest } = node;
    const groups = requiredAnyOf.map((names) => ({ anyOf: names.map((name) => ({ required: [name] })) }));
    return { ...rest, allOf: [...(rest.allOf ?? []), ...groups] };
  });
}

/**
 * The required properties of a settings definition, each with its accepted spellings: the plain
 * `required` list plus the alternative-spelling groups.
 * @returns {string[][]}
 */
export function requiredGroups(settingsSchema) {
  const groups = (settingsSchema.required ?? []).map((name) => spellingsOf(name));
  for (const names of settingsSchema.requiredAnyOf ?? []) groups.push([...names]);
  return groups;
}

/**
 * For a block whose property position is not shown (directly in `props` or in `props.settings`), builds
 * the "required somewhere" constraint: for every required setting, an `anyOf` over both positions and
 * both spellings.
 */
export function flexibleRequired(groups) {
  return groups.map((names) => ({
    anyOf: names.flatMap((name) => [
      { required: [name] },
      { required: ['settings'], properties: { settings: { required: [name] } } },
    ]),
  }));
}

/**
 * Renames definitions (and every `$ref` to them), e.g. `FlexibleProps<IAudioBlockSettings>` -> `IAudioBlockProps`.
 * @param {Record<string, string>} renames old name -> new name
 */
export function renameDefinitions(schema, renames) {
  const definitions = {};
  for (const [name, def] of Object.entries(schema.definitions ?? {})) definitions[renames[name] ?? name] = def;
  const renamed = mapSchemas({ ...schema, definitions }, (node) => {
    if (typeof node.$ref !== 'string') return node;
    const target = refName(node.$ref);
    return renames[target] ? { ...node, $ref: refTo(renames[target]) } : node;
  });
  return renamed;
}

/** Names of the definitions reachable from `root` through `$ref`s. */
export function reachableDefinitions(root, definitions) {
  const seen = new Set();
  const visit = (node) => {
    mapSchemas(node, (n) => {
      if (typeof n.$ref === 'string') {
        const name = refName(n.$ref);
        if (!seen.has(name) && definitions[name]) {
          seen.add(name);
          visit(definitions[name]);
        }
      }
      return n;
    });
  };
  visit(root);
  return [...seen].sort();
}

/** The optional `$schema` property editors add to a config file. */
export const SCHEMA_PROPERTY = Object.freeze({
  type: 'string',
  description: 'JSON Schema of this file, for editors (ignored by the theme kit).',
});

/**
 * Builds one file's root schema: draft-07, `$id`, title and description, the root type inlined, an
 * optional `$schema` property on object roots, and only the definitions it uses.
 * @param {{ id: string, title: string, description: string, rootType: string, definitions: Record<string, any> }} input
 */
export function buildRootSchema({ id, title, description, rootType, definitions }) {
  let root = definitions[rootType];
  if (!root) throw new Error(`no definition for root type ${rootType}`);
  // `type X = IStoreConfig` comes out as a bare $ref: inline the target so the root can carry `$schema`.
  while (root.$ref && Object.keys(root).every((key) => key === '$ref' || key === 'description')) {
    root = definitions[refName(root.$ref)];
  }
  const { description: _description, title: _title, ...body } = root;
  if (body.type === 'object') {
    body.properties = { $schema: SCHEMA_PROPERTY, ...body.properties };
  }
  const used = reachableDefinitions(body, definitions);
  const schema = { $schema: DRAFT_07, $id: id, title, description, ...body };
  if (used.length > 0) schema.definitions = Object.fromEntries(used.map((name) => [name, definitions[name]]));
  return schema;
}

/**
 * Drops annotations the published schemas must not carry (they are inputs of this pipeline only).
 */
export function stripInternalKeywords(schema) {
  return mapSchemas(schema, (node) => {
    if (!('requiredAnyOf' in node) && !('guessed' in node)) return node;
    const { requiredAnyOf: _drop, guessed: _guessed, ...rest } = node;
    return rest;
  });
}

/** The value of a constraint keyword that identifies it in a validator's error (`params`). */
const RECOMMENDABLE = new Set([
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'additionalProperties',
]);

/** The keywords a node's `guessed` annotation (from the `@guessed` TSDoc tag) names. */
function guessedKeywords(node) {
  const value = node.guessed;
  const names = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/) : [];
  for (const name of names) {
    if (!RECOMMENDABLE.has(name))
      throw new Error(`@guessed ${name}: only ${[...RECOMMENDABLE].join(', ')} can be guessed`);
    if (!(name in node)) throw new Error(`@guessed ${name} on a schema without \`${name}\`: ${JSON.stringify(node)}`);
  }
  return names.filter(Boolean);
}

const constraintKey = (keyword, value) => JSON.stringify([keyword, value]);

/**
 * The recommended constraints: every (keyword, value) pair marked `@guessed` in the spec, plus
 * `additionalProperties: false` (the document never says an object is closed). Each pair must be
 * recommended everywhere it occurs, since a validator's error carries the pair, not the place: a
 * stated constraint with the same pair is a generation error.
 * @returns {Array<{ keyword: string, value: unknown }>} sorted
 */
export function recommendedConstraints(definitions) {
  const recommended = new Map([
    [constraintKey('additionalProperties', false), { keyword: 'additionalProperties', value: false }],
  ]);
  const stated = new Map();
  mapSchemas({ definitions }, (node) => {
    const guessed = new Set(guessedKeywords(node));
    for (const keyword of RECOMMENDABLE) {
      if (!(keyword in node) || keyword === 'additionalProperties') continue;
      const key = constraintKey(keyword, node[keyword]);
      if (guessed.has(keyword)) recommended.set(key, { keyword, value: node[keyword] });
      else stated.set(key, node);
    }
    return node;
  });
  for (const key of recommended.keys()) {
    if (stated.has(key))
      throw new Error(
        `${key} is marked @guessed in one place and stated in another: ${JSON.stringify(stated.get(key))}`,
      );
  }
  return [...recommended.values()].sort((a, b) =>
    constraintKey(a.keyword, a.value) < constraintKey(b.keyword, b.value) ? -1 : 1,
  );
}

/** "pattern `^[A-Z]{3}$`", "minimum 0": a constraint as words for a description. */
function describeConstraint(keyword, value) {
  return keyword === 'pattern'
    ? `pattern \`${value}\``
    : keyword === 'format'
      ? `format \`${value}\``
      : keyword === 'multipleOf' && value === 1
        ? 'a whole number'
        : `${keyword} ${value}`;
}

/**
 * Adds to the description of every node with `@guessed` constraints which ones the platform's
 * documentation does not state (editors show it on hover), before the annotation is stripped.
 */
export function describeGuessed(schema) {
  return mapSchemas(schema, (node) => {
    const guessed = guessedKeywords(node);
    if (guessed.length === 0) return node;
    const note = `Recommended, not stated by the platform's documentation (theme-config validate warns): ${guessed.map((k) => describeConstraint(k, node[k])).join(', ')}.`;
    return { ...node, description: node.description ? `${node.description.trimEnd()} ${note}` : note };
  });
}

/** The schema with every `@guessed` constraint removed (the stated ones stay). */
export function withoutGuessedConstraints(schema) {
  return mapSchemas(schema, (node) => {
    if (!('guessed' in node)) return node;
    const { guessed, ...rest } = node;
    for (const keyword of String(guessed).split(/[\s,]+/)) delete rest[keyword];
    return rest;
  });
}
