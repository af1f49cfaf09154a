// The precompiled validators must run where there is no require() and no eval (edge runtimes, CSP).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../lib/generated-files.mjs';

const BUNDLES = ['packages/api-types/src/generated/validators.js', 'packages/theme-config/src/generated/validators.js'];

describe.each(BUNDLES)('%s', (file) => {
  const code = readFileSync(path.join(REPO_ROOT, file), 'utf8');

  it('has no require() left from ajv standalone output', () => {
    expect(code.match(/.{0,40}\brequire\(.{0,40}/)?.[0]).toBeUndefined();
  });

  it('compiles no code at run time (no eval, no new Function)', () => {
    expect(code).not.toMatch(/\beval\(|new Function\(/);
  });

  it('is an ES module with no imports', () => {
    expect(code).toMatch(/\bexport\b/);
    expect(code).not.toMatch(/^\s*import\s/m);
  });
});
