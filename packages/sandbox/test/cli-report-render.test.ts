// The contract report's rendering (JUnit XML and JSON) and the reading of the violations answer: pure
// functions, checked on generated answers. The XML always parses; every violation appears exactly once.
import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, test } from 'vitest';
import {
  renderJson,
  renderJunit,
  reportCases,
  reportSummary,
  SUITE_NAME,
  UNKNOWN_ROUTES_CASE,
} from '../src/cli/report.js';
import { UNKNOWN_ROUTE_KEY } from '../src/control/violations.js';
import {
  AnswerShapeError,
  readViolationsAnswer,
  type ViolationRecord,
  type ViolationsAnswer,
} from '../src/cli/violations-answer.js';

// Any UTF-16 code unit, lone surrogates and control characters included: what a request path may carry.
const anyText = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  maxLength: 30,
});
const someText = fc.oneof(
  anyText,
  fc.constantFrom('<', '>', '&', '"', "'", ']]>', '&amp;', '\r\n', '\t', '\u0000', '\uD800', '\uDFFF\uD800'),
  fc.string(),
);
const operationId = fc.oneof(
  fc.constantFrom('listCustomers', 'createCustomer', 'listOrders', UNKNOWN_ROUTE_KEY),
  anyText,
);

const violation = (id: number): fc.Arbitrary<ViolationRecord> =>
  fc.record({
    id: fc.constant(id),
    time: fc.constant('2025-01-01T00:00:00.000Z'),
    method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
    path: someText,
    operation_id: fc.option(operationId, { nil: null }),
    in: fc.constantFrom('route', 'header', 'query', 'path', 'body'),
    pointer: someText,
    message: someText,
    status: fc.constantFrom(200, 201, 400, 401, 404, 413, 415),
  });

const answer: fc.Arbitrary<ViolationsAnswer> = fc
  .record({
    strict: fc.boolean(),
    checked: fc.dictionary(operationId, fc.nat(1000), { maxKeys: 6 }),
    dropped: fc.nat(5),
    count: fc.nat(25),
  })
  .chain(({ count, ...rest }) =>
    fc.tuple(...Array.from({ length: count }, (_, i) => violation(i + 1))).map((data) => ({ ...rest, data })),
  );

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  htmlEntities: true,
  isArray: (name) => ['testcase', 'failure', 'property'].includes(name),
});

interface ParsedCase {
  name: string;
  failure?: Array<{ '#text': string; message: string; type: string }>;
}

function suiteOf(xml: string): { name: string; tests: string; failures: string; testcase?: ParsedCase[] } {
  return (
    parser.parse(xml) as {
      testsuites: { testsuite: { name: string; tests: string; failures: string; testcase?: ParsedCase[] } };
    }
  ).testsuites.testsuite;
}

// XML 1.0's characters; the report must hold no other.
const NOT_XML_CHAR = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

