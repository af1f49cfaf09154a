// Codegen for @commerce-kit/theme-kit: the template contract (specs/theme-kit/template/context.ts) ->
// the published JSON Schema of what templates see, and a copy of the interfaces the package ships.
// `generate()` returns the output as a Map (the root drift check compares it with the files on disk);
// running this file as a script writes it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import TJS from 'typescript-json-schema';
import { GENERATED_BANNER, REPO_ROOT, stableJson, writeGenerated } from '../lib/generated-files.mjs';
import {
  SPEC_COMPILER_OPTIONS,
  reachableDefinitions,
  stripInternalKeywords,
  withoutGuessedConstraints,
} from '../theme-config/postprocess.mjs';

export const OUT_DIR = 'packages/theme-kit/src/generated';
const SPEC_FILE = 'specs/theme-kit/template/context.ts';
const SCHEMA_FILE = 'theme-context.schema.json';
export const SCHEMA_ID = `https://unpkg.com/@commerce-kit/theme-kit/dist/schemas/${SCHEMA_FILE}`;
/** The contexts a template can be rendered with: the page's, the layout's, a block's. */
const ROOTS = ['ThemeContext', 'LayoutContext', 'BlockContext'];

/**
 * The spec imports the config formats from its sibling files; the shipped copy imports the same types
 * from the package that publishes them.
 */
const IMPORT_REWRITES = [
  [`from '../enums';`, `from '@commerce-kit/theme-config';`],
  [`from '../mock-data';`, `from '@commerce-kit/theme-config/mock';`],
];

function contextSchema(repoRoot) {
  const file = path.join(repoRoot, SPEC_FILE);
  const program = TJS.getProgramFromFiles([file], SPEC_COMPILER_OPTIONS);
  const generator = TJS.buildGenerator(program, {
    required: true,
    ref: true,
    aliasRef: false,
    topRef: true,
    strictNullChecks: true,
    validationKeywords: ['guessed'],
  });
  if (!generator) throw new Error(`typescript-json-schema could not compile ${SPEC_FILE}`);
  // Configured values reach templates as they are, and a config may break a recommended (`@guessed`)
  // constraint with only a warning: the schema must accept what such a config renders.
  const { definitions } = stripInternalKeywords(withoutGuessedConstraints(generator.getSchemaForSymbols(ROOTS)));
  const { description: _description, ...root } = definitions.ThemeContext;
  const used = new Set([
    ...ROOTS.slice(1),
    ...ROOTS.flatMap((name) => reachableDefinitions(definitions[name], definitions)),
  ]);
  used.delete('ThemeContext');
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: SCHEMA_ID,
    title: 'Theme kit template context',
    description:
      "What a theme's Liquid templates see (ThemeContext); the layout also sees content_for_layout (LayoutContext) and a block template block (BlockContext).",
    ...root,
    definitions: Object.fromEntries([...used].sort().map((name) => [name, definitions[name]])),
  };
}

/**
 * Generates everything under packages/theme-kit/src/generated (from `root`'s specs/: a copy, in a test).
 * @returns {Promise<Map<string, string>>} repo-relative path -> contents
 */
export async function generate({ root = REPO_ROOT } = {}) {
  const out = new Map();
  out.set(`${OUT_DIR}/schemas/${SCHEMA_FILE}`, stableJson(contextSchema(root)));
  let spec = (await readFile(path.join(root, SPEC_FILE), 'utf8')).replace(/\r\n/g, '\n');
  for (const [from, to] of IMPORT_REWRITES) {
    if (!spec.includes(from))
      throw new Error(`${SPEC_FILE} no longer has the import \`${from}\`; update IMPORT_REWRITES`);
    spec = spec.replaceAll(from, to);
  }
  out.set(`${OUT_DIR}/context.ts`, `// ${GENERATED_BANNER}\n${spec}`);
  return new Map([...out.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = await generate();
  const { written, removed, total } = await writeGenerated(files, OUT_DIR);
  console.log(`theme-kit: ${total} generated files (${written} written, ${removed} removed)`);
}
