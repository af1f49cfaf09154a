/**
 * `verify-webhooks --url URL`: checks an app's webhook receiver against what the platform's API
 * documentation asks of it (see `contract/receiver-battery.ts`), and writes the contract report.
 */
import { BURST_SIZE, RECEIVER_BUDGET_MS } from '../../contract/formats.js';
import { UsageError } from '../flags.js';
import {
  type ContractCommand,
  ContractCommandFailure,
  readFormat,
  REPORT_FLAGS,
  REPORT_FLAGS_HELP,
  urlFlag,
  wholeFlag,
  writeReport,
} from './contract-command.js';

/** Where the secret is read from when `--secret` is not given. */
export const WEBHOOK_SECRET_ENV = 'COMMERCE_SANDBOX_WEBHOOK_SECRET';

export const verifyWebhooks: ContractCommand = {
  name: 'verify-webhooks',
  summary: "checks an app's webhook receiver against the documented contract",
  usage: `--url URL [--secret S | --data FILE] [--timeout 10] [--format text|json|junit|sarif|github]
                                        [--output FILE [--force]] [--strict]`,
  help: `Sends signed deliveries to the app's webhook receiver at URL and checks each answer against what the
platform's API documentation asks of a receiver:
  - a genuine delivery of each of the 19 event types: 200, within the timeout;
  - an invalid signature, no signature header, a signature over another timestamp or token, the
    digit-shift forgery (the token's leading digits moved onto the timestamp: a far-future timestamp with
    a valid signature) and a body that is not JSON: 400 (anything else fails; a 5xx shows its body);
  - the same delivery twice, and ${BURST_SIZE} deliveries for one user at once: each 200 within the timeout (a warning
    names the slowest when it comes close);
  - a delivery signed two hours ago (as a retry would be), an unknown event type, unknown fields and a
    1 MB body: warnings when refused (the documents set no window and promise no schema: refusing them
    loses data).

  --url URL             the receiver's URL, e.g. http://127.0.0.1:3000/webhooks (required)
  --secret S            the webhook verification key the app checks signatures with: the sandbox's
                        (its --webhook-secret, printed at start); default: $${WEBHOOK_SECRET_ENV}
  --data FILE           read the key from a sandbox's data file (its --data FILE) instead
  --timeout SECONDS     each answer's budget, 1 to 60 (default ${RECEIVER_BUDGET_MS / 1000}, the platform's)
${REPORT_FLAGS_HELP}
  -h, --help            show this help

Exit codes: 0 every check passed (warnings allowed unless --strict), 1 a check failed or the report
cannot be written, 2 usage error.`,
  flags: {
    url: { type: 'string', value: "the receiver's URL, e.g. http://127.0.0.1:3000/webhooks" },
    secret: { type: 'string', value: 'the webhook verification key' },
    data: { type: 'string', value: "the sandbox's data file" },
    timeout: { type: 'string', value: 'seconds, 1 to 60' },
    ...REPORT_FLAGS,
  },
  async run(context) {
    const url = urlFlag(context.flags, 'url', true)!;
    const format = readFormat(context.flags);
    const timeoutS = wholeFlag(context.flags, 'timeout', RECEIVER_BUDGET_MS / 1000, 1, 60);
    const data = context.flags['data'] as string | undefined;
    if (data === '') throw new UsageError('--data needs a file name');
    if (data !== undefined && context.flags['secret'] !== undefined)
      throw new UsageError('--secret and --data name the same key: give one of them');
    let secret = (context.flags['secret'] as string | undefined) ?? context.env[WEBHOOK_SECRET_ENV];
    if (data !== undefined) {
      const { DataFileSecretError, webhookSecretOf } = await import('../../contract/data-file-secret.js');
      try {
        secret = webhookSecretOf(data);
      } catch (error) {
        if (error instanceof DataFileSecretError) throw new ContractCommandFailure(error.message);
        throw error;
      }
    }
    if (secret === undefined || secret === '')
      throw new UsageError(
        `--secret is required (or --data FILE, or ${WEBHOOK_SECRET_ENV}): the key the app verifies signatures with`,
      );
    context.secret(secret);
    const strict = context.flags['strict'] === true;
    // The checks load when the command runs, not at every start of the CLI.
    const { contractTool, passed, renderContractReport } = await import('../../contract/findings.js');
    const { RECEIVER_CHECKS, runReceiverBattery } = await import('../../contract/receiver-battery.js');
    const cases = await runReceiverBattery({ url: url.href, secret, clock: context.clock, budgetMs: timeoutS * 1000 });
    const tool = contractTool('commerce-sandbox verify-webhooks', RECEIVER_CHECKS);
    const time = new Date(context.clock.now()).toISOString();
    const text = renderContractReport(tool, format, cases, { strict, time, target: url.href });
    const errors = cases.flatMap((c) => c.findings).filter((f) => f.severity === 'error').length;
    const warnings = cases.flatMap((c) => c.findings).length - errors;
    const failing = cases.filter((c) => c.findings.some((f) => f.severity === 'error' || strict)).length;
    writeReport(
      context,
      text,
      `verify-webhooks: ${cases.length - failing} of ${cases.length} checks passed, ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'} (${url.href})`,
    );
    return passed(cases, strict) ? 0 : 1;
  },
};
