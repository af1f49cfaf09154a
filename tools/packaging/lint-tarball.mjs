// publint and are-the-types-wrong run on the very tarball the consumer installs, so
// `npm test` proves what the package `lint` targets prove, on the same bytes.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { run } from './run.mjs';
import { repoRoot } from './workspace.mjs';

/**
 * The attw resolution profile used everywhere (package `lint` scripts and this test).
 * `node16` checks node16-from-CJS, node16-from-ESM and bundler, and skips `node10`:
 * node10 resolution ignores `exports`, so subpath entries (`/oauth`, `/testing`,
 * `/validators`) cannot resolve there without `typesVersions` shims; the main entry still
 * works for node10 users through `main`/`types`.
 */
export const ATTW_PROFILE = 'node16';

/**
 * publint in strict mode (warnings count as failures) on a packed tarball.
 * @param {string} tarball
 * @returns {Promise<{ failures: string[], suggestions: string[] }>}
 */
export async function publintTarball(tarball) {
  const bytes = await readFile(tarball);
  const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const { messages, pkg } = await publint({
    pkgDir: 'package' /* npm tarballs hold everything under package/ */,
    pack: { tarball: data },
    strict: true,
  });
  const describe = (/** @type {import('publint').Message} */ message) =>
    `${message.type}: ${formatMessage(message, pkg, { color: false }) ?? message.code}`;
  return {
    failures: messages.filter((message) => message.type !== 'suggestion').map(describe),
    suggestions: messages.filter((message) => message.type === 'suggestion').map(describe),
  };
}

/**
 * `attw <tarball> --profile node16`; resolves with attw's report, rejects with it when
 * attw finds a problem.
 * @param {string} tarball
 */
export async function attwTarball(tarball) {
  const cli = join(repoRoot, 'node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js');
  const { stdout } = await run(
    process.execPath,
    [cli, tarball, '--profile', ATTW_PROFILE, '--format', 'ascii', '--no-emoji', '--no-color'],
    {
      cwd: repoRoot,
    },
  );
  return stdout;
}
