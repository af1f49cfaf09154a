// Codegen for @commerce-kit/theme-config: specs/theme-kit/*.ts -> JSON Schemas (typescript-json-schema +
// post-processing) -> precompiled ajv validators (standalone, bundled so they need no ajv and no eval).
// `generate()` returns the output as a Map (the root drift check compares it with the files on disk);
// running this file as a script writes it.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import TJS from 'typescript-json-schema';
import Ajv, { _ } from 'ajv';
import addFormats from 'ajv-formats';
import { bundleStandaloneValidators } from '../lib/standalone.mjs';
import { GENERATED_BANNER, REPO_ROOT, stableJson, writeGenerated } from '../lib/generated-files.mjs';
import { THEME_FILES, SCHEMA_BASE_URL } from './files.mjs';
import {
  SPEC_COMPILER_OPTIONS,
  applyRequiredAnyOf,
  buildRootSchema,
  describeGuessed,
  flexibleRequired,
  mapSchemas,
  recommendedConstraints,
  renameDefinitions,
  requiredGroups,
  stripInternalKeywords,
  unionsToDiscriminatedOneOf,
  withoutGuessedConstraints,
} from './postprocess.mjs';
import { createRequire } from 'node:module';
import { transform } from 'esbuild';

const require = createRequire(import.meta.url);
const SPEC_DIR = 'specs/theme-kit';
export const OUT_DIR = 'packages/theme-config/src/generated';

/** Settings interfaces whose required lists drive the "required in props or props.settings" rule. */
const FLEXIBLE_PROPS = /^FlexibleProps<(I\w+BlockSettings)>$/;
const EXTRA_FLEXIBLE = { GridBlockProps: 'IGridBlockSettings' };

/** typescript-json-schema settings shared by both schema builds: closed objects, `$ref`s, strict nulls. */
const TJS_SETTINGS = {
  required: true,
  noExtraProps: true,
  ref: true,
  aliasRef: false,
  topRef: true,
  strictNullChecks: true,
};

/** Schema of the mock store `generateMockData` returns, from specs/theme-kit/mock-data.ts (root type `MockData`). */
const MOCK_DATA_SCHEMA_FILE = 'mock-data.schema.json';
/** @param {string} [root] the repository whose specs/ to read (a copy, in a test) */
export function generateMockDataSchema(root = REPO_ROOT) {
  const file = path.join(root, SPEC_DIR, 'mock-data.ts');
  const program = TJS.getProgramFromFiles([file], SPEC_COMPILER_OPTIONS);
  const generator = TJS.buildGenerator(program, { ...TJS_SETTINGS, validationKeywords: ['guessed'] });
  if (!generator) throw new Error('typescript-json-schema could not compile specs/theme-kit/mock-data.ts');
  // The output keeps configured values as they are, and a config may break a recommended (`@guessed`)
  // constraint with only a warning: the output schema must accept what such a config produces.
  const { definitions } = withoutGuessedConstraints(generator.getSchemaForSymbol('MockData'));
  return buildRootSchema({
    id: `${SCHEMA_BASE_URL}${MOCK_DATA_SCHEMA_FILE}`,
    title: 'Theme kit mock data',
    description:
      'The mock store the theme kit generates from the *.stk.config.json files (generateMockData / theme-config mock).',
    rootType: 'MockData',
    definitions,
  });
}

function generateRawSchema(root) {
  const files = [path.join(root, SPEC_DIR, 'files.ts'), path.join(root, SPEC_DIR, 'blocks.ts')];
  const program = TJS.getProgramFromFiles(files, SPEC_COMPILER_OPTIONS);
  const generator = TJS.buildGenerator(program, {
    ...TJS_SETTINGS,
    validationKeywords: ['requiredAnyOf', 'examples', 'guessed'],
  });
  if (!generator) throw new Error('typescript-json-schema could not compile specs/theme-kit');
  const settingsTypes = [...program.getSourceFile(files[1]).statements]
    .filter((s) => s.name && /^I\w+BlockSettings$/.test(s.name.text))
    .map((s) => s.name.text);
  return generator.getSchemaForSymbols([...THEME_FILES.map((f) => f.rootType), ...settingsTypes]);
}

