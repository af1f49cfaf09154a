/** The formats of a contract report, and the receiver's limits, apart from the code that uses them: the command table reads them at every start, the checks load only when a command runs. */

export type ContractFormat = 'text' | 'json' | 'junit' | 'sarif' | 'github';
export const CONTRACT_FORMATS: readonly ContractFormat[] = ['text', 'json', 'junit', 'sarif', 'github'];

/** The platform's answer budget for a webhook receiver. */
export const RECEIVER_BUDGET_MS = 10_000;
/** Deliveries `verify-webhooks` sends at once for one user. */
export const BURST_SIZE = 50;
