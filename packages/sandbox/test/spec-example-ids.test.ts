// Every id the spec gives as an example names an object of the default seed, of the right resource: an API
// fuzzer that sends the spec's examples reaches real objects (a customer id sent as a product cursor was a
// finding of our own making). The links that chain the operations are checked in tools/test/spec-links.test.mjs.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type Sandbox, startSandbox } from '../src/index.js';

type Node = Record<string, unknown>;
const spec = parse(
  readFileSync(new URL('../../api-types/src/generated/openapi.yaml', import.meta.url), 'utf8'),
) as Node;
const components = spec['components'] as Record<string, Record<string, Node>>;

function resolve(node: Node): Node {
  const ref = node['$ref'];
  if (typeof ref !== 'string') return node;
  const [, , kind, name] = ref.split('/') as [string, string, string, string];
  return resolve(components[kind]![name]!);
}

/** Every example of an id parameter, with the collection it must name an object of. */
function idExamples(): { where: string; collection: string; id: string }[] {
  const found: { where: string; collection: string; id: string }[] = [];
  for (const [path, item] of Object.entries(spec['paths'] as Record<string, Node>)) {
    const collection = path.replace(/\/\{id\}$/, '');
    const shared = (item['parameters'] as Node[] | undefined) ?? [];
    for (const [method, op] of Object.entries(item)) {
      if (method === 'parameters') continue;
      for (const parameter of [...shared, ...(((op as Node)['parameters'] as Node[] | undefined) ?? [])].map(resolve)) {
        if (!['id', 'starting_after', 'ending_before'].includes(parameter['name'] as string)) continue;
        const schema = resolve(parameter['schema'] as Node);
        const values = [parameter['example'], ...((schema['examples'] as unknown[] | undefined) ?? [])];
        for (const id of values.filter((v): v is string => typeof v === 'string'))
          found.push({ where: `${method.toUpperCase()} ${path} ${parameter['name'] as string}`, collection, id });
      }
    }
  }
  // The product ids a category holds.
  for (const name of ['Category', 'CategoryCreateRequest', 'CategoryUpdateRequest']) {
    const items = ((components['schemas']![name]!['properties'] as Record<string, Node>)['product_ids']!['items'] ??
      {}) as Node;
    for (const id of (items['examples'] as string[] | undefined) ?? [])
      found.push({ where: `${name}.product_ids`, collection: '/products', id });
  }
  return found;
}

let sandbox: Sandbox;
beforeAll(async () => {
  // The defaults a user gets from `npx commerce-sandbox`: seed 1, 250 customers.
  sandbox = await startSandbox({ port: 0, onResponseMismatch: 'error', rateLimit: 0 });
});
afterAll(async () => {
  await sandbox.close();
});

describe('id examples of the spec', () => {
  const examples = idExamples();

  it('are found for every collection', () => {
    expect(new Set(examples.map((e) => e.collection)).size).toBe(7);
  });

  it.each(examples)('$where: $id exists in $collection', async ({ collection, id }) => {
    const res = await fetch(`${sandbox.url}${collection}/${id}`, {
      headers: { authorization: `Bearer ${sandbox.app.accessToken}` },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toBe(id);
  });
});
