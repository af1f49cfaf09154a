import { hasBrand, stampBrands } from '@commerce-kit/internal/brand';

/**
 * The base of every error this package throws or reports. `instanceof` checks a brand rather than
 * prototype identity, so an error from one copy of the package (its ESM and CJS builds both loaded,
 * or two bundles) is still recognised by the classes of another copy.
 */
export class RedisAdapterError extends Error {
  /** Identifies the class across copies of the package. */
  static readonly brand: string = '@commerce-kit/redis:RedisAdapterError';

  static override [Symbol.hasInstance](value: unknown): boolean {
    return hasBrand(this, value);
  }

  /**
   * @param message - what went wrong (never a password or a secret).
   * @param options - `cause`, as for `Error`.
   */
  constructor(message: string, options?: { readonly cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    // From the brand, not the constructor's name, which a minifier may rename.
    const brand = Object.hasOwn(new.target, 'brand') ? new.target.brand : undefined;
    this.name = brand === undefined ? new.target.name : brand.slice(brand.lastIndexOf(':') + 1);
    stampBrands(this, new.target);
  }
}

/**
 * An adapter was configured wrongly (a missing or malformed Redis URL, an option of the wrong type
 * or out of range). Thrown where the option is given, before anything connects.
 */
export class RedisAdapterConfigurationError extends RedisAdapterError {
  static override readonly brand: string = '@commerce-kit/redis:RedisAdapterConfigurationError';
}
