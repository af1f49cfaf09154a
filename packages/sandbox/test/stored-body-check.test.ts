// Reads answered from the stored documents are checked as their envelope plus each document, with
// what a document was already found kept: the same verdicts as the envelope's validator over the page.
import { describe, expect, test } from 'vitest';
import { ROUTES } from '../src/generated/routes.js';
import { PASSED_LIMIT } from '../src/http/document-check.js';
import { responseMismatch } from '../src/http/response-check.js';
import type { Reply } from '../src/http/reply.js';
import type { RouteSpec } from '../src/http/route-spec.js';

const route = (id: string): RouteSpec => (ROUTES as readonly RouteSpec[]).find((r) => r.operationId === id)!;

const customer = (n: number, changes: Record<string, unknown> = {}): string =>
  JSON.stringify({
    id: `cus_${String(n).padStart(26, '0')}`,
    created_time: '2024-01-01T00:00:00.000Z',
    first_name: 'A',
    last_name: 'B',
    email: `a${n}@example.com`,
    company: null,
    delivery_address: null,
    billing_address: null,
    ...changes,
  });

/** A page reply as the list handler builds it. */
function page(documents: string[], limit = 10, hasMore = false): Reply {
  return {
    status: 200,
    json: `{"limit":${limit},"has_more":${hasMore},"data":[${documents.join(',')}]}`,
    stored: { envelope: { limit, has_more: hasMore }, documents },
  };
}

/** The same page as a parsed body: what the envelope's validator checks whole. */
const parsed = (reply: Reply): Reply => ({ status: reply.status, body: JSON.parse(reply.json!) as unknown });

