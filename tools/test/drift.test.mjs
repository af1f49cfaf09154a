import { describe, expect, it } from 'vitest';
import { checkDrift, loadGenerators } from '../generators.mjs';

describe('generated code is up to date with specs/', () => {
  it('has the api-types generator', async () => {
    expect((await loadGenerators()).map((g) => g.name)).toContain('api-types');
  });

  it('every generator reproduces the committed files byte for byte', async () => {
    for (const result of await checkDrift()) {
      expect(result, `run \`npm run generate\` (${result.name})`).toEqual({
        name: result.name,
        stale: [],
        missing: [],
        extra: [],
        error: null,
      });
    }
  }, 120_000);
});
