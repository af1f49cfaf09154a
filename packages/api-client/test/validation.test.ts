import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidRequestError } from '../src/index.js';
import { clientOf, useFakeServer } from './support/servers.js';

const server = useFakeServer();
const client = () => clientOf(server());

async function refusal(pending: Promise<unknown>): Promise<InvalidRequestError> {
  const error = await pending.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidRequestError);
  return error as InvalidRequestError;
}

describe('parameters the spec rules out are refused before anything is sent', () => {
  it.each([0, 101, -1, 2.5, Number.NaN, Number.POSITIVE_INFINITY])('limit %s', async (limit) => {
    for (const pending of [
      client().customers.list({ limit }),
      client().get('/orders', { query: { limit } }),
      client().charges.list({ limit }).toArray({ max: 1 }),
    ]) {
      const error = await refusal(pending);
      expect(error.status).toBe(0);
      expect(error.type).toBe('invalid_request_error');
      expect(error.errors).toEqual({ limit: [`must be an integer between 1 and 100 (got ${String(limit)})`] });
      expect(error.message).toBe(
        `Refused before sending: limit must be an integer between 1 and 100 (got ${String(limit)})`,
      );
    }
    expect(server().requests).toHaveLength(0);
  });

  it('a limit that is not a number (JavaScript callers) is refused too', async () => {
    const error = await refusal(client().customers.list({ limit: '10' as unknown as number }));
    expect(error.errors['limit']).toEqual(['must be an integer between 1 and 100 (got "10")']);
    expect(server().requests).toHaveLength(0);
  });

  it('every limit from 1 to 100 is sent (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 100 }), async (limit) => {
        const page = await client().customers.list({ limit });
        expect(page.limit).toBe(limit);
      }),
      { numRuns: 25 },
    );
  });

  it('both cursors at once', async () => {
    const both = { starting_after: 'cus_00000001', ending_before: 'cus_00000009' };
    for (const pending of [
      client().customers.list(both as never),
      client().get('/customers', { query: both }),
      client().request('GET', '/discounts', { query: both }),
    ]) {
      const error = await refusal(pending);
      expect(error.status).toBe(0);
      expect(error.message).toMatch(/^Refused before sending: starting_after cannot be given with ending_before/);
    }
    expect(server().requests).toHaveLength(0);
  });

  it('one cursor, or an undefined second one, is fine', async () => {
    await client().customers.list({ ending_before: 'cus_00000009', starting_after: undefined });
    await client().get('/customers', { query: { starting_after: 'cus_00000001', ending_before: undefined } });
    expect(server().requests.map((r) => [...r.query.keys()])).toEqual([['ending_before'], ['starting_after']]);
  });

  it('nothing is sent, no token is asked for, and no rate-limit slot is used', async () => {
    let asked = 0;
    const c = clientOf(server(), {
      accessToken: undefined,
      auth: () => {
        asked++;
        return 'test_token';
      },
    });
    await refusal(c.customers.list({ limit: 1000 }));
    expect(asked).toBe(0);
    expect(server().requests).toHaveLength(0);
  });
});
