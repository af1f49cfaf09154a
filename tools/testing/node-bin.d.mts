/** The environment without the colour and date variables the test run may carry, plus `extra`. */
export declare function cleanEnv(extra?: Record<string, string>): NodeJS.ProcessEnv;
