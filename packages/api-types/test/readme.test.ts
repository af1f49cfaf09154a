// The README's `ts` examples compile against the package source with the repository's strict options.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareApiTable } from '../../../tools/testing/public-api.mjs';
import { readReadme, tsCodeBlocks, typecheckSnippets } from '../../../tools/testing/typecheck-snippets.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const blocks = tsCodeBlocks(readReadme(ROOT));

describe('README examples', () => {
  it('show the types, the validators and the JSON Schemas', () => {
    const all = blocks.join('\n');
    for (const feature of ['Customer', 'ListEnvelope', 'WEBHOOK_EVENT_TYPES', "paths['/customers']", 'validateCustomer', '.schema.json']) {
      expect(all, feature).toContain(feature);
    }
  });

  it('every ts block type-checks', () => {
    const diagnostics = typecheckSnippets({
      root: ROOT,
      snippets: blocks,
      paths: {
        '@commerce-kit/api-types': ['src/index.ts'],
        '@commerce-kit/api-types/validators': ['src/validators.ts'],
        '@commerce-kit/api-types/schemas/*': ['src/generated/schemas/*'],
      },
    });
    expect(diagnostics).toEqual([]);
  }, 60_000);

  it('the Public API table lists exactly what the entries export', () => {
    expect(
      compareApiTable({ root: ROOT, entries: { '@commerce-kit/api-types': 'src/index.ts', '@commerce-kit/api-types/validators': 'src/validators.ts' } }),
    ).toEqual({ undocumented: [], notExported: [], unknownEntries: [] });
  });
});
