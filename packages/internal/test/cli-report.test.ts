import { describe, expect, it } from 'vitest';
import type { ReportDiagnostic, ReportTool } from '../cli/diagnostic.js';
import { UsageError } from '../cli/io.js';
import { formatReport } from '../cli/report.js';
import { readReportOptions, REPORT_FORMATS } from '../cli/report-options.js';

const TOOL: ReportTool = {
  name: 'theme-kit',
  version: '0.3.0',
  informationUri: 'https://example.test/theme-kit',
  helpUri: 'https://example.test/theme-kit#checks',
  helpText: 'See the checks table.',
  fileNoun: 'template',
  codes: { 'unknown-tag': 'A tag the renderer does not know.', 'missing-file': 'A file the theme needs is missing.' },
};

const DIAGNOSTICS: ReportDiagnostic[] = [
  { severity: 'error', code: 'missing-file', message: 'no layout', pointer: '' },
  {
    severity: 'warning',
    code: 'unknown-tag',
    message: 'unknown tag `{% foo %}`',
    file: 'templates/a b.liquid',
    line: 3,
    column: 7,
    pointer: '/0',
    suggestion: 'did you mean `for`?',
  },
];
const RESULT = { valid: false, diagnostics: DIAGNOSTICS };
const CONTEXT = { files: 4, color: false, cwd: '/work/theme' };

describe('formatReport with a tool descriptor', () => {
  it("text: one line per diagnostic grouped by file, the summary counting the tool's files", () => {
    expect(formatReport(TOOL, 'text', RESULT, CONTEXT)).toBe(
      [
        '<input>:1:1 error missing-file no layout',
        '',
        'templates/a b.liquid:3:7 warning unknown-tag unknown tag `{% foo %}` (did you mean `for`?)',
        '',
        '✖ 1 error and 1 warning in 2 files (4 templates checked)',
        '',
      ].join('\n'),
    );
    expect(formatReport(TOOL, 'text', { valid: true, diagnostics: [] }, { ...CONTEXT, files: 1 })).toBe(
      '✔ no problems in 1 template\n',
    );
    expect(formatReport(TOOL, 'text', RESULT, { ...CONTEXT, color: true })).toMatch(/\u001b\[/);
  });

  it('json: valid, summary and the diagnostics as given', () => {
    expect(JSON.parse(formatReport(TOOL, 'json', RESULT, CONTEXT))).toEqual({
      valid: false,
      summary: { errors: 1, warnings: 1, files: 4 },
      diagnostics: DIAGNOSTICS,
    });
  });

  it('sarif: the tool as driver, one rule per code of the tool, results pointing at them', () => {
    const log = JSON.parse(formatReport(TOOL, 'sarif', RESULT, CONTEXT));
    const run = log.runs[0];
    expect(run.tool.driver).toMatchObject({
      name: 'theme-kit',
      version: '0.3.0',
      semanticVersion: '0.3.0',
      informationUri: 'https://example.test/theme-kit',
    });
    expect(run.tool.driver.rules).toEqual([
      {
        id: 'unknown-tag',
        name: 'UnknownTag',
        shortDescription: { text: 'A tag the renderer does not know.' },
        fullDescription: { text: 'A tag the renderer does not know.' },
        help: { text: 'A tag the renderer does not know. See the checks table.' },
        helpUri: 'https://example.test/theme-kit#checks',
      },
      expect.objectContaining({ id: 'missing-file', name: 'MissingFile' }),
    ]);
    expect(run.originalUriBaseIds).toEqual({ '%SRCROOT%': { uri: 'file:///work/theme/' } });
    expect(run.results).toEqual([
      { ruleId: 'missing-file', ruleIndex: 1, level: 'error', message: { text: 'no layout' } },
      {
        ruleId: 'unknown-tag',
        ruleIndex: 0,
        level: 'warning',
        message: { text: 'unknown tag `{% foo %}` (did you mean `for`?)' },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: 'templates/a%20b.liquid', uriBaseId: '%SRCROOT%' },
              region: { startLine: 3, startColumn: 7 },
            },
            logicalLocations: [{ fullyQualifiedName: '/0', kind: 'member' }],
          },
        ],
      },
    ]);
  });

  it('github: annotations titled `<tool name> <code>`, then the summary line', () => {
    expect(formatReport(TOOL, 'github', RESULT, CONTEXT)).toBe(
      [
        '::error title=theme-kit missing-file::no layout',
        '::warning file=templates/a b.liquid,line=3,col=7,title=theme-kit unknown-tag::unknown tag `{%25 foo %25}` (did you mean `for`?)',
        '✖ 1 error and 1 warning in 2 files (4 templates checked)',
        '',
      ].join('\n'),
    );
  });
});

describe('readReportOptions', () => {
  it('reads --strict and --format (default text)', () => {
    expect(readReportOptions({})).toEqual({ strict: false, format: 'text' });
    for (const format of REPORT_FORMATS)
      expect(readReportOptions({ strict: true, format })).toEqual({ strict: true, format });
  });

  it('an unknown format is a UsageError naming --format and the formats', () => {
    expect(() => readReportOptions({ format: 'xml' })).toThrow(UsageError);
    expect(() => readReportOptions({ format: 'xml' })).toThrow(
      '--format must be one of text, json, sarif, github, not "xml"',
    );
  });
});
