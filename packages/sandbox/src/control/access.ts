/** Who may use the control API: a caller on this machine, or one that sends the control key. */
import { isIP } from 'node:net';
import { secretEquals } from '../secrets.js';

/** The header carrying the control key. */
export const CONTROL_KEY_HEADER = 'x-sandbox-control-key';

/** 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const bare = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  if (isIP(bare) === 4) return bare.split('.')[0] === '127';
  return bare === '::1' || bare === '0:0:0:0:0:0:0:1';
}

/** Constant time whatever the lengths. */
export function controlKeyMatches(given: string | undefined, key: string): boolean {
  return given !== undefined && secretEquals(given, key);
}
