/**
 * The base of every error the package throws, and the error for a client configured wrongly.
 *
 * `instanceof` is answered by a brand (`@commerce-kit/internal/brand`), not by prototype identity, so an
 * error thrown by one copy of the package (its ESM build, its CJS build, the `/oauth` bundle) is still
 * recognised by the classes of another copy.
 */
import { BrandedError } from '@commerce-kit/internal/brand';

/** Base class of every error `@commerce-kit/api-client` throws. Messages never contain a secret. */
export class ApiClientError extends BrandedError {
  /** Brand checked by `instanceof`; one per class. */
  static override readonly brand: string = '@commerce-kit/api-client:ApiClientError';
}

/**
 * A client, token session or OAuth helper was configured wrongly (a missing or invalid option), or a
 * method was called with an argument it cannot use. Thrown where the option is given, before anything
 * is sent.
 */
export class ApiClientConfigurationError extends ApiClientError {
  static override readonly brand: string = '@commerce-kit/api-client:ApiClientConfigurationError';
}