describe('a stored page is checked as its envelope and its documents', () => {
  test('every list of the spec declares its items validator', () => {
    const lists = (ROUTES as readonly RouteSpec[]).filter((r) => r.operationId.startsWith('list'));
    expect(lists.length).toBeGreaterThan(5);
    for (const list of lists) expect(list.responses.find((r) => r.status === '200')?.items).toBeTypeOf('function');
  });

  test('the generator declares items only for an envelope that says nothing else of them', async () => {
    const { listItemSchema } = await import('../../../tools/sandbox/generate.mjs');
    const item = { $ref: '#/components/schemas/Customer' };
    const envelope = (data: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
      components: {
        schemas: {
          List: {
            type: 'object',
            required: ['limit', 'has_more', 'data'],
            properties: { limit: { type: 'integer' }, has_more: { type: 'boolean' }, data },
            description: 'A page.',
            ...extra,
          },
        },
      },
    });
    expect(listItemSchema(envelope({ type: 'array', items: item, description: 'The objects.' }), 'List')).toBe(
      'Customer',
    );
    // Anything more about the items, or about the envelope, and the page is checked whole.
    expect(listItemSchema(envelope({ type: 'array', items: item, maxItems: 100 }), 'List')).toBeUndefined();
    expect(listItemSchema(envelope({ type: 'array', items: item, uniqueItems: true }), 'List')).toBeUndefined();
    expect(listItemSchema(envelope({ type: 'array', items: { ...item, nullable: true } }), 'List')).toBeUndefined();
    expect(listItemSchema(envelope({ type: 'array', items: { type: 'object' } }), 'List')).toBeUndefined();
    expect(listItemSchema(envelope({ type: 'array', items: item }, { allOf: [{}] }), 'List')).toBeUndefined();
    expect(listItemSchema(envelope({ type: 'array', items: item }, { 'x-rule': 1 }), 'List')).toBeUndefined();
    expect(listItemSchema(envelope({ type: 'array', items: item }), 'Missing')).toBeUndefined();
  });

  test('a good page passes, as it does checked whole', () => {
    const reply = page([customer(1), customer(2)]);
    expect(responseMismatch(route('listCustomers'), reply)).toBeUndefined();
    expect(responseMismatch(route('listCustomers'), parsed(reply))).toBeUndefined();
    // Again: the documents are known now, the envelope is still checked.
    expect(responseMismatch(route('listCustomers'), reply)).toBeUndefined();
  });

  test('a bad document is named by its place in the page, every time it is answered', () => {
    const bad = customer(3, { email: 'nope' });
    const reply = page([customer(1), bad]);
    for (let i = 0; i < 2; i++)
      expect(responseMismatch(route('listCustomers'), reply)).toMatch(/does not match the spec: \/data\/1\/email/);
    expect(responseMismatch(route('listCustomers'), parsed(reply))).toMatch(/\/data\/1\/email/);
    // A missing field, a field of another type.
    const { email: _email, ...noEmail } = JSON.parse(customer(4)) as Record<string, unknown>;
    expect(responseMismatch(route('listCustomers'), page([JSON.stringify(noEmail)]))).toMatch(/\/data\/0 .*email/);
    expect(responseMismatch(route('listCustomers'), page([customer(5, { first_name: 7 })]))).toMatch(
      /\/data\/0\/first_name/,
    );
  });

  test('a document that passed once is checked again once it changes', () => {
    const good = customer(6);
    expect(responseMismatch(route('listCustomers'), page([good]))).toBeUndefined();
    const changed = customer(6, { company: 12 });
    expect(responseMismatch(route('listCustomers'), page([changed]))).toMatch(/\/data\/0\/company/);
    expect(
      responseMismatch(route('retrieveCustomer'), { status: 200, json: changed, stored: { documents: [changed] } }),
    ).toMatch(/\/company/);
  });

  test('the envelope is checked on every answer, whatever its documents', () => {
    const known = [customer(1)];
    expect(responseMismatch(route('listCustomers'), page(known))).toBeUndefined();
    expect(responseMismatch(route('listCustomers'), page(known, 0))).toMatch(/\/limit/);
    expect(responseMismatch(route('listCustomers'), page(known, 101))).toMatch(/\/limit/);
    expect(responseMismatch(route('listCustomers'), page([], 1000))).toMatch(/\/limit/);
  });

  test('the same list of documents, answered again, is still checked for its envelope; a failed list is never taken as passed', () => {
    const documents = [customer(20), customer(21)];
    expect(responseMismatch(route('listCustomers'), page(documents))).toBeUndefined();
    expect(responseMismatch(route('listCustomers'), page(documents, 0))).toMatch(/\/limit/);
    expect(responseMismatch(route('listCustomers'), page(documents))).toBeUndefined();
    const failing = [customer(22), customer(23, { email: 'nope' })];
    for (let i = 0; i < 2; i++)
      expect(responseMismatch(route('listCustomers'), page(failing))).toMatch(/\/data\/1\/email/);
  });

  test('a retrieve is checked from its stored document; a document of another resource does not pass', () => {
    const json = customer(7);
    const reply = (text: string): Reply => ({ status: 200, json: text, stored: { documents: [text] } });
    expect(responseMismatch(route('retrieveCustomer'), reply(json))).toBeUndefined();
    expect(responseMismatch(route('retrieveCustomer'), reply(json))).toBeUndefined();
    // Known to the customer validator, not to the product's: checked, and refused.
    expect(responseMismatch(route('retrieveProduct'), reply(json))).toMatch(/does not match the spec/);
    expect(responseMismatch(route('retrieveCustomer'), reply('{"id":'))).toMatch(/not valid JSON/);
  });

  test('past the limit, the oldest documents are forgotten and checked again, with the same verdict', () => {
    const many = Array.from({ length: PASSED_LIMIT + 20 }, (_, i) => customer(1000 + i));
    for (let i = 0; i < many.length; i += 100)
      expect(responseMismatch(route('listCustomers'), page(many.slice(i, i + 100), 100))).toBeUndefined();
    expect(responseMismatch(route('listCustomers'), page(many.slice(0, 10)))).toBeUndefined();
  });
});
