import { hasBrand, stampBrands } from '../../brand.js';

export class BaseError extends Error {
  static readonly brand: string = 'test:BaseError';
  static override [Symbol.hasInstance](value: unknown): boolean {
    return hasBrand(this, value);
  }
  constructor(message: string) {
    super(message);
    stampBrands(this, new.target);
  }
}
export class ChildError extends BaseError {
  static override readonly brand: string = 'test:ChildError';
}
export class OtherError extends BaseError {
  static override readonly brand: string = 'test:OtherError';
}
export class UnbrandedError extends BaseError {}
