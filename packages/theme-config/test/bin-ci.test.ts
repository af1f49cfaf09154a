// CI formats: SARIF 2.1.0 (checked against the standard's JSON Schema) and GitHub workflow annotations.
// In-process (`runInProcess`: same cwd, environment and non-TTY streams as the binary), except through
// the built binary (`runBin`): the SARIF and text runs of invalid/unknown-property (a large stdout piped
// out whole, exit 1 as the process status) and the `--format github` run (exit 1, annotations on stdout).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Validator } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_CODES } from '../src/diagnostics.js';
import { runBin } from './bin.js';
import { runInProcess } from './cli-io.js';
import { EXAMPLES, PACKAGE_ROOT } from './helpers.js';

const sarifSchema = JSON.parse(
  readFileSync(path.join(PACKAGE_ROOT, 'test/fixtures/sarif-schema-2.1.0.json'), 'utf8'),
) as Record<string, unknown>;
const sarifValidator = new Validator(sarifSchema, '4', false);

interface SarifLog {
  version: string;
  runs: Array<{
    tool: {
      driver: {
        name: string;
        version: string;
        rules: Array<{ id: string; help: { text: string }; shortDescription: { text: string } }>;
      };
    };
    results: Array<{
      ruleId: string;
      ruleIndex: number;
      level: string;
      message: { text: string };
      locations: Array<{
        physicalLocation: {
          artifactLocation: { uri: string; uriBaseId: string };
          region: { startLine: number; startColumn: number };
        };
      }>;
    }>;
  }>;
}

describe('validate --format sarif', () => {
  const themes = [
    'invalid/unknown-property',
    'invalid/only-when',
    'invalid/invalid-json',
    'invalid/unknown-file',
    'invalid/non-utf8',
    'valid/complete',
  ];

  it.each(themes)('%s: a valid SARIF 2.1.0 log (the OASIS schema), exit status as for text', async (theme) => {
    // One theme through the binary (see the header), the others in-process.
    const validate = async (args: string[]) =>
      theme === 'invalid/unknown-property' ? runBin(args, { cwd: EXAMPLES }) : runInProcess(args, { cwd: EXAMPLES });
    const run = await validate(['validate', '--configDir', theme, '--format', 'sarif']);
    const text = await validate(['validate', '--configDir', theme]);
    expect(run.code).toBe(text.code);
    const log = JSON.parse(run.stdout) as SarifLog;
    const verdict = sarifValidator.validate(log);
    expect(verdict.errors).toEqual([]);
    expect(verdict.valid).toBe(true);
    expect(log.version).toBe('2.1.0');
  });

  it('rules are the diagnostic codes with help text; results carry file, line, column and level', async () => {
    const run = await runInProcess(['validate', '--configDir', 'invalid/unknown-property', '--format', 'sarif'], {
      cwd: EXAMPLES,
    });
    const json = await runInProcess(['validate', '--configDir', 'invalid/unknown-property', '--format', 'json'], {
      cwd: EXAMPLES,
    });
    const [sarifRun] = (JSON.parse(run.stdout) as SarifLog).runs;
    const { diagnostics } = JSON.parse(json.stdout) as {
      diagnostics: Array<{
        code: string;
        severity: string;
        file: string;
        line: number;
        column: number;
        message: string;
      }>;
    };
    expect(sarifRun!.tool.driver.name).toBe('theme-config');
    expect(sarifRun!.tool.driver.rules.map((r) => r.id)).toEqual(Object.keys(DIAGNOSTIC_CODES));
    for (const rule of sarifRun!.tool.driver.rules) {
      expect(rule.shortDescription.text).toBe(DIAGNOSTIC_CODES[rule.id as keyof typeof DIAGNOSTIC_CODES]);
      expect(rule.help.text.length).toBeGreaterThan(20);
    }
    expect(sarifRun!.results).toHaveLength(diagnostics.length);
    sarifRun!.results.forEach((result, i) => {
      const d = diagnostics[i]!;
      expect(result.ruleId).toBe(d.code);
      expect(sarifRun!.tool.driver.rules[result.ruleIndex]!.id).toBe(d.code);
      expect(result.level).toBe(d.severity);
      expect(result.message.text).toContain(d.message);
      expect(result.locations[0]!.physicalLocation).toEqual({
        artifactLocation: { uri: d.file, uriBaseId: '%SRCROOT%' },
        region: { startLine: d.line, startColumn: d.column },
      });
    });
  });
});

describe('validate --format github', () => {
  it('prints one workflow annotation per diagnostic, then the summary line', async () => {
    const run = runBin(['validate', '--configDir', 'invalid/only-when', '--format', 'github', '--strict'], {
      cwd: EXAMPLES,
    });
    const json = JSON.parse(
      (
        await runInProcess(['validate', '--configDir', 'invalid/only-when', '--format', 'json', '--strict'], {
          cwd: EXAMPLES,
        })
      ).stdout,
    ) as {
      diagnostics: Array<{
        code: string;
        severity: string;
        file: string;
        line: number;
        column: number;
        message: string;
      }>;
    };
    expect(run.code).toBe(1);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(json.diagnostics.length + 1);
    json.diagnostics.forEach((d, i) => {
      expect(lines[i]).toBe(
        `::${d.severity} file=${d.file},line=${d.line},col=${d.column},title=theme-config ${d.code}::${d.message}`,
      );
    });
    expect(lines.at(-1)).toMatch(/^✖ \d+ errors? and 0 warnings in 1 file/);
  });

  it('escapes what would end a property or the message (",", ":", "%", newlines)', async () => {
    const run = await runInProcess(['validate', '--configDir', 'invalid/unknown-property', '--format', 'github'], {
      cwd: EXAMPLES,
    });
    for (const line of run.stdout.trimEnd().split('\n').slice(0, -1)) {
      const [, properties = '', message = ''] = /^::(?:error|warning) ([^:]*)::(.*)$/.exec(line) ?? [];
      expect(
        properties.split(',').every((p) => /^(file|line|col|title)=[^,:]*$/.test(p)),
        line,
      ).toBe(true);
      expect(message).not.toMatch(/[\r\n]/);
    }
  });
});
