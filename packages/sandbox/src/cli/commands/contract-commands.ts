/** The commands that check an app or an upstream against the contract (not a running sandbox), by name. */
import type { ContractCommand } from './contract-command.js';
import { proxy } from './proxy.js';
import { verifyWebhooks } from './verify-webhooks.js';

export const CONTRACT_COMMANDS: ReadonlyMap<string, ContractCommand> = new Map(
  [verifyWebhooks, proxy].map((c) => [c.name, c]),
);
