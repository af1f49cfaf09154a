import { BrandedError } from '@commerce-kit/internal/brand';

/**
 * The base of every error this package throws or reports. `instanceof` checks a brand rather than
 * prototype identity, so an error from one copy of the package (its ESM and CJS builds both
 * loaded, or two bundles) is still recognised by the classes of another copy. Messages never hold
 * a secret.
 */
export class WebhookError extends BrandedError {
  /** Identifies the class across copies of the package. */
  static override readonly brand: string = '@commerce-kit/webhooks:WebhookError';
}
