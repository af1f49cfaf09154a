// The client against a mock we did not write: Stoplight Prism serving specs/openapi.yaml, one list
// resource per list operation of the spec, both pagination directions.
//
// What a stateless mock can and cannot show. Prism answers from the spec's examples and keeps no data:
// - cursors do not move: every page is the same example, whatever `starting_after`/`ending_before` say,
//   so what is checked is the cursor the client *sends* for the next page, not what comes back;
// - without a `Prefer` header Prism answers the list schema's first example (`has_more: false`): a walk
//   is one request and stops there;
// - with `Prefer: example=<name>` it answers that named media-type example; the spec's page examples say
//   `has_more: true`, so the second page hands back the cursor the client sent: the client must end the
//   walk with a typed error (or stop at `toArray({ max })`) instead of asking for the same page forever;
// - 404, 429 and 5xx, retries and rate limits cannot be provoked (the loopback fake server of the other
//   tests covers them).
import { describe, expect, it } from 'vitest';
import type { Validator } from '@commerce-kit/api-types/validators';
import * as validators from '@commerce-kit/api-types/validators';
import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ListResources } from '@commerce-kit/api-types';
import { InvalidRequestError, createClient, type Client } from '../src/index.js';
import { usePrismMock } from '../../../tools/testing/prism.mjs';
import { specOperations } from '../../../tools/lib/spec-operations.mjs';
import { resourceName } from '../../../tools/api-client/generate.mjs';

type ListPath = keyof ListResources;

const SPEC_FILE = fileURLToPath(new URL('../../api-types/src/generated/openapi.yaml', import.meta.url));

interface Envelope {
  limit: number;
  has_more: boolean;
  data: Array<{ id: string }>;
}
interface RawSpec {
  paths: Record<
    string,
    Record<
      string,
      {
        responses: Record<
          string,
          { content?: Record<string, { examples?: Record<string, { $ref?: string; value?: unknown }> }> }
        >;
      }
    >
  >;
  components: { schemas: Record<string, { examples?: unknown[] }>; examples: Record<string, { value: unknown }> };
}
const spec = parse(readFileSync(SPEC_FILE, 'utf8')) as RawSpec;

/** Every list operation of the spec (it takes both cursors), with the examples Prism answers from. */
const lists = specOperations(spec as unknown as Record<string, unknown>)
  .filter(
    (op) =>
      op.method === 'get' &&
      ['starting_after', 'ending_before'].every((name) => op.parameters.some((p) => p.name === name)),
  )
  .map((op) => {
    const schemaRef = op.success?.schemaRef;
    if (!schemaRef) throw new Error(`${op.operationId}: its 200 response names no component schema`);
    const named = Object.entries(
      spec.paths[op.path]![op.method]!.responses[op.success!.status]!.content?.['application/json']?.examples ?? {},
    ).map(([name, example]) => ({
      name,
      value: (example.$ref
        ? spec.components.examples[example.$ref.split('/').pop()!]!.value
        : example.value) as Envelope,
    }));
    const morePage = named.find((example) => example.value.has_more && example.value.data.length > 0);
    if (!morePage) throw new Error(`${op.operationId}: no named response example with has_more: true`);
    const validate = (validators as unknown as Record<string, Validator<unknown> | undefined>)[`validate${schemaRef}`];
    if (!validate) throw new Error(`@commerce-kit/api-types has no validator for ${schemaRef}`);
    return {
      path: op.path,
      /** The client's resource property: named after the operation's tag, as the generator names it (`Blog posts` -> `blogPosts`). */
      resource: resourceName(op.tag ?? ''),
      validate,
      defaultPage: spec.components.schemas[schemaRef]!.examples![0] as Envelope,
      morePage,
    };
  });

const prism = usePrismMock({ specFile: SPEC_FILE });

/** A client whose requests are recorded (real HTTP to Prism; a crash says so instead of "fetch failed"). */
function recordingClient(): { client: Client; sent: URL[] } {
  const sent: URL[] = [];
  const client = createClient({
    baseUrl: prism.url,
    accessToken: 'prism_test_token',
    rateLimit: false,
    maxRetries: 0,
    timeoutMs: 10_000,
    fetch: (input, init) => {
      sent.push(new URL(input));
      return prism.fetch(input, init);
    },
  });
  return { client, sent };
}

type AnyList = {
  list(
    params?: { limit?: number; starting_after?: string; ending_before?: string },
    options?: { headers?: Record<string, string> },
  ): PromiseLike<Envelope> &
    AsyncIterable<{ id: string }> & {
      pages(): AsyncIterable<Envelope>;
      toArray(options: { max: number }): Promise<Array<{ id: string }>>;
    };
};
const resourceOf = (client: Client, name: string): AnyList => {
  const resource = (client as unknown as Record<string, AnyList | undefined>)[name];
  if (!resource) throw new Error(`the client has no list resource "${name}"`);
  return resource;
};