/**
 * typescript-json-schema output -> the shared definitions the seven root schemas draw from, and the
 * recommended (`@guessed`) constraints among them.
 * @returns {{ definitions: Record<string, any>, recommended: Array<{ keyword: string, value: unknown }> }}
 */
export function postProcess(raw) {
  const definitions = { ...raw.definitions };
  const renames = {};
  for (const [name, def] of Object.entries(definitions)) {
    const settingsName = FLEXIBLE_PROPS.exec(name)?.[1] ?? EXTRA_FLEXIBLE[name];
    if (settingsName) {
      const settings = definitions[settingsName];
      definitions[name] = { ...def, allOf: flexibleRequired(requiredGroups(settings)) };
      renames[name] = settingsName.replace(/Settings$/, 'Props');
    }
    const partial = /^Partial<(\w+)>$/.exec(name)?.[1];
    if (partial) renames[name] = `${partial}Partial`;
  }
  // dribbbleUrl / flickrUrl: "listed as boolean, described as URL": a URL string (format applies to strings only) or a boolean.
  let schema = mapSchemas({ definitions }, (node) => {
    if (!node.properties?.dribbbleUrl) return node;
    const properties = { ...node.properties };
    for (const key of ['dribbbleUrl', 'flickrUrl'])
      properties[key] = { ...properties[key], format: 'uri', guessed: 'format' };
    return { ...node, properties };
  });
  schema = renameDefinitions(schema, renames);
  schema = applyRequiredAnyOf(schema);
  schema = unionsToDiscriminatedOneOf(schema);
  const recommended = recommendedConstraints(schema.definitions);
  schema = stripInternalKeywords(describeGuessed(schema));
  // A title per definition: editors show it in hovers and error popups ("IAudioBlockProps: ...").
  const titled = Object.fromEntries(
    Object.entries(schema.definitions).map(([name, def]) => [name, def.title ? def : { title: name, ...def }]),
  );
  return { definitions: titled, recommended };
}

/**
 * The SchemaStore catalog entries (https://github.com/SchemaStore/schemastore, \`src/api/json/catalog.json\`
 * format): one per config file, matched by file name, pointing at the published schema.
 */
export function buildCatalog() {
  return {
    $schema: 'https://json.schemastore.org/schema-catalog.json',
    version: 1,
    schemas: THEME_FILES.map((file) => ({
      name: `Theme kit ${file.fileName}`,
      description: file.description,
      fileMatch: [file.fileName],
      url: `${SCHEMA_BASE_URL}${file.schemaFile}`,
    })),
  };
}

/** The seven published root schemas, by file kind. */
export function buildSchemas(definitions) {
  return THEME_FILES.map((file) => ({
    file,
    schema: buildRootSchema({
      id: `${SCHEMA_BASE_URL}${file.schemaFile}`,
      title: file.fileName,
      description: file.description,
      rootType: file.rootType,
      definitions,
    }),
  }));
}

function createAjv() {
  const ajv = new Ajv({
    strict: true,
    strictTypes: false,
    strictRequired: false,
    messages: false,
    allErrors: true,
    discriminator: true,
    code: { source: true, esm: true, formats: _`require("./tools/theme-config/formats.cjs")` },
  });
  const formats = require('./formats.cjs');
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format);
  addFormats(ajv, { formats: [] }); // registers nothing new; keeps the ajv-formats keywords consistent
  return ajv;
}

