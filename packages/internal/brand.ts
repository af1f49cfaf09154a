/**
 * Brands: `instanceof` that survives two copies of a package in one process (its ESM and CJS builds
 * both loaded, or two bundles), where prototype identity fails.
 *
 * A branded class declares an own `static readonly brand` (a string unique across packages, e.g.
 * `'@commerce-kit/webhooks:WebhookError'`). Errors extend {@link BrandedError}, which does the rest:
 *
 * ```ts
 * export class WebhookError extends BrandedError {
 *   static override readonly brand: string = '@commerce-kit/webhooks:WebhookError';
 * }
 * ```
 *
 * Other classes call {@link stampBrands} in their constructor and answer `instanceof` with
 * {@link hasBrand} themselves.
 */

/** Registered (`Symbol.for`) so every copy of every package reads the same property. */
const BRANDS: unique symbol = Symbol.for('@commerce-kit/brands') as never;

interface BrandedConstructor {
  readonly brand?: unknown;
}

/** Brands of a constructor and its ancestors (each class that declares its own `brand`). */
function brandsOf(ctor: unknown): string[] {
  const brands: string[] = [];
  for (let current = ctor; typeof current === 'function'; current = Object.getPrototypeOf(current)) {
    if (Object.hasOwn(current, 'brand')) {
      const brand = (current as BrandedConstructor).brand;
      if (typeof brand === 'string') brands.push(brand);
    }
  }
  return brands;
}

/** Records on `instance` the brands of `newTarget`'s class chain (non-enumerable, so JSON and logs stay clean). */
export function stampBrands(instance: object, newTarget: unknown): void {
  Object.defineProperty(instance, BRANDS, {
    value: Object.freeze(brandsOf(newTarget)),
    enumerable: false,
    configurable: true,
  });
}

/**
 * `instanceof` by brand: true when `value` was stamped with `ctor`'s own brand. A class without an own
 * brand falls back to prototype identity, so forgetting one can never widen `instanceof`.
 */
export function hasBrand(ctor: unknown, value: unknown): boolean {
  if (typeof ctor !== 'function') return false;
  if (!Object.hasOwn(ctor, 'brand') || typeof (ctor as BrandedConstructor).brand !== 'string') {
    return Function.prototype[Symbol.hasInstance].call(ctor, value);
  }
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  const stamped = (value as { [BRANDS]?: unknown })[BRANDS];
  return Array.isArray(stamped) && stamped.includes((ctor as BrandedConstructor).brand);
}

/** `'@commerce-kit/webhooks:WebhookError'` -> `'WebhookError'`; the class's own name when it has no own brand. */
function errorName(ctor: { readonly name: string; readonly brand?: string | undefined }): string {
  const brand = Object.hasOwn(ctor, 'brand') ? ctor.brand : undefined;
  return typeof brand === 'string' ? brand.slice(brand.lastIndexOf(':') + 1) : ctor.name;
}

/**
 * The base of each package's error base: `instanceof` by brand, `name` from the brand (a minifier may
 * rename the class, never the brand), and `cause` as for `Error`. Not exported by any package; each
 * package's own base (`ApiClientError`, `WebhookError`, ...) extends it and declares its brand.
 */
export class BrandedError extends Error {
  /** Identifies the class across copies of its package; declared by every subclass. */
  declare static readonly brand?: string;

  /** `instanceof` by brand, so the classes of another copy of the package recognise this one's errors. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class `instanceof` was asked about (a subclass, not BrandedError), whose brand decides.
    return hasBrand(this, value);
  }

  /**
   * @param message - what went wrong (never a token, password or secret).
   * @param options - `cause`, as for `Error`.
   */
  constructor(message: string, options?: { readonly cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = errorName(new.target);
    stampBrands(this, new.target);
  }
}
