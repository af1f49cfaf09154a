// Bundles the extension for its .vsix (`npm run package` then runs `vsce package --no-dependencies`):
//  - dist/extension.js: src/extension.ts with vscode-languageclient, CommonJS (VS Code loads extensions with
//    require), `vscode` left to the editor;
//  - dist/server.js: the theme kit's CLI (its entry, src/bin.ts, built as its tsup config builds it: Liquid
//    files as text), whose `language-server --stdio` command is the server, with every dependency: one
//    CommonJS file that VS Code starts in its own Node (the extension host's Electron, Node 20), so the .vsix
//    needs no node_modules;
//  - dist/check-worker.js: the module the server runs its checks in, in a worker thread
//    (src/language-server/check-runner.ts loads "its own built file" as the worker: in one bundle that would
//    be the whole CLI, so it gets a file of its own, and the server's copy of that module is pointed at it);
//  - the files they read at run time, beside them: the theme kit's schemas and built-in block templates
//    (dist/schemas, dist/blocks: the layout of the package's dist, so paths resolved from the module's
//    URL land on them), and theme-config's JSON Schemas of the seven config files (dist/config-schemas/,
//    the manifest's jsonValidation).
// Exit 1 when a file it bundles is missing or esbuild fails.
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
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

const serverEntry = path.join(themeKit, 'src', 'bin.ts');
const checkRunner = path.join(themeKit, 'src', 'language-server', 'check-runner.ts');
const themeKitSchemas = path.join(themeKit, 'src', 'generated', 'schemas');
const themeKitBlocks = path.join(themeKit, 'src', 'blocks');
const configSchemas = path.join(themeConfig, 'dist', 'schemas');
const missing = [serverEntry, checkRunner, themeKitSchemas, themeKitBlocks, configSchemas].filter(
  (file) => !existsSync(file),
);
if (missing.length > 0) {
  console.error(
    `bundle: ${missing.map((file) => path.relative(process.cwd(), file)).join(', ')} missing` +
      (missing.includes(configSchemas)
        ? ': build theme-config first (`npx nx run @commerce-kit/theme-config:build`)'
        : ''),
  );
  process.exit(1);
}

/** A CommonJS bundle has no `import.meta`: its `url` becomes the bundle's own file URL. */
const OWN_URL = "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;";
/** Where the server's check runner finds the worker's file: dist/check-worker.js, beside it. */
const WORKER_URL =
  "const __checkWorkerUrl = require('node:url').pathToFileURL(require('node:path').join(__dirname, 'check-worker.js')).href;";

/** @type {import('esbuild').Plugin} */
const checkWorkerUrl = {
  name: 'check-worker-url',
  setup(build) {
    build.onLoad({ filter: /[\\/]language-server[\\/]check-runner\.ts$/ }, async (args) => {
      if (args.path !== checkRunner) return undefined;
      const source = await readFile(args.path, 'utf8');
      return { contents: source.replaceAll('import.meta.url', '__checkWorkerUrl'), loader: 'ts' };
    });
  },
};

/** @type {import('esbuild').Plugin} */
const idiomorphAsText = {
  // As the theme kit's tsup config: the dev server's client sends idiomorph's browser build to the page as text.
  name: 'idiomorph-as-text',
  setup(build) {
    build.onLoad({ filter: /[\\/]idiomorph[\\/]dist[\\/]idiomorph\.min\.js$/ }, async (args) => ({
      contents: await readFile(args.path, 'utf8'),
      loader: 'text',
    }));
  },
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
  // The licences of what is bundled go into dist/THIRD-PARTY-NOTICES.txt (below), from the packages' files.
  legalComments: 'none',
  metafile: true,
  // ESM builds first: jsonc-parser's `main` is a UMD module whose requires esbuild cannot follow.
  mainFields: ['module', 'main'],
  logLevel: 'warning',
  // theme-config's built chunks import each other for order only; the package says it has no side effects.
  logOverride: { 'ignored-bare-import': 'silent' },
};
/** @type {import('esbuild').BuildOptions} */
const themeKitSources = {
  // As the theme kit's tsup config: the built-in block templates are embedded as text.
  loader: { '.liquid': 'text' },
  define: { 'import.meta.url': '__bundleUrl' },
};
/** @type {import('esbuild').Metafile[]} */
let metafiles;
try {
  const results = await Promise.all([
    build({
      ...common,
      entryPoints: [path.join(root, 'src', 'extension.ts')],
      outfile: path.join(dist, 'extension.js'),
      external: ['vscode'],
    }),
    build({
      ...common,
      ...themeKitSources,
      entryPoints: [serverEntry],
      outfile: path.join(dist, 'server.js'),
      banner: { js: `${OWN_URL}\n${WORKER_URL}` },
      plugins: [checkWorkerUrl, idiomorphAsText],
    }),
    build({
      ...common,
      ...themeKitSources,
      entryPoints: [checkRunner],
      outfile: path.join(dist, 'check-worker.js'),
      banner: { js: OWN_URL },
    }),
  ]);
  metafiles = results.map((result) => /** @type {import('esbuild').Metafile} */ (result.metafile));
} catch {
  // esbuild has printed its errors.
  process.exit(1);
}

await cp(themeKitSchemas, path.join(dist, 'schemas'), { recursive: true });
await cp(themeKitBlocks, path.join(dist, 'blocks'), { recursive: true });
await mkdir(path.join(dist, 'config-schemas'));
for (const name of await readdir(configSchemas)) {
  if (name.endsWith('.stk.config.schema.json'))
    await cp(path.join(configSchemas, name), path.join(dist, 'config-schemas', name));
}

/** The directory of the package (under node_modules) an input file belongs to, or undefined for our own. */
function packageDir(file) {
  const parts = path.resolve(file).split(path.sep);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return undefined;
  const length = parts[at + 1]?.startsWith('@') ? 3 : 2;
  return parts.slice(0, at + length).join(path.sep);
}

// Every third-party package the bundles hold, with its licence text (MIT and the like ask for it in copies).
const packages = new Set(
  metafiles.flatMap((metafile) => Object.keys(metafile.inputs).map(packageDir)).filter((dir) => dir !== undefined),
);
const notices = [];
for (const dir of [...packages].sort()) {
  const { name, version, license } = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8'));
  const licenseFile = (await readdir(dir)).find((file) => /^(licen[cs]e|copying)(\.|$)/i.test(file));
  const text = licenseFile === undefined ? '' : (await readFile(path.join(dir, licenseFile), 'utf8')).trim();
  notices.push(`${name} ${version} (${license ?? 'no licence field'})\n\n${text || '(no licence file)'}\n`);
}
await writeFile(
  path.join(dist, 'THIRD-PARTY-NOTICES.txt'),
  `The extension's bundles (dist/*.js) hold these packages besides commerce-kit's own (MIT, see LICENSE).\n\n${notices.join(`\n${'-'.repeat(78)}\n\n`)}`,
);
