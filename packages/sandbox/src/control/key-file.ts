/**
 * Where a running sandbox leaves its control key for the commands run by the same user on this machine:
 * `<tmpdir>/commerce-sandbox-<uid>/<port>.key`, the directory readable only by the user (0700), the file
 * too (0600). Written when the sandbox starts listening, removed when it stops, so `commerce-sandbox reset`
 * in another terminal finds the key without the user typing it. Another user, and a web page, cannot read
 * it; a directory or file that another user owns, or that others may read, is never used. The file names
 * the process that wrote it: the file of a sandbox killed before it could remove it is stale, and removed
 * when read, so its key is never sent to whatever listens on that port next.
 */
import { randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

/** The directory of this user's key files. */
export function keyFileDirectory(): string {
  const user = process.getuid?.() ?? userInfo().username.replace(/[^A-Za-z0-9_-]/g, '_');
  return path.join(tmpdir(), `commerce-sandbox-${user}`);
}

/** The key file of the sandbox listening on `port`. */
export function keyFilePath(port: number): string {
  return path.join(keyFileDirectory(), `${port}.key`);
}

/** Whether `file` is ours (where uids exist), not a link, and closed to the group and others. */
function private_(file: string, kind: 'file' | 'directory'): boolean {
  const stats = lstatSync(file, { throwIfNoEntry: false });
  if (stats === undefined || (kind === 'file' ? !stats.isFile() : !stats.isDirectory())) return false;
  const uid = process.getuid?.();
  if (uid !== undefined && stats.uid !== uid) return false;
  return process.platform === 'win32' || (stats.mode & 0o077) === 0;
}

/**
 * Writes the key for `port`; answers a function that removes it again (only while it still holds this
 * key: a later sandbox on the same port keeps its own). Throws when the directory cannot be made private.
 */
export function writeKeyFile(port: number, key: string): () => void {
  const dir = keyFileDirectory();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (!private_(dir, 'directory'))
    throw new Error(`${dir} is not a directory only this user can read (it was made by someone else?)`);
  const file = keyFilePath(port);
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, `${key}\n${process.pid}\n`, { mode: 0o600, flag: 'wx' });
  renameSync(temporary, file);
  return () => {
    try {
      if (readKeyFile(port) === key) unlinkSync(file);
    } catch {
      // Gone already, or replaced: nothing of ours to remove.
    }
  };
}

/** The key of the sandbox on `port` of this machine, when its file is there and private to this user. */
export function readKeyFile(port: number): string | undefined {
  try {
    const file = keyFilePath(port);
    if (!private_(keyFileDirectory(), 'directory') || !private_(file, 'file')) return undefined;
    const [key = '', pid] = readFileSync(file, 'utf8').split('\n');
    if (pid !== undefined && pid !== '' && !alive(Number(pid))) {
      unlinkSync(file);
      return undefined;
    }
    return key.trim() === '' ? undefined : key.trim();
  } catch {
    return undefined;
  }
}

/** Whether process `pid` still runs (a process of another user counts: signalling it is refused, not absent). */
function alive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
