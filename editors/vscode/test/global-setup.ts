/**
 * Packages the extension once when its .vsix is missing or older than what goes into it (this workspace's
 * files, the theme kit's sources, theme-config's built schemas): under nx the `build` target has made it
 * (package.json `nx.targets.test.dependsOn`); run by hand, vitest packages it here.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'package.json'));

/** The newest modification time of `file`, or of any file under it. */
function newest(file: string): number {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(file)) latest = Math.max(latest, newest(path.join(file, entry)));
  return latest;
}

export default function setup(): void {
  const themeKit = path.dirname(require.resolve('@commerce-kit/theme-kit/package.json'));
  const themeConfig = path.dirname(
    createRequire(path.join(themeKit, 'package.json')).resolve('@commerce-kit/theme-config/package.json'),
  );
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  const vsix = path.join(root, `commerce-kit-theme-${version}.vsix`);
  const inputs = Math.max(
    ...[
      'src',
      'scripts',
      'syntaxes',
      'package.json',
      'language-configuration.json',
      'README.md',
      'LICENSE',
      '.vscodeignore',
    ].map((name) => newest(path.join(root, name))),
    newest(path.join(themeKit, 'src')),
    newest(path.join(themeKit, 'package.json')),
    newest(path.join(themeConfig, 'dist', 'schemas')),
  );
  if (existsSync(vsix) && statSync(vsix).mtimeMs >= inputs) return;
  execFileSync(process.execPath, [path.join(root, 'scripts', 'bundle.mjs')], { cwd: root, stdio: 'inherit' });
  const vsce = require.resolve('@vscode/vsce/vsce');
  execFileSync(process.execPath, [vsce, 'package', '--no-dependencies'], { cwd: root, stdio: 'inherit' });
}
