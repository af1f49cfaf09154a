/** The package's errors: one branded base, so `instanceof` works across its ESM and CJS copies. */
import { BrandedError } from '@commerce-kit/internal/brand';

/** Base of every error `@commerce-kit/sandbox` throws. */
export class SandboxError extends BrandedError {
  static override readonly brand: string = '@commerce-kit/sandbox:SandboxError';
}

/** A bad option or flag of {@link startSandbox}, thrown where it is given (before anything starts). */
export class SandboxConfigurationError extends SandboxError {
  static override readonly brand: string = '@commerce-kit/sandbox:SandboxConfigurationError';
}

/** The sandbox could not start: the port is taken, the data file cannot be opened, and so on. */
export class SandboxStartError extends SandboxError {
  static override readonly brand: string = '@commerce-kit/sandbox:SandboxStartError';
}

/**
 * A test control refused an operation: a bad argument (`reason: 'invalid'`: a fault, a snapshot name, an
 * event type), something that does not exist (`reason: 'not_found'`: a snapshot, a delivery, an order's
 * product), or a request the data cannot satisfy (`reason: 'conflict'`: an order for more than is left).
 */
export class SandboxControlError extends SandboxError {
  static override readonly brand: string = '@commerce-kit/sandbox:SandboxControlError';
  readonly reason: 'invalid' | 'not_found' | 'conflict';
  /** The argument or field at fault (`type`, `name`, `data.id`, `quantity`…). */
  readonly field: string;

  constructor(reason: 'invalid' | 'not_found' | 'conflict', field: string, message: string) {
    super(message);
    this.reason = reason;
    this.field = field;
  }
}
