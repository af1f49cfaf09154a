/**
 * The contract report for CI, from the sandbox's violations: JUnit XML (one test case per operation
 * that received requests, each violation a failure) or JSON. Pure: the same answer gives the same bytes.
 */
import { UNKNOWN_ROUTE_KEY } from '../control/violations.js';
import type { ViolationRecord, ViolationsAnswer } from './violations-answer.js';

export const SUITE_NAME = 'commerce-sandbox contract';
/** The test case that collects requests to paths no operation has. */
export const UNKNOWN_ROUTES_CASE = 'requests to unknown routes';

export type ReportFormat = 'junit' | 'json';
export const REPORT_FORMATS: readonly ReportFormat[] = ['junit', 'json'];

/** One test case: an operation (or the unknown routes), how many requests it got, what went wrong. */
export interface ReportCase {
  readonly name: string;
  readonly checked: number;
  readonly violations: readonly ViolationRecord[];
}

const caseName = (operationId: string | null): string =>
  operationId === null || operationId === UNKNOWN_ROUTE_KEY ? UNKNOWN_ROUTES_CASE : operationId;

/** The test cases, by name; every violation in exactly one, in the order the sandbox listed them. */
export function reportCases(answer: ViolationsAnswer): ReportCase[] {
  const cases = new Map<string, { checked: number; violations: ViolationRecord[] }>();
  const entry = (name: string): { checked: number; violations: ViolationRecord[] } => {
    let found = cases.get(name);
    if (found === undefined) {
      found = { checked: 0, violations: [] };
      cases.set(name, found);
    }
    return found;
  };
  for (const [operation, count] of Object.entries(answer.checked)) entry(caseName(operation)).checked += count;
  for (const violation of answer.data) entry(caseName(violation.operation_id)).violations.push(violation);
  return [...cases.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, { checked, violations }]) => ({ name, checked, violations }));
}

/** What CI logs: `2 violations in 1 operation (14 requests checked)`. */
export function reportSummary(answer: ViolationsAnswer): string {
  const cases = reportCases(answer);
  const failing = cases.filter((c) => c.violations.length > 0).length;
  const requests = cases.reduce((sum, c) => sum + c.checked, 0);
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  const dropped = answer.dropped > 0 ? `, ${answer.dropped} older ones dropped` : '';
  return `${plural(answer.data.length, 'violation')} in ${plural(failing, 'operation')} (${plural(requests, 'request')} checked${dropped})`;
}

// XML 1.0 allows these characters only; anything else (control characters, lone surrogates) becomes U+FFFD.
const NOT_XML_CHAR = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

function xmlText(value: string): string {
  return value
    .replace(NOT_XML_CHAR, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;');
}

// Attribute values are normalised by parsers (newlines and tabs become spaces) unless written as references.
function xmlAttribute(value: string): string {
  return xmlText(value).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}

function attributes(pairs: ReadonlyArray<readonly [string, string | number]>): string {
  return pairs.map(([name, value]) => ` ${name}="${xmlAttribute(String(value))}"`).join('');
}

/** The failure's one-line message: where in the request (a route violation has no pointer), and what is wrong. */
export function failureMessage(violation: ViolationRecord): string {
  return violation.pointer === '' ? violation.message : `${violation.pointer}: ${violation.message}`;
}

function failure(violation: ViolationRecord): string {
  const body = [
    `violation ${violation.id}: ${violation.method} ${violation.path} (answered ${violation.status})`,
    failureMessage(violation),
    `at ${violation.time}`,
  ].join('\n');
  return `      <failure${attributes([
    ['message', failureMessage(violation)],
    ['type', violation.in],
  ])}>${xmlText(body)}</failure>\n`;
}

/** The JUnit XML report: one `<testsuite>` named {@link SUITE_NAME}. */
export function renderJunit(answer: ViolationsAnswer): string {
  const cases = reportCases(answer);
  const failures = cases.filter((c) => c.violations.length > 0).length;
  const counts = [
    ['tests', cases.length],
    ['failures', failures],
    ['errors', 0],
    ['skipped', 0],
  ] as const;
  let xml = '<?xml version="1.0" encoding="UTF-8"?>\n';
  xml += `<testsuites${attributes([['name', 'commerce-sandbox'], ...counts])}>\n`;
  xml += `  <testsuite${attributes([['name', SUITE_NAME], ...counts])}>\n`;
  xml += '    <properties>\n';
  xml += `      <property${attributes([
    ['name', 'strict'],
    ['value', String(answer.strict)],
  ])}/>\n`;
  xml += `      <property${attributes([
    ['name', 'violations'],
    ['value', answer.data.length],
  ])}/>\n`;
  xml += `      <property${attributes([
    ['name', 'dropped'],
    ['value', answer.dropped],
  ])}/>\n`;
  xml += '    </properties>\n';
  for (const c of cases) {
    xml += `    <testcase${attributes([
      ['classname', SUITE_NAME],
      ['name', c.name],
    ])}>\n`;
    for (const violation of c.violations) xml += failure(violation);
    xml += `      <system-out>${xmlText(`${c.checked} request${c.checked === 1 ? '' : 's'} checked`)}</system-out>\n`;
    xml += '    </testcase>\n';
  }
  xml += '  </testsuite>\n</testsuites>\n';
  return xml;
}

/** The JSON report: the sandbox's answer as it is (`strict`, `checked`, `dropped`, `data`), indented. */
export function renderJson(answer: ViolationsAnswer): string {
  return `${JSON.stringify({ strict: answer.strict, checked: answer.checked, dropped: answer.dropped, data: answer.data }, null, 2)}\n`;
}

export function renderReport(format: ReportFormat, answer: ViolationsAnswer): string {
  return format === 'junit' ? renderJunit(answer) : renderJson(answer);
}