const VALIDATORS_DTS = `// ${GENERATED_BANNER}
/** One error of a precompiled validator (the subset of ajv's ErrorObject this package reads). */
export interface RawValidationError {
  /** JSON Pointer of the failing value. */
  instancePath: string;
  /** JSON Pointer (as a URI fragment) of the failing schema keyword. */
  schemaPath: string;
  /** The failing keyword, e.g. \`required\`. */
  keyword: string;
  /** Keyword-specific details, e.g. \`{ missingProperty: 'icon' }\`. */
  params: Record<string, unknown>;
  /** ajv's own message (not shown to users). */
  message?: string;
}

/** A precompiled validator: returns whether \`data\` is valid and leaves the errors on \`errors\`. */
export interface PrecompiledValidator {
  (data: unknown): boolean;
  /** Errors of the last call (null when it was valid). */
  errors?: RawValidationError[] | null;
}

`;

/**
 * Generates everything under packages/theme-config/src/generated.
 * @returns {Promise<Map<string, string>>} repo-relative path -> contents
 */
/** @param {{ root?: string }} [options] root: the repository whose specs/ to read (a copy, in a test) */
export async function generate({ root = REPO_ROOT } = {}) {
  const out = new Map();
  const { definitions, recommended } = postProcess(generateRawSchema(root));
  const schemas = buildSchemas(definitions);

  const ajv = createAjv();
  const exportsMap = {};
  for (const { file, schema } of schemas) {
    out.set(`${OUT_DIR}/schemas/${file.schemaFile}`, stableJson(schema));
    ajv.addSchema(schema);
    exportsMap[file.validatorName] = schema.$id;
  }
  // The mock generator's output: a schema only, no precompiled validator (it is not user input).
  out.set(`${OUT_DIR}/schemas/${MOCK_DATA_SCHEMA_FILE}`, stableJson(generateMockDataSchema(root)));
  out.set(`${OUT_DIR}/schemas/catalog.json`, stableJson(buildCatalog()));
  out.set(
    `${OUT_DIR}/recommended.ts`,
    `// ${GENERATED_BANNER}\n` +
      "/**\n * The constraints of the schemas the platform's documentation does not state (`@guessed` in the spec,\n" +
      ' * and closed objects): a validator error on one of them is a warning. Keyed by keyword and value.\n */\n' +
      `export const RECOMMENDED_CONSTRAINTS: ReadonlyArray<{ readonly keyword: string; readonly value: unknown }> = ${JSON.stringify(recommended, null, 2)};\n`,
  );
  // Minified: the validators are ~800 kB of straight-line code otherwise (~30 kB gzipped either way).
  const { code: bundled } = await transform(await bundleStandaloneValidators(ajv, exportsMap), {
    minify: true,
    format: 'esm',
    target: 'es2020',
    legalComments: 'none',
  });
  out.set(
    `${OUT_DIR}/validators.js`,
    `// ${GENERATED_BANNER}\n// @ts-nocheck\n/* eslint-disable */\n${bundled.replace(/\r\n/g, '\n')}`,
  );
  out.set(
    `${OUT_DIR}/validators.d.ts`,
    VALIDATORS_DTS +
      THEME_FILES.map(
        (f) =>
          `/** Validates the contents of \`${f.fileName}\`. */\nexport declare const ${f.validatorName}: PrecompiledValidator;\n`,
      ).join('\n'),
  );

  // The hand-written interfaces ship with the package: copy them verbatim under src/generated/spec.
  const specFiles = (await readdir(path.join(root, SPEC_DIR))).filter((name) => name.endsWith('.ts')).sort();
  for (const name of specFiles) {
    const text = (await readFile(path.join(root, SPEC_DIR, name), 'utf8')).replace(/\r\n/g, '\n');
    out.set(`${OUT_DIR}/spec/${name}`, `// ${GENERATED_BANNER}\n${text}`);
  }
  return new Map([...out.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = await generate();
  const { written, removed, total } = await writeGenerated(files, OUT_DIR);
  console.log(`theme-config: ${total} generated files (${written} written, ${removed} removed)`);
}