describe('renderJunit', () => {
  test('is well-formed XML whatever the paths, pointers, messages and operation ids hold', () => {
    fc.assert(
      fc.property(answer, (a) => {
        const xml = renderJunit(a);
        expect(XMLValidator.validate(xml)).toBe(true);
        expect(NOT_XML_CHAR.test(xml)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  test("every violation appears exactly once, as a <failure> of its operation's test case", () => {
    fc.assert(
      fc.property(answer, (a) => {
        const suite = suiteOf(renderJunit(a));
        expect(suite.name).toBe(SUITE_NAME);
        const failures = (suite.testcase ?? []).flatMap((c) =>
          (c.failure ?? []).map((f) => ({ case: c.name, text: f['#text'], message: f.message })),
        );
        expect(failures).toHaveLength(a.data.length);
        const ids = failures.map((f) => Number(/^violation (\d+):/.exec(f.text)?.[1]));
        expect([...ids].sort((x, y) => x - y)).toEqual(a.data.map((v) => v.id));
        for (const [i, f] of failures.entries()) {
          const v = a.data.find((d) => d.id === ids[i])!;
          const expectedCase =
            v.operation_id === null || v.operation_id === UNKNOWN_ROUTE_KEY ? UNKNOWN_ROUTES_CASE : v.operation_id;
          // Names pass through unchanged unless they hold characters XML cannot carry.
          if (!NOT_XML_CHAR.test(expectedCase)) expect(f.case).toBe(expectedCase);
          expect(f.text).toContain(`${v.method} `);
          expect(f.text).toContain(`(answered ${v.status})`);
          const message = v.pointer === '' ? v.message : `${v.pointer}: ${v.message}`;
          if (!NOT_XML_CHAR.test(message)) expect(f.message).toBe(message);
        }
      }),
      { numRuns: 300 },
    );
  });

  test('one test case per operation that received requests or has violations, and one for unknown routes', () => {
    fc.assert(
      fc.property(answer, (a) => {
        const names = new Set(
          [...Object.keys(a.checked), ...a.data.map((v) => v.operation_id)].map((n) =>
            n === null || n === UNKNOWN_ROUTE_KEY ? UNKNOWN_ROUTES_CASE : n,
          ),
        );
        const cases = reportCases(a);
        expect(cases.map((c) => c.name).sort()).toEqual([...names].sort());
        const suite = suiteOf(renderJunit(a));
        expect(suite.testcase ?? []).toHaveLength(names.size);
        expect(Number(suite.tests)).toBe(names.size);
        expect(Number(suite.failures)).toBe(cases.filter((c) => c.violations.length > 0).length);
      }),
      { numRuns: 200 },
    );
  });

  test('escapes markup and keeps the text: a message with <, & and quotes reads back as it was', () => {
    const a: ViolationsAnswer = {
      strict: true,
      checked: { listCustomers: 2 },
      dropped: 0,
      data: [
        {
          id: 1,
          time: '2025-01-01T00:00:00.000Z',
          method: 'GET',
          path: '/customers',
          operation_id: 'listCustomers',
          in: 'query',
          pointer: '/query/a&b',
          message: 'send "Bearer <token>" & \'more\'',
          status: 400,
        },
      ],
    };
    const [failure] = suiteOf(renderJunit(a)).testcase![0]!.failure!;
    expect(failure!.message).toBe('/query/a&b: send "Bearer <token>" & \'more\'');
    expect(failure!.type).toBe('query');
    expect(failure!['#text']).toBe(
      'violation 1: GET /customers (answered 400)\n/query/a&b: send "Bearer <token>" & \'more\'\nat 2025-01-01T00:00:00.000Z',
    );
  });

  test('a report without requests is an empty, passing suite; a route violation has no pointer in its message', () => {
    expect(suiteOf(renderJunit({ strict: false, checked: {}, dropped: 0, data: [] })).tests).toBe('0');
    const a: ViolationsAnswer = {
      strict: false,
      checked: { [UNKNOWN_ROUTE_KEY]: 1 },
      dropped: 0,
      data: [
        {
          id: 7,
          time: 't',
          method: 'GET',
          path: '/refunds',
          operation_id: null,
          in: 'route',
          pointer: '',
          message: 'no operation at GET /refunds',
          status: 404,
        },
      ],
    };
    const [c] = suiteOf(renderJunit(a)).testcase!;
    expect(c!.name).toBe(UNKNOWN_ROUTES_CASE);
    expect(c!.failure![0]!.message).toBe('no operation at GET /refunds');
    expect(reportSummary(a)).toBe('1 violation in 1 operation (1 request checked)');
  });
});

describe('renderJson', () => {
  test('is the answer as it was, JSON that parses back to the same value', () => {
    fc.assert(
      fc.property(answer, (a) => {
        expect(JSON.parse(renderJson(a))).toEqual({
          strict: a.strict,
          checked: a.checked,
          dropped: a.dropped,
          data: a.data,
        });
      }),
      { numRuns: 200 },
    );
  });
});

describe('readViolationsAnswer', () => {
  test('reads back every answer of the documented shape', () => {
    fc.assert(
      fc.property(answer, (a) => {
        expect(readViolationsAnswer(JSON.parse(JSON.stringify(a)))).toEqual(a);
      }),
    );
  });

  test.each([
    [null, '(the body) must be an object'],
    [{ strict: 'no', checked: {}, data: [] }, '/strict must be true or false'],
    [{ strict: true, checked: [], data: [] }, '/checked must be an object'],
    [{ strict: true, checked: { 'a/b': -1 }, data: [] }, '/checked/a~1b must be a whole number'],
    [{ strict: true, checked: {}, data: {} }, '/data must be an array'],
    [{ strict: true, checked: {}, data: [{ id: 1 }] }, '/data/0/time must be a string'],
    [
      {
        strict: true,
        checked: {},
        data: [
          {
            id: 1,
            time: 't',
            method: 'GET',
            path: '/',
            operation_id: 3,
            in: 'q',
            pointer: '',
            message: '',
            status: 200,
          },
        ],
      },
      '/data/0/operation_id must be a string or null',
    ],
  ])('refuses %j, naming where: %s', (body, message) => {
    expect(() => readViolationsAnswer(body)).toThrow(AnswerShapeError);
    expect(() => readViolationsAnswer(body)).toThrow(message);
  });

  test('`dropped` is optional (0)', () => {
    expect(readViolationsAnswer({ strict: false, checked: {}, data: [] }).dropped).toBe(0);
  });
});
