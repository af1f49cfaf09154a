import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as spec from '../src/generated/spec/enums.js';
import { validateConfigDir } from '../src/index.js';
import { EXAMPLES, themeDirs } from './helpers.js';

const VALID = path.join(EXAMPLES, 'valid');
const INVALID = path.join(EXAMPLES, 'invalid');

interface Expected {
  valid: boolean;
  validStrict: boolean;
  diagnostics: Array<{
    file: string;
    severity: string;
    code: string;
    pointer: string;
    line?: number;
    suggestion?: string;
  }>;
}

describe('valid example themes', () => {
  it.each(themeDirs(VALID).map((d) => [path.relative(EXAMPLES, d), d]))(
    '%s has no diagnostics, even with strict',
    async (_name, dir) => {
      const result = await validateConfigDir(dir, { strict: true });
      expect(result.diagnostics).toEqual([]);
      expect(result.valid).toBe(true);
    },
  );

  it('together use every block type and every enumeration value', () => {
    const seen = new Map<string, Set<unknown>>();
    const walk = (value: unknown, key: string): void => {
      if (Array.isArray(value)) for (const item of value) walk(item, key);
      else if (value && typeof value === 'object')
        for (const [k, v] of Object.entries(value)) walk(v, k.replace('backgound_', 'background_'));
      else {
        if (!seen.has(key)) seen.set(key, new Set());
        seen.get(key)?.add(value);
      }
    };
    for (const dir of themeDirs(VALID)) {
      for (const name of readdirSync(dir).filter((n) => n.endsWith('.stk.config.json'))) {
        walk(JSON.parse(readFileSync(path.join(dir, name), 'utf8')), '');
      }
    }
    const keysOf: Record<string, string[]> = {
      EBlockAlignment: ['alignment'],
      EBlockBackgroundImageMode: ['background_image_mode', 'image_style'],
      EBlockBackgroundType: ['background_type'],
      EBlockHeight: ['height'],
      EBlockStyle: ['style'],
      EBlockType: ['type'],
      EBlockVerticalAlignment: ['vertical_alignment'],
      EButtonAction: ['action'],
      EImageCombinationBlockBackgroundType: ['background_type'],
      EImagePosition: ['image_position'],
      ESocialFeedBlockType: ['type'],
      ESocialIconSize: ['social_link_size'],
      EStoreLanguage: ['language'],
      EVideoType: ['type'],
    };
    const enums = spec as unknown as Record<string, Record<string, string | number>>;
    expect(Object.keys(keysOf).sort()).toEqual(Object.keys(enums).sort());
    for (const [name, keys] of Object.entries(keysOf)) {
      const used = new Set(keys.flatMap((k) => [...(seen.get(k) ?? [])]));
      for (const member of Object.values(enums[name] ?? {}))
        expect(used.has(member), `${name} member ${String(member)} unused`).toBe(true);
    }
  });
});

describe('invalid example themes', () => {
  const cases = readdirSync(INVALID).sort();

  it('cover every rule of the issue', () => {
    const codes = new Set(
      cases.flatMap((c) =>
        (JSON.parse(readFileSync(path.join(INVALID, c, 'expected.json'), 'utf8')) as Expected).diagnostics.map(
          (d) => d.code,
        ),
      ),
    );
    for (const code of [
      'conflicting-spelling',
      'boolean-url',
      'conflicting-position',
      'ignored-property',
      'empty-region',
      'wrong-top-level-type',
      'invalid-json',
      'empty-file',
      'invalid-encoding',
      'not-a-file',
      'unknown-file',
      'forbidden-key',
      'unknown-property',
      'invalid-enum',
      'unknown-block-type',
      'missing-property',
    ]) {
      expect(codes.has(code), code).toBe(true);
    }
  });

  it.each(cases)('%s gives exactly the expected diagnostics', async (name) => {
    const dir = path.join(INVALID, name);
    const expected = JSON.parse(readFileSync(path.join(dir, 'expected.json'), 'utf8')) as Expected;
    const result = await validateConfigDir(dir);
    const actual = result.diagnostics.map((d) => ({
      file: path.basename(d.file ?? ''),
      severity: d.severity,
      code: d.code,
      pointer: d.pointer,
      ...(d.line !== undefined ? { line: d.line } : {}),
      ...(d.suggestion ? { suggestion: d.suggestion } : {}),
    }));
    expect(actual).toEqual(expected.diagnostics);
    expect(result.valid).toBe(expected.valid);
    expect((await validateConfigDir(dir, { strict: true })).valid).toBe(expected.validStrict);
    for (const d of result.diagnostics) {
      expect(d.message).not.toMatch(/must NOT|must match|must have required|must be equal/); // never ajv's raw text
      expect(d.message).not.toContain('\n');
      if (d.line !== undefined) expect(d.column).toBeGreaterThanOrEqual(1);
    }
  });
});
