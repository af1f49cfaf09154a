// Bundles the extension for its .vsix (`npm run package` then runs `vsce package --no-dependencies`):
//  - dist/extension.js: src/extension.ts with vscode-languageclient, CommonJS (VS Code loads extensions with
//    require), `vscode` left to the editor;
//  - dist/server.js: the theme kit's CLI as built (@commerce-kit/theme-kit's dist/cli.js, whose
//    `language-server --stdio` command is the server) with every dependency, one CommonJS file that VS Code
//    starts in its own Node (the extension host's Electron, Node 20), so the .vsix needs no node_modules;
//  - the files they read at run time, beside them: the theme kit's dist/schemas and dist/blocks (the same
//    layout as in the package, so paths resolved from the module's URL land on them), and theme-config's
//    JSON Schemas of the seven config files (dist/config-schemas/, the manifest's jsonValidation).
// Exit 1 when the theme kit is not built or esbuild fails.
import { cp, mkdir, readdir, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(path.join(root, 'package.json'));
const themeKit = path.dirname(require.resolve('@commerce-kit/theme-kit/package.json'));
// theme-config is the theme kit's dependency: resolved from there, as the theme kit's code resolves it.
const themeConfig = path.dirname(
  createRequire(path.join(themeKit, 'package.json')).resolve('@commerce-kit/theme-config/package.json'),
);
const dist = path.join(root, 'dist');

const serverEntry = path.join(themeKit, 'dist', 'cli.js');
const needed = [
  serverEntry,
  path.join(themeKit, 'dist', 'schemas'),
  path.join(themeKit, 'dist', 'blocks'),
  path.join(themeConfig, 'dist', 'schemas'),
];
const missing = needed.filter((file) => !existsSync(file));
if (missing.length > 0) {
  console.error(
    `bundle: ${missing.map((file) => path.relative(process.cwd(), file)).join(', ')} missing: ` +
      'build the theme kit first (`npx nx run @commerce-kit/theme-kit:build`)',
  );
  process.exit(1);
}

// In a CommonJS bundle `import.meta` is empty: its `url` becomes the bundle's own file URL.
const importMetaUrl = {
  banner: { js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  define: { 'import.meta.url': '__bundleUrl' },
};

await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });
/** @type {import('esbuild').BuildOptions} */
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  // VS Code 1.91's Electron runs Node 20.
  target: 'node20',
  minify: true,
  // Names kept: error classes are told apart by name, and stack traces in the output channel stay readable.
  keepNames: true,
  legalComments: 'linked',
  // ESM builds first: jsonc-parser's `main` is a UMD module whose requires esbuild cannot follow.
  mainFields: ['module', 'main'],
  logLevel: 'warning',
  // tsup's chunks import each other for order only; the packages say they have no side effects.
  logOverride: { 'ignored-bare-import': 'silent' },
};
try {
  await Promise.all([
    build({
      ...common,
      entryPoints: [path.join(root, 'src', 'extension.ts')],
      outfile: path.join(dist, 'extension.js'),
      external: ['vscode'],
    }),
    build({
      ...common,
      ...importMetaUrl,
      entryPoints: [serverEntry],
      outfile: path.join(dist, 'server.js'),
    }),
  ]);
} catch {
  // esbuild has printed its errors.
  process.exit(1);
}

await cp(path.join(themeKit, 'dist', 'schemas'), path.join(dist, 'schemas'), { recursive: true });
await cp(path.join(themeKit, 'dist', 'blocks'), path.join(dist, 'blocks'), { recursive: true });
await mkdir(path.join(dist, 'config-schemas'));
for (const name of await readdir(path.join(themeConfig, 'dist', 'schemas'))) {
  if (name.endsWith('.stk.config.schema.json'))
    await cp(path.join(themeConfig, 'dist', 'schemas', name), path.join(dist, 'config-schemas', name));
}
