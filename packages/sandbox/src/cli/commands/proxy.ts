/**
 * `proxy --upstream URL [--port N] [--record FILE]`: a validating proxy in front of the real platform (or
 * a sandbox). Runs until Ctrl-C, then writes the contract report; while it runs, `commerce-sandbox report
 * --url <proxy>` reads the same departures.
 */
import { UsageError } from '../flags.js';
import {
  type ContractCommand,
  readFormat,
  REPORT_FLAGS,
  REPORT_FLAGS_HELP,
  urlFlag,
  wholeFlag,
  writeReport,
} from './contract-command.js';

export const proxy: ContractCommand = {
  name: 'proxy',
  summary: 'forwards API calls and checks every exchange against the spec',
  usage: `--upstream URL [--port 4020] [--host 127.0.0.1] [--record FILE]
                              [--format text|json|junit|sarif|github] [--output FILE [--force]] [--strict]`,
  help: `Forwards your app's API and token calls to the upstream (the platform, or another sandbox) unchanged,
and checks every request and response against the API spec with the sandbox's own checker: statuses
the spec does not list, fields missing or of another type, Retry-After missing on a 429, list envelopes,
cursor order, and requests the spec does not describe. Point your app's base URL at the proxy.

While it runs, \`commerce-sandbox report --url <proxy URL>\` writes the departures as the sandbox's
contract report (JUnit or JSON). On Ctrl-C it writes the report in --format and exits.

  --upstream URL        where to forward, e.g. https://api.example.com (required)
  --port N              TCP port, 0 to 65535 (default 4020; 0 picks a free one)
  --host ADDRESS        interface to listen on (default 127.0.0.1)
  --record FILE         write the exchanges to FILE as HAR 1.2 when the proxy stops, tokens, codes and
                        secrets redacted
${REPORT_FLAGS_HELP}
  -h, --help            show this help

Exit codes: 0 no departures (unknown query parameters are warnings unless --strict), 1 departures found
or the proxy could not start, 2 usage error.`,
  flags: {
    upstream: { type: 'string', value: 'the upstream base URL, e.g. https://api.example.com' },
    port: { type: 'string', value: 'a whole number from 0 to 65535' },
    host: { type: 'string', value: 'the address to listen on, e.g. 127.0.0.1' },
    record: { type: 'string', value: 'the HAR file to write' },
    ...REPORT_FLAGS,
  },
  async run(context) {
    const upstream = urlFlag(context.flags, 'upstream', true)!;
    const format = readFormat(context.flags);
    const port = wholeFlag(context.flags, 'port', 4020, 0, 65535);
    const host = (context.flags['host'] as string | undefined) ?? '127.0.0.1';
    const record = context.flags['record'] as string | undefined;
    if (record === '') throw new UsageError('--record needs a file name');
    const strict = context.flags['strict'] === true;
    // The proxy and its checker load when the command runs, not at every start of the CLI.
    const { startProxy } = await import('../../contract/proxy.js');
    const { contractTool, passed, renderContractReport } = await import('../../contract/findings.js');
    const running = await startProxy({ upstream: upstream.href, port, host, clock: context.clock, record });
    context.err(`proxy: ${running.url} → ${upstream.href} (Ctrl-C stops it and writes the report)\n`);
    await context.stopped();
    await running.close();
    const cases = running.cases();
    const tool = contractTool('commerce-sandbox proxy', Object.fromEntries(cases.map((c) => [c.name, c.name])));
    const text = renderContractReport(tool, format, cases, {
      strict,
      time: new Date(context.clock.now()).toISOString(),
      target: upstream.href,
    });
    const all = cases.flatMap((c) => c.findings);
    const errors = all.filter((f) => f.severity === 'error').length;
    const exchanges = cases.reduce((sum, c) => sum + c.checked, 0);
    writeReport(
      context,
      text,
      `proxy: ${exchanges} exchange${exchanges === 1 ? '' : 's'} checked, ${errors} departure${errors === 1 ? '' : 's'}, ${all.length - errors} warning${all.length - errors === 1 ? '' : 's'}${record === undefined ? '' : `, recorded in ${record}`}`,
    );
    return passed(cases, strict) ? 0 : 1;
  },
};
