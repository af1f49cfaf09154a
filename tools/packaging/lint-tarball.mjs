// publint and are-the-types-wrong on a packed tarball, in this process: the very bytes npm would publish
// and the consumer project installs. One `npm pack` per package serves the packaging test and
// `npm run lint`; the CLIs (`publint`, `attw --pack`) would each pack again, through npm.
import { readFile } from 'node:fs/promises';
import { checkPackage, createPackageFromTarballData } from '@arethetypeswrong/core';
import { problemKindInfo } from '@arethetypeswrong/core/problems';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';

/**
 * Resolutions attw's `node16` profile skips (its CLI: `--profile node16`). node10 resolution ignores
 * `exports`, so subpath entries (`/oauth`, `/testing`, `/validators`) cannot resolve there without
 * `typesVersions` shims; the main entry still works for node10 users through `main`/`types`. node16
 * (from CJS and from ESM) and bundler are checked.
 */
export const ATTW_IGNORED_RESOLUTIONS = Object.freeze(['node10']);

/**
 * `publint --strict`: warnings fail as errors do; suggestions are reported, not failed.
 * @param {Uint8Array} bytes the .tgz
 * @returns {Promise<{ failures: string[], suggestions: string[] }>}
 */
async function publintBytes(bytes) {
  const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const { messages, pkg } = await publint({
    pkgDir: 'package' /* npm tarballs hold everything under package/ */,
    pack: { tarball: /** @type {ArrayBuffer} */ (data) },
    strict: true,
  });
  const describe = (/** @type {import('publint').Message} */ message) =>
    `publint ${message.type}: ${formatMessage(message, pkg, { color: false }) ?? message.code}`;
  return {
    failures: messages.filter((message) => message.type !== 'suggestion').map(describe),
    suggestions: messages.filter((message) => message.type === 'suggestion').map(describe),
  };
}

/**
 * attw with the node16 profile: every problem outside the skipped resolutions fails, as the CLI's exit
 * code does; a package without types fails too (every commerce-kit package ships them).
 * @param {Uint8Array} bytes the .tgz
 * @returns {Promise<string[]>}
 */
async function attwBytes(bytes) {
  const analysis = await checkPackage(createPackageFromTarballData(bytes));
  if (!analysis.types) return ['attw: the package ships no type declarations'];
  return analysis.problems
    .filter((problem) => !('resolutionKind' in problem) || !ATTW_IGNORED_RESOLUTIONS.includes(problem.resolutionKind))
    .map((problem) => {
      const where = [
        'entrypoint' in problem ? problem.entrypoint : undefined,
        'resolutionKind' in problem ? `${problem.resolutionKind} resolution` : undefined,
        'fileName' in problem ? problem.fileName : undefined,
        'typesFileName' in problem ? `types ${problem.typesFileName}` : undefined,
        'implementationFileName' in problem ? `JS ${problem.implementationFileName}` : undefined,
      ].filter((part) => part !== undefined);
      const info = problemKindInfo[problem.kind];
      return `attw ${problem.kind} (${where.join(', ')}): ${info.description} ${info.docsUrl}`;
    });
}

/**
 * publint --strict and attw --profile node16 on the tarball at `tarball`.
 * @param {string} tarball
 * @returns {Promise<{ failures: string[], suggestions: string[] }>} what fails the check, and publint's suggestions
 */
export async function lintTarball(tarball) {
  const bytes = new Uint8Array(await readFile(tarball));
  const [published, types] = await Promise.all([publintBytes(bytes), attwBytes(bytes)]);
  return { failures: [...published.failures, ...types], suggestions: published.suggestions };
}
