/**
 * Scrubbing secrets out of text that came back from a server, before it goes into
 * an error (message, `rawBody`, `body`) that may be logged.
 */

/** Replaces every occurrence of each secret (4 characters or more) with `[redacted]`. */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret !== undefined && secret.length >= 4 && out.includes(secret)) out = out.split(secret).join('[redacted]');
  }
  return out;
}
