// A spec that stateful API fuzzers can walk with no hand configuration: every create, retrieve, update and
// list operation links to the operations of its resource (OpenAPI `links`), and every id parameter carries an
// example of its own resource, never another resource's (the seeded ids themselves are checked against a
// running sandbox in packages/sandbox/test/spec-example-ids.test.ts).
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../api-types/generate.mjs';
import { specOperations } from '../lib/spec-operations.mjs';

const spec = await loadSpec();
const operations = specOperations(spec);
const byId = new Map(operations.map((op) => [op.operationId, op]));

/** The links of an operation's success response, `$ref`s to `#/components/links/…` resolved. */
function linksOf(op) {
  const response = spec.paths[op.path][op.method].responses[op.success.status];
  return Object.entries(response.links ?? {}).map(([name, link]) => {
    const resolved =
      typeof link.$ref === 'string' ? spec.components.links[link.$ref.slice('#/components/links/'.length)] : link;
    return { name, ...resolved };
  });
}

/** The collections of the API: a list operation on `/x` and the operations on `/x/{id}`. */
const collections = operations
  .filter((op) => op.method === 'get' && op.authenticated && !op.path.includes('{'))
  .map((list) => {
    const item = operations.filter((op) => op.path === `${list.path}/{id}`);
    const create = operations.find((op) => op.path === list.path && op.method === 'post');
    return { path: list.path, list, create, item };
  });

describe('OpenAPI links', () => {
  it('finds the seven collections', () => {
    expect(collections.map((c) => c.path)).toEqual([
      '/customers',
      '/charges',
      '/orders',
      '/products',
      '/categories',
      '/blog_posts',
      '/discounts',
    ]);
  });

  it.each(collections)(
    '$path: every link names an operation and only parameters it takes',
    ({ list, create, item }) => {
      for (const op of [list, create, ...item].filter(Boolean)) {
        for (const link of linksOf(op)) {
          const target = byId.get(link.operationId);
          expect(target, `${op.operationId} → ${link.name}`).toBeDefined();
          const names = new Set(target.parameters.map((p) => p.name));
          for (const [name, value] of Object.entries(link.parameters ?? {})) {
            expect(names.has(name), `${link.name}: ${link.operationId} takes no parameter ${name}`).toBe(true);
            expect(value).toMatch(/^\$response\.body#\/(id|data\/0\/id)$/);
          }
          // Every required path parameter of the target is given.
          for (const p of target.parameters.filter((p) => p.in === 'path'))
            expect(link.parameters?.[p.name], `${link.name} gives no ${p.name}`).toBeDefined();
        }
      }
    },
  );

  it.each(collections)('$path: create and retrieve link to every other operation on the object', ({ create, item }) => {
    const itemOps = item.map((op) => op.operationId);
    for (const op of [create, ...item.filter((op) => op.method !== 'delete')].filter(Boolean)) {
      const targets = linksOf(op).map((link) => link.operationId);
      const expected = itemOps.filter((id) => id !== op.operationId);
      expect(targets.sort(), op.operationId).toEqual(expected.sort());
      for (const link of linksOf(op)) expect(link.parameters).toEqual({ id: '$response.body#/id' });
    }
  });

  it.each(collections)('$path: the list links to the next page and to its first object', ({ list, item }) => {
    const links = linksOf(list);
    const next = links.find((link) => link.operationId === list.operationId);
    expect(next?.parameters).toEqual({ starting_after: '$response.body#/data/0/id' });
    const toItem = links.filter((link) => link.operationId !== list.operationId);
    expect(toItem.map((link) => link.operationId).sort()).toEqual(item.map((op) => op.operationId).sort());
    for (const link of toItem) expect(link.parameters).toEqual({ id: '$response.body#/data/0/id' });
  });
});

describe('id examples', () => {
  it.each(collections)("$path: each id parameter's examples are ids of this collection", ({ path, list, item }) => {
    const prefixes = new Set();
    for (const op of [list, ...item]) {
      for (const p of op.parameters.filter((p) => ['id', 'starting_after', 'ending_before'].includes(p.name))) {
        // Not ObjectId's example: a fuzzer reads the schema's examples as well as the parameter's.
        expect(p.schemaRef, `${op.operationId} ${p.name}`).toBeUndefined();
        for (const example of p.schema.examples ?? []) prefixes.add(example.split('_')[0]);
        expect(p.schema.examples?.length ?? 0, `${op.operationId} ${p.name}`).toBeGreaterThan(0);
      }
    }
    expect([...prefixes], path).toHaveLength(1);
  });
});
