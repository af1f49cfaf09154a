import { BrandedError } from '@commerce-kit/internal/brand';

/**
 * The base of every error this package throws or reports. `instanceof` checks a brand rather than
 * prototype identity, so an error from one copy of the package (its ESM and CJS builds both loaded,
 * or two bundles) is still recognised by the classes of another copy. Messages never hold a password
 * or a secret.
 */
export class RedisAdapterError extends BrandedError {
  /** Identifies the class across copies of the package. */
  static override readonly brand: string = '@commerce-kit/redis:RedisAdapterError';
}

/**
 * An adapter was configured wrongly (a missing or malformed Redis URL, an option of the wrong type
 * or out of range). Thrown where the option is given, before anything connects.
 */
export class RedisAdapterConfigurationError extends RedisAdapterError {
  static override readonly brand: string = '@commerce-kit/redis:RedisAdapterConfigurationError';
}
