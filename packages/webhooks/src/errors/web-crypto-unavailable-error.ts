import { WebhookError } from './webhook-error.js';

/** Rejects the `*Async` signature functions where WebCrypto (`crypto.subtle`) is unavailable. */
export class WebCryptoUnavailableError extends WebhookError {
  static override readonly brand: string = '@commerce-kit/webhooks:WebCryptoUnavailableError';

  constructor() {
    super(
      'globalThis.crypto.subtle is not available in this runtime; use the synchronous computeSignature/verifySignature instead',
    );
  }
}
