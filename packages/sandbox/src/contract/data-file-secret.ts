/** The webhook secret a sandbox keeps in its data file (`--data FILE`), read without changing the file. */
import { SandboxError } from '../errors.js';
import { storedWebhookSecret } from '../store/read-only.js';

/** Why the secret could not be read: the message names the file. */
export class DataFileSecretError extends SandboxError {
  static override readonly brand: string = '@commerce-kit/sandbox:DataFileSecretError';
}

export function webhookSecretOf(file: string): string {
  let secret: string | undefined;
  try {
    secret = storedWebhookSecret(file);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DataFileSecretError(`cannot read the webhook secret from ${file}: ${reason}`);
  }
  if (secret === undefined)
    throw new DataFileSecretError(`${file} holds no sandbox app: start the sandbox with --data ${file} first`);
  return secret;
}
