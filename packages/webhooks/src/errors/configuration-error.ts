import { WebhookError } from './webhook-error.js';

/**
 * Thrown when the package is misconfigured (an empty secret, a negative window, an option of the
 * wrong type, ...), at the point of configuration, so a broken setup fails at start-up rather than
 * by accepting or refusing deliveries. The message names the option, never the secret.
 */
export class WebhookConfigurationError extends WebhookError {
  static override readonly brand: string = '@commerce-kit/webhooks:WebhookConfigurationError';
}
