/**
 * The contract report of `verify-webhooks` and `proxy`: checks (one test case each, as the sandbox's
 * `report` has one per operation), each with what was sent and what came back, and the findings, errors
 * and warnings, each with where (an operation, a JSON pointer), what was expected and what came.
 * Rendered through the same code as `commerce-sandbox report` (JUnit, its JSON answer) and the house
 * diagnostics formats (text, SARIF, GitHub annotations).
 */
import type { ReportDiagnostic, ReportTool } from '@commerce-kit/internal/cli/diagnostic';
import { formatReport } from '@commerce-kit/internal/cli/report';
import { renderJson, renderJunit } from '../cli/report.js';
import type { ViolationRecord, ViolationsAnswer } from '../cli/violations-answer.js';
import { VERSION } from '../cli/version.js';
import type { ContractFormat } from './formats.js';

/** One departure from the contract. */
export interface ContractFinding {
  /** `error` fails the run; `warning` is reported only (a failure with `--strict`). */
  readonly severity: 'error' | 'warning';
  /** The spec's operation (or webhook) the exchange was about, e.g. `customerCreatedWebhook`, `listCustomers`. */
  readonly operation: string;
  /** The request's method and path. */
  readonly method: string;
  readonly path: string;
  /** Where: `request`, `response`, `header`, `query`, `body`, `route`, `timing`. */
  readonly in: string;
  /** JSON pointer into the request or response (`/status`, `/body/data/0/id`). */
  readonly pointer: string;
  readonly expected: string;
  readonly actual: string;
  /** The answered status; 0 when none came. */
  readonly status: number;
  /** A one-line message for people (without the expected/actual, which are added when printed). */
  readonly message: string;
}

/** One check: a name, how many exchanges it made, what it found, and what was sent and came back. */
export interface ContractCase {
  readonly name: string;
  readonly checked: number;
  readonly findings: readonly ContractFinding[];
  /** What was sent and what came back, for the report's log (never a secret: signatures are masked). */
  readonly log: readonly string[];
}

/** Whether the run passed: no error, and no warning either under `--strict`. */
export function passed(cases: readonly ContractCase[], strict: boolean): boolean {
  return cases.every((c) => c.findings.every((f) => f.severity === 'warning' && !strict));
}

export const findingText = (f: ContractFinding): string =>
  `${f.pointer === '' ? '' : `${f.pointer}: `}${f.message} (expected ${f.expected}, got ${f.actual})`;

/** The findings as the sandbox's violations answer, so `report`'s JUnit and JSON render them unchanged. */
export function violationsAnswer(cases: readonly ContractCase[], strict: boolean, time: string): ViolationsAnswer {
  let id = 0;
  const data: ViolationRecord[] = [];
  for (const c of cases) {
    for (const f of c.findings) {
      if (f.severity === 'warning' && !strict) continue;
      data.push({
        id: ++id,
        time,
        method: f.method,
        path: f.path,
        operation_id: c.name,
        in: f.in,
        pointer: f.pointer,
        message: findingText(f),
        status: f.status,
      });
    }
  }
  return { strict, checked: Object.fromEntries(cases.map((c) => [c.name, c.checked])), dropped: 0, data };
}

function diagnostics(cases: readonly ContractCase[], strict: boolean, target: string | undefined): ReportDiagnostic[] {
  return cases.flatMap((c) =>
    c.findings.map((f) => ({
      severity: strict ? 'error' : f.severity,
      code: c.name,
      message: `${f.method} ${f.path} (${f.operation}): ${findingText(f)}`,
      pointer: f.pointer,
      ...(target === undefined ? {} : { file: target }),
    })),
  );
}

/**
 * The report in `format`. JUnit and JSON are `commerce-sandbox report`'s (the findings as violations; the
 * JSON adds `warnings` and each case's `log`); text, SARIF and GitHub are the house diagnostics formats.
 */
export function renderContractReport(
  tool: ReportTool,
  format: ContractFormat,
  cases: readonly ContractCase[],
  options: {
    readonly strict: boolean;
    readonly time: string;
    readonly color?: boolean | undefined;
    /** What was checked (the receiver's URL, the upstream), where diagnostics name a file. */
    readonly target?: string | undefined;
  },
): string {
  const answer = violationsAnswer(cases, options.strict, options.time);
  switch (format) {
    case 'junit':
      return renderJunit(answer);
    case 'json': {
      const base = JSON.parse(renderJson(answer)) as Record<string, unknown>;
      const warnings = options.strict
        ? []
        : cases.flatMap((c) =>
            c.findings
              .filter((f) => f.severity === 'warning')
              .map((f) => ({ check: c.name, ...f, text: findingText(f) })),
          );
      const checks = cases.map((c) => ({ name: c.name, checked: c.checked, log: c.log }));
      return `${JSON.stringify({ ...base, warnings, checks }, null, 2)}\n`;
    }
    default: {
      const found = diagnostics(cases, options.strict, options.target);
      const valid = passed(cases, options.strict);
      const text = formatReport(
        tool,
        format,
        { valid, diagnostics: found },
        {
          files: cases.length,
          color: options.color ?? false,
          cwd: process.cwd(),
        },
      );
      if (format !== 'text') return text;
      // Text for people: each check with what was sent and what came back, then the diagnostics.
      const lines = cases.map(
        (c) =>
          `${c.findings.some((f) => f.severity === 'error' || options.strict) ? 'FAIL' : c.findings.length > 0 ? 'WARN' : 'ok  '} ${c.name}${c.log.length > 0 ? `\n${c.log.map((l) => `       ${l}`).join('\n')}` : ''}`,
      );
      return `${lines.join('\n')}\n\n${text}`;
    }
  }
}

/** A {@link ReportTool} for a contract command, its codes the checks it runs. */
export function contractTool(name: string, codes: Readonly<Record<string, string>>): ReportTool {
  return {
    name,
    version: VERSION,
    informationUri: 'https://github.com/commerce-kit/commerce-kit/tree/main/packages/sandbox',
    helpUri: 'https://github.com/commerce-kit/commerce-kit/tree/main/packages/sandbox#readme',
    helpText: "See the sandbox's README.",
    fileNoun: 'check',
    codes,
  };
}
