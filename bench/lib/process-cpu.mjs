import { readFileSync } from 'node:fs';

/**
 * CPU time (user + system) of a running process so far, in ms, from /proc (Linux); undefined elsewhere.
 * What a server spends per request whatever else runs on the machine.
 * @param {number | undefined} pid
 * @returns {number | undefined}
 */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks, USER_HZ = 100
  } catch {
    return undefined;
  }
}
