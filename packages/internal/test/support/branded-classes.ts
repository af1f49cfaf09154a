import { BrandedError } from '../../brand.js';

export class BaseError extends BrandedError {
  static override readonly brand: string = 'test:BaseError';
}
/** With a constructor of its own, as most packages' error classes have: the base still stamps it. */
export class ChildError extends BaseError {
  static override readonly brand: string = 'test:ChildError';
  readonly code: string;

  constructor(message: string, code = 'none') {
    super(message);
    this.code = code;
  }
}
export class OtherError extends BaseError {
  static override readonly brand: string = 'test:OtherError';
}
export class UnbrandedError extends BaseError {}
