// The README's examples, Public API table and wording (see tools/testing/readme.mjs).
import { fileURLToPath } from 'node:url';
import { describeReadme } from '../../../tools/testing/readme.mjs';

describeReadme({
  root: fileURLToPath(new URL('..', import.meta.url)),
  entries: { '@commerce-kit/api-types': 'src/index.ts', '@commerce-kit/api-types/validators': 'src/validators.ts' },
  features: [
    'Customer',
    'ListEnvelope',
    'WEBHOOK_EVENT_TYPES',
    "paths['/customers']",
    'validateCustomer',
    '.schema.json',
  ],
});
