/**
 * The base of every error the package throws, and the error for a client configured wrongly.
 *
 * `instanceof` is answered by a brand (`@commerce-kit/internal/brand`), not by prototype identity, so an
 * error thrown by one copy of the package (its ESM build, its CJS build, the `/oauth` bundle) is still
 * recognised by the classes of another copy.
 */
import { hasBrand, stampBrands } from '@commerce-kit/internal/brand';

/** `'@commerce-kit/api-client:InvalidRequestError'` -> `'InvalidRequestError'`. */
function nameOf(ctor: unknown): string {
  const brand = (ctor as { brand?: unknown }).brand;
  return typeof brand === 'string' ? brand.slice(brand.lastIndexOf(':') + 1) : 'ApiClientError';
}

/** Base class of every error `@commerce-kit/api-client` throws. */
export class ApiClientError extends Error {
  /** Brand checked by `instanceof`; one per class. */
  static readonly brand: string = '@commerce-kit/api-client:ApiClientError';

  /** `instanceof` by brand, so copies of this class from another build are recognised. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return hasBrand(this, value);
  }

  /** `message` must never contain a secret. */
  constructor(message: string, options?: { readonly cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = nameOf(new.target);
    stampBrands(this, new.target);
  }
}

/**
 * A client, token session or OAuth helper was configured wrongly (a missing or invalid option), or a
 * method was called with an argument it cannot use. Thrown where the option is given, before anything
 * is sent.
 */
export class ApiClientConfigurationError extends ApiClientError {
  static override readonly brand: string = '@commerce-kit/api-client:ApiClientConfigurationError';
}
