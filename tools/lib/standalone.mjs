// ajv standalone code is "standalone" only in name: its ESM output still require()s ajv's runtime
// helpers and ajv-formats (ajv issues #2209, #1976). Bundling it with esbuild inlines them, so the
// result runs anywhere (edge runtimes, browsers) with no eval and no dependencies.
import standaloneCode from 'ajv/dist/standalone/index.js';
import { build } from 'esbuild';
import path from 'node:path';
import { REPO_ROOT } from './generated-files.mjs';

/**
 * @param {import('ajv').default} ajv an Ajv instance with `code: { source: true, esm: true }` and its schemas added
 * @param {Record<string, string>} exportsMap export name -> schema $id
 * @returns {Promise<string>} one self-contained ES module
 */
export async function bundleStandaloneValidators(ajv, exportsMap) {
  const source = standaloneCode(ajv, exportsMap);
  const result = await build({
    stdin: {
      contents: source,
      loader: 'js',
      resolveDir: REPO_ROOT,
      sourcefile: 'validators.standalone.js',
    },
    absWorkingDir: REPO_ROOT,
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    target: 'es2020',
    mainFields: ['module', 'main'],
    legalComments: 'none',
    minifySyntax: false,
    logLevel: 'silent',
    nodePaths: [path.join(REPO_ROOT, 'node_modules')],
  });
  // ajv's runtime modules carry a `.code = 'require("ajv/dist/runtime/…")'` string that only ajv's
  // compiler reads; it is dead in precompiled output and would trip every "no require(" check.
  const code = result.outputFiles[0].text.replace(/^\s*\w+\.code = (['"])require\(.*\1;?\n/gm, '');
  const leftover = code.match(/.{0,60}\brequire\(.{0,60}/);
  if (leftover) throw new Error(`bundled validators still contain require(): ${leftover[0]}`);
  return code;
}
