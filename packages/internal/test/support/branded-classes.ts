import { BrandedError } from '../../brand.js';

export class BaseError extends BrandedError {
  static override readonly brand: string = 'test:BaseError';
}
export class ChildError extends BaseError {
  static override readonly brand: string = 'test:ChildError';
}
export class OtherError extends BaseError {
  static override readonly brand: string = 'test:OtherError';
}
export class UnbrandedError extends BaseError {}
