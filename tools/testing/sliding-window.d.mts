/** The most arrivals any window `(t - windowMs, t]` holds; `arrivals` in ascending order (ms). */
export declare function maxInAnyWindow(arrivals: readonly number[], windowMs: number): number;
