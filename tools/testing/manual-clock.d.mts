/** Defines the shared ManualClock tests for a package's `/testing` clock and its configuration error. */
export declare function describeManualClock(
  ManualClock: new (
    start?: Date | number | string,
  ) => { now(): number; sleep(ms: number): Promise<void>; advance(ms: number): Promise<void> },
  ConfigurationError: new (...args: never[]) => Error,
): void;
