/**
 * Who may use the control API: a caller that sends the control key. Being on this machine is no
 * credential (a web page the developer visits is a caller on this machine too); the commands find the key
 * in the key file (`key-file.ts`).
 */
import { secretEquals } from '../secrets.js';

export { isLoopbackAddress } from '@commerce-kit/internal/local-server/guard';

/** The header carrying the control key. */
export const CONTROL_KEY_HEADER = 'x-sandbox-control-key';

/** Constant time whatever the lengths. */
export function controlKeyMatches(given: string | undefined, key: string): boolean {
  return given !== undefined && secretEquals(given, key);
}
