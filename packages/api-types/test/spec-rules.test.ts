// Rules of the platform document that the spec must state, checked on every operation.
import { describe, expect, it } from 'vitest';
import { operations, spec } from './spec-examples.js';

const responsesOf = (operation: {
  responses: Record<string, unknown>;
}): Record<string, { $ref?: string; content?: unknown }> =>
  operation.responses as Record<string, { $ref?: string; content?: unknown }>;
const resolve = (response: { $ref?: string; content?: unknown }): { content?: unknown } =>
  response.$ref
    ? ((spec.components['responses'] as Record<string, { content?: unknown }>)[response.$ref.split('/').pop()!] ?? {})
    : response;

describe('status codes of record writes (201 for POST/PUT, 204 for DELETE)', () => {
  const writes = operations().filter(({ prefix }) => prefix.startsWith('paths ') && !prefix.includes('/oauth/'));

  it('info.description states the rule', () => {
    const description = (spec as unknown as { info: { description: string } }).info.description;
    expect(description).toMatch(/POST or PUT[^.]*201/);
    expect(description).toMatch(/DELETE[^.]*204/);
  });

  it.each(writes.filter(({ prefix }) => / (POST|PUT) /.test(prefix)).map((op) => [op.prefix, op] as const))(
    '%s answers 201 with a body',
    (_p, { operation }) => {
      const responses = responsesOf(operation);
      expect(Object.keys(responses).filter((status) => status.startsWith('2'))).toEqual(['201']);
      expect(resolve(responses['201']!).content).toBeDefined();
    },
  );

  it.each(writes.filter(({ prefix }) => / DELETE /.test(prefix)).map((op) => [op.prefix, op] as const))(
    '%s answers 204 with no body',
    (_p, { operation }) => {
      const responses = responsesOf(operation);
      expect(Object.keys(responses).filter((status) => status.startsWith('2'))).toEqual(['204']);
      expect(resolve(responses['204']!).content).toBeUndefined();
    },
  );

  it('customers, products, categories, blog posts and discounts have all four verbs; charges and orders list and retrieve', () => {
    const prefixes = writes.map(({ prefix }) => prefix);
    for (const resource of ['customers', 'products', 'categories', 'blog_posts', 'discounts']) {
      expect(prefixes).toEqual(
        expect.arrayContaining([
          `paths GET /${resource}`,
          `paths POST /${resource}`,
          `paths GET /${resource}/{id}`,
          `paths PUT /${resource}/{id}`,
          `paths DELETE /${resource}/{id}`,
        ]),
      );
    }
    for (const resource of ['charges', 'orders']) {
      expect(
        prefixes
          .filter((prefix) => prefix.startsWith(`paths `) && prefix.split(' ')[2]!.split('/')[1] === resource)
          .sort(),
      ).toEqual([`paths GET /${resource}`, `paths GET /${resource}/{id}`]);
    }
  });
});