it('the spec has list operations, and the client a resource for each', () => {
  expect(lists.map((l) => l.path)).toEqual(
    expect.arrayContaining([
      '/customers',
      '/charges',
      '/orders',
      '/products',
      '/categories',
      '/blog_posts',
      '/discounts',
    ]),
  );
  const { client } = recordingClient();
  for (const { resource } of lists) expect(typeof resourceOf(client, resource).list).toBe('function');
});

describe.each(lists.map((l) => [l.path, l] as const))('%s', (path, list) => {
  it('list() resolves to the first page, a valid envelope', async () => {
    const { client, sent } = recordingClient();
    const page = await resourceOf(client, list.resource).list({ limit: 2 });
    expect(list.validate(page), JSON.stringify(list.validate.errors)).toBe(true);
    expect(page).toEqual(list.defaultPage);
    expect(sent.map((u) => `${u.pathname}${u.search}`)).toEqual([`${path}?limit=2`]);
  });

  it('client.get() sends the typed call and gets the same envelope', async () => {
    const { client } = recordingClient();
    const page = await client.get(path as ListPath, { query: { limit: 2 } });
    expect(list.validate(page), JSON.stringify(list.validate.errors)).toBe(true);
  });

  it('iteration stops after a page with has_more: false (one request)', async () => {
    const { client, sent } = recordingClient();
    expect(list.defaultPage.has_more).toBe(false);
    const ids: string[] = [];
    for await (const item of resourceOf(client, list.resource).list({ limit: 2 })) ids.push(item.id);
    expect(ids).toEqual(list.defaultPage.data.map((item) => item.id));
    expect(sent).toHaveLength(1);
    const backward: string[] = [];
    for await (const item of resourceOf(client, list.resource).list({
      limit: 2,
      ending_before: list.defaultPage.data[0]!.id,
    }))
      backward.push(item.id);
    expect(backward).toEqual(ids);
    expect(sent).toHaveLength(2);
  });

  describe.each([
    ['forward', 'starting_after', undefined],
    ['backward', 'ending_before', 'zz_start_cursor'],
  ] as const)('%s (%s)', (_direction, cursorName, start) => {
    const params = { limit: 2, ...(start === undefined ? {} : { [cursorName]: start }) };
    const prefer = { Prefer: `example=${list.morePage.name}` };
    const perPage = list.morePage.value.data.length;
    const lastId = list.morePage.value.data.at(-1)!.id;
    const expectCursors = (sent: URL[], ...cursors: Array<string | undefined>): void => {
      expect(sent.map((url) => url.searchParams.get(cursorName))).toEqual(cursors.map((cursor) => cursor ?? null));
      const other = cursorName === 'starting_after' ? 'ending_before' : 'starting_after';
      expect(sent.every((url) => url.searchParams.get(other) === null && url.searchParams.get('limit') === '2')).toBe(
        true,
      );
    };

    it('while has_more is true, the next page is asked for from the last object received; toArray stops at max', async () => {
      const { client, sent } = recordingClient();
      const items = await resourceOf(client, list.resource)
        .list(params, { headers: prefer })
        .toArray({ max: perPage + 1 });
      expect(items).toEqual([...list.morePage.value.data, list.morePage.value.data[0]]);
      expectCursors(sent, start, lastId);
    });

    it('a page that hands back the same cursor ends pages() with a typed error, not an endless walk', async () => {
      const { client, sent } = recordingClient();
      const pages: Envelope[] = [];
      const walk = async (): Promise<void> => {
        for await (const page of resourceOf(client, list.resource).list(params, { headers: prefer }).pages()) {
          expect(list.validate(page), JSON.stringify(list.validate.errors)).toBe(true);
          pages.push(page);
          if (pages.length === 5) return; // a safety stop; the client must end the walk before it
        }
      };
      await expect(walk()).rejects.toMatchObject({
        type: 'invalid_response',
        message: expect.stringMatching(/cursor did not advance/),
      });
      expect(pages).toEqual([list.morePage.value, list.morePage.value]);
      expectCursors(sent, start, lastId);
    });
  });

  it('a limit above 100 is refused by the client before sending, and by the mock with the documented 400', async () => {
    const { client, sent } = recordingClient();
    const error = await resourceOf(client, list.resource)
      .list({ limit: 500 })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ status: 0, type: 'invalid_request_error' });
    expect(sent).toHaveLength(0);
    const raw = await prism.fetch(`${path}?limit=500`, {
      headers: { Authorization: 'Bearer prism_test_token', Accept: 'application/json' },
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toMatchObject({ type: 'invalid_request_error' });
  });
});
