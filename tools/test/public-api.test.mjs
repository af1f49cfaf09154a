import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareApiTable, readmeApiTable } from '../testing/public-api.mjs';
import { testTempDir } from '../testing/temp-dir.mjs';

describe('public API table', () => {
  it('reads the rows of the Public API section only', () => {
    const md =
      '# x\n\n## Public API\n\n| Export | Entry | What |\n|---|---|---|\n| `a` | `@s/x` | thing |\n| `B` | `@s/x/testing` | type |\n\n## Other\n\n| `c` | `@s/x` | no |\n';
    expect(readmeApiTable(md)).toEqual([
      { name: 'a', entry: '@s/x' },
      { name: 'B', entry: '@s/x/testing' },
    ]);
    expect(() => readmeApiTable('# nothing')).toThrow(/Public API/);
  });

  it('finds undocumented exports, documented names that are not exported, and unknown entries', () => {
    const root = testTempDir('api-table-');
    writeFileSync(path.join(root, 'a.ts'), "export const a = 1;\nexport type T = string;\nexport * from './b.js';\n");
    writeFileSync(path.join(root, 'b.ts'), 'export function b(): void {}\n');
    writeFileSync(
      path.join(root, 'README.md'),
      '## Public API\n\n| Export | Entry |\n|---|---|\n| `a` | `@s/x` |\n| `gone` | `@s/x` |\n| `T` | `@s/x` |\n| `z` | `@s/y` |\n',
    );
    expect(compareApiTable({ root, entries: { '@s/x': 'a.ts' } })).toEqual({
      undocumented: ['@s/x#b'],
      notExported: ['@s/x#gone', '@s/y#z'],
      unknownEntries: ['@s/y'],
    });
  });

  it('a `prefix*` row documents a generated family, and must match at least one export', () => {
    const root = testTempDir('api-table-');
    writeFileSync(
      path.join(root, 'v.ts'),
      'export const validateA = 1;\nexport const validateB = 2;\nexport type Validator = 1;\n',
    );
    writeFileSync(
      path.join(root, 'README.md'),
      '## Public API\n\n| Export | Entry |\n|---|---|\n| `validate*` | `@s/v` |\n| `Validator` | `@s/v` |\n| `check*` | `@s/v` |\n',
    );
    expect(compareApiTable({ root, entries: { '@s/v': 'v.ts' } })).toEqual({
      undocumented: [],
      notExported: ['@s/v#check*'],
      unknownEntries: [],
    });
  });
});
