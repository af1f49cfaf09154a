/**
 * Files a local server (or a command that copies a theme) may read: only regular files whose real path,
 * symbolic links resolved, is inside the root it was given, and never a dotfile or anything in a dot-folder
 * (`.env`, `.git/`). Node only. docs/house-style.md ("Local servers") states the rule.
 */
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The path segments a URL path names (`relative`, still percent-encoded, without its leading slash),
 * or undefined when it is malformed or names something a server never serves: invalid percent-encoding,
 * a NUL, a backslash, an empty, `.` or `..` segment, a segment starting with a dot. Decoded once: `%252e`
 * stays the literal name `%2e`.
 */
export function urlPathSegments(relative: string): string[] | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relative);
  } catch {
    return undefined;
  }
  if (decoded === '' || decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const segments = decoded.split('/');
  if (segments.some((s) => s === '' || s.startsWith('.'))) return undefined;
  return segments;
}

/** Whether a relative path (either separator) has a segment starting with a dot, `..` included. */
export function isHiddenPath(relative: string): boolean {
  return relative.split(/[\\/]/).some((s) => s.startsWith('.'));
}

/**
 * The real path of `root/segments…` when it is a regular file inside `root`'s real path and no segment of
 * what it resolves to (relative to the root) is hidden; undefined otherwise (missing, a directory, a link
 * that leaves the root or points at a dotfile).
 */
export async function confinedFile(root: string, segments: readonly string[]): Promise<string | undefined> {
  if (segments.length === 0 || segments.some((s) => s === '' || s.startsWith('.') || /[\\/\0]/.test(s)))
    return undefined;
  let realRoot: string;
  let real: string;
  try {
    realRoot = await realpath(root);
    real = await realpath(path.join(root, ...segments));
  } catch {
    return undefined;
  }
  if (!isInside(realRoot, real)) return undefined;
  try {
    if (!(await stat(real)).isFile()) return undefined;
  } catch {
    return undefined;
  }
  return real;
}

/** Whether `file` is strictly inside `dir` (both real, absolute paths) and reached through no hidden segment. */
export function isInside(dir: string, file: string): boolean {
  const relative = path.relative(dir, file);
  return (
    relative !== '' &&
    !path.isAbsolute(relative) &&
    !relative.startsWith(`..${path.sep}`) &&
    relative !== '..' &&
    !isHiddenPath(relative)
  );
}
