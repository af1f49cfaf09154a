/**
 * `report --format junit|json [--output FILE] [--force]`: the contract violations for CI. Exit 0 when
 * there are none, 1 when there are (the report is written all the same), 2 on a usage error.
 */
import { writeFileSync } from 'node:fs';
import { REPORT_FORMATS, renderReport, reportSummary, type ReportFormat } from '../report.js';
import { AnswerShapeError, readViolationsAnswer, type ViolationsAnswer } from '../violations-answer.js';
import { CommandFailure, UsageError, type ControlCommand } from './command.js';
import { positionals } from './state.js';

function writeReport(file: string, text: string, force: boolean): void {
  try {
    // `wx` fails when the file exists, atomically: a report never replaces a file unless asked to.
    writeFileSync(file, text, { flag: force ? 'w' : 'wx' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new CommandFailure(`${file} exists: pass --force to replace it`);
    throw new CommandFailure(
      `cannot write ${file}: ${code ?? (error instanceof Error ? error.message : String(error))}`,
    );
  }
}

export const report: ControlCommand = {
  name: 'report',
  summary: 'the contract violations as JUnit XML or JSON, for CI',
  usage: `--format junit|json [--output FILE [--force]] [--url URL]`,
  help: `Every request the sandbox receives is checked against the API spec; this writes what did not conform.

  --format junit|json   junit (default): one test suite "commerce-sandbox contract", a test case per
                        operation that received requests (and one for requests to unknown routes),
                        each violation a <failure> with method, path, JSON pointer and message.
                        json: the sandbox's list as it is ({ strict, checked, dropped, data }).
  --output FILE         write to FILE instead of standard output (a summary line goes to standard
                        output then); an existing FILE is kept unless --force
  --force               replace an existing FILE

Exit codes: 0 no violations, 1 violations found (the report is written all the same), or the sandbox
refused or cannot be reached, or FILE cannot be written; 2 usage error.`,
  flags: {
    format: { type: 'string', value: REPORT_FORMATS.join(' or ') },
    output: { type: 'string', value: 'the file to write the report to' },
    force: { type: 'boolean' },
  },
  jsonOutput: false,
  async run(context) {
    positionals(context, []);
    const format = (context.flags['format'] ?? 'junit') as string;
    if (!REPORT_FORMATS.includes(format as ReportFormat))
      throw new UsageError(`--format must be junit or json, got ${JSON.stringify(format)}`);
    const output = context.flags['output'] as string | undefined;
    if (output === '') throw new UsageError('--output needs a file name');
    if (context.flags['force'] === true && output === undefined)
      throw new UsageError('--force applies to --output FILE only');
    const { body } = await context.client.call('GET', '/_sandbox/violations');
    let answer: ViolationsAnswer;
    try {
      answer = readViolationsAnswer(body);
    } catch (error) {
      if (error instanceof AnswerShapeError)
        throw new CommandFailure(
          `the sandbox at ${context.client.url} answered an unexpected violations list: ${error.message}`,
        );
      throw error;
    }
    const text = renderReport(format as ReportFormat, answer);
    const summary = `report: ${reportSummary(answer)}`;
    if (output === undefined) {
      context.out(text);
      // Standard output holds the report itself; the summary goes beside it.
      context.err(`${summary}\n`);
    } else {
      writeReport(output, text, context.flags['force'] === true);
      context.out(`${summary}, written to ${output}\n`);
    }
    return answer.data.length === 0 ? 0 : 1;
  },
};
