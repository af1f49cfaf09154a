/** Where the sandbox writes what it has to say. Lines never hold a token, a secret or a request body. */
export interface Logger {
  info(line: string): void;
  warn(line: string): void;
  error(line: string): void;
}

/** Drops everything (the default of `startSandbox`). */
export const silentLogger: Logger = Object.freeze({ info() {}, warn() {}, error() {} });
