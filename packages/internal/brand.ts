/**
 * Brands: `instanceof` that survives two copies of a package in one process (its ESM and CJS builds
 * both loaded, or two bundles), where prototype identity fails.
 *
 * A branded class declares an own `static readonly brand` (a string unique across packages, e.g.
 * `'@commerce-kit/webhooks:WebhookError'`), calls {@link stampBrands} in its constructor, and its
 * base class answers `instanceof` with {@link hasBrand}:
 *
 * ```ts
 * export class WebhookError extends Error {
 *   static readonly brand: string = '@commerce-kit/webhooks:WebhookError';
 *   static override [Symbol.hasInstance](value: unknown): boolean { return hasBrand(this, value); }
 *   constructor(message: string) { super(message); stampBrands(this, new.target); }
 * }
 * ```
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
  Object.defineProperty(instance, BRANDS, { value: Object.freeze(brandsOf(newTarget)), enumerable: false, configurable: true });
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
