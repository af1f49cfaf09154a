/**
 * Type-level tests, checked by `tsc` (the package's `typecheck` target).
 * Each `@ts-expect-error` must stay an error; each `expectTypeOf` pins an inferred type.
 */
import type {
  BlogPost,
  BlogPostCreateRequest,
  Category,
  Charge,
  Customer,
  CustomerCreateRequest,
  CustomerUpdateRequest,
  Discount,
  ListEnvelope as TypesListEnvelope,
  Order,
  Product,
  ProductUpdateRequest,
} from '@commerce-kit/api-types';
import { expectTypeOf } from 'vitest';
import {
  type ApiError,
  type RateLimitError,
  createClient,
  type AuthProvider,
  type FieldErrors,
  type ListEnvelope,
  type ListPromise,
  type OAuthError,
  type TokenSet,
  type RateLimitStore,
  type Client,
} from '../src/index.js';
import { buildAuthorizeUrl, exchangeCode } from '../src/oauth/index.js';
import { decideRetry, type RetryDecision } from '../src/retry.js';
import { ManualClock } from '../src/testing/index.js';

declare const auth: AuthProvider;
const client = createClient({ baseUrl: 'https://api.example.com', accessToken: 't' });

// --- createClient options -------------------------------------------------------
createClient({ baseUrl: 'x', auth });
createClient({
  baseUrl: 'x',
  accessToken: 't',
  fetch: globalThis.fetch,
  maxRetries: 3,
  timeoutMs: 1000,
  rateLimit: { accountKey: 'a' },
  userAgent: 'me/1',
});
createClient({ baseUrl: 'x', accessToken: 't', rateLimit: false });
createClient({ baseUrl: 'x', accessToken: 't', rateLimit: { accountKey: 'a', requestsPerMinute: 100 } });
declare const store: RateLimitStore;
createClient({
  baseUrl: 'x',
  accessToken: 't',
  rateLimit: { store },
  maxRetryAfterSeconds: 120,
  clock: new ManualClock(),
});
// @ts-expect-error one name per setting: `requests` is gone, `requestsPerMinute` stays
createClient({ baseUrl: 'x', accessToken: 't', rateLimit: { requests: 10 } });
// @ts-expect-error the limiter is on by default: `true` is not an option
createClient({ baseUrl: 'x', accessToken: 't', rateLimit: true });
createClient({ baseUrl: 'x', auth: async () => 'token' });
// Optional options may be passed as undefined (values from config that may be unset).
declare const unset: undefined;
createClient({
  baseUrl: 'x',
  accessToken: 't',
  fetch: unset,
  maxRetries: unset,
  maxRetryAfterSeconds: unset,
  timeoutMs: unset,
  rateLimit: unset,
  userAgent: unset,
  clock: unset,
});
createClient({
  baseUrl: 'x',
  accessToken: 't',
  rateLimit: { accountKey: unset, requestsPerMinute: unset, store: unset },
});
buildAuthorizeUrl({
  baseUrl: 'x',
  clientId: 'c',
  redirectUri: 'r',
  scopes: ['api_basic', 'api_readwrite', 'openid'],
  state: unset,
});
void exchangeCode({
  baseUrl: 'x',
  clientId: 'a',
  clientSecret: 'b',
  code: 'c',
  redirectUri: 'r',
  clientAuth: unset,
  fetch: unset,
  signal: unset,
});
// @ts-expect-error session options are given to createTokenSession, not to auth
createClient({ baseUrl: 'x', auth: { tokens: {} as TokenSet, clientId: 'c', clientSecret: 's' } });
// @ts-expect-error a token function gives a string
createClient({ baseUrl: 'x', auth: async () => 42 });
void client.get('/customers', { timeoutMs: 1_000 });
void client.customers.list({ limit: 1 }, { timeoutMs: 1_000, signal: AbortSignal.timeout(10) });
buildAuthorizeUrl({ baseUrl: 'x', clientId: 'c', redirectUri: 'r', scopes: 'api_basic api_readwrite openid' });
// @ts-expect-error accessToken and auth are exclusive
createClient({ baseUrl: 'x', accessToken: 't', auth });
// @ts-expect-error one of them is required
createClient({ baseUrl: 'x' });
// @ts-expect-error baseUrl is required
createClient({ accessToken: 't' });

// --- list resources ---------------------------------------------------------------
const customers = client.customers.list({ limit: 10 });
expectTypeOf(customers).toEqualTypeOf<ListPromise<Customer, ListEnvelopeOfCustomers>>();
type ListEnvelopeOfCustomers = Awaited<ReturnType<typeof client.get<'/customers'>>>;
expectTypeOf(client).toEqualTypeOf<Client>();
expectTypeOf<Awaited<typeof customers>['data'][number]>().toEqualTypeOf<Customer>();
expectTypeOf<Awaited<typeof customers>['has_more']>().toEqualTypeOf<boolean>();
expectTypeOf(customers).toMatchTypeOf<AsyncIterable<Customer>>();
expectTypeOf(customers).toMatchTypeOf<Promise<{ limit: number; has_more: boolean; data: Customer[] }>>();
expectTypeOf(customers.toArray({ max: 5 })).toEqualTypeOf<Promise<Customer[]>>();
expectTypeOf(customers.pages()).toEqualTypeOf<AsyncIterableIterator<ListEnvelope<Customer>>>();
expectTypeOf<ListEnvelope<Customer>>().toMatchTypeOf<Readonly<TypesListEnvelope<Customer>> | ListEnvelope<Customer>>();
expectTypeOf(client.charges.list()).toMatchTypeOf<AsyncIterable<Charge>>();
expectTypeOf(client.blogPosts.list()).toMatchTypeOf<AsyncIterable<BlogPost>>();
expectTypeOf(client.discounts.list()).toMatchTypeOf<AsyncIterable<Discount>>();

expectTypeOf(client.customers.list()).toEqualTypeOf<typeof customers>();
expectTypeOf(client.customers.list({ starting_after: 'cus_1' })).toEqualTypeOf<typeof customers>();
expectTypeOf(client.customers.list({ ending_before: 'cus_1', limit: 100 })).toEqualTypeOf<typeof customers>();
expectTypeOf(client.customers.list({}, { signal: AbortSignal.timeout(10) })).toEqualTypeOf<typeof customers>();
// @ts-expect-error both cursors at once is forbidden
void client.customers.list({ starting_after: 'a', ending_before: 'b' });
// Optional parameters may be undefined (not sent), e.g. a cursor from the previous page, if any.
declare const maybeCursor: string | undefined;
declare const maybeLimit: number | undefined;
expectTypeOf(client.customers.list({ limit: maybeLimit, starting_after: maybeCursor })).toEqualTypeOf<
  typeof customers
>();
expectTypeOf(client.customers.list({ ending_before: maybeCursor, starting_after: undefined })).toEqualTypeOf<
  typeof customers
>();
// @ts-expect-error a possibly-defined second cursor is still two cursors
void client.customers.list({ ending_before: 'b', starting_after: maybeCursor });
// @ts-expect-error limit is a number
void client.customers.list({ limit: '10' });
// @ts-expect-error unknown query parameter
void client.customers.list({ page: 2 });
// @ts-expect-error a bound is required
void customers.toArray();
// @ts-expect-error there is no such resource
void client.invoices;
// @ts-expect-error one name per resource: blogPosts (from the spec's tag), no blog_posts alias
void client.blog_posts;

// --- customers: create / retrieve / update / del, generated from the spec -------------
declare const createBody: CustomerCreateRequest;
expectTypeOf(client.customers.create(createBody)).toEqualTypeOf<Promise<Customer>>();
expectTypeOf(client.customers.create).parameter(0).toEqualTypeOf<CustomerCreateRequest>();
expectTypeOf(client.customers.retrieve('cus_1')).toEqualTypeOf<Promise<Customer>>();
expectTypeOf(client.customers.update('cus_1', { company: null })).toEqualTypeOf<Promise<Customer>>();
expectTypeOf(client.customers.update).parameter(1).toEqualTypeOf<CustomerUpdateRequest>();
expectTypeOf(client.customers.del('cus_1')).toEqualTypeOf<Promise<undefined>>();
void client.customers.del('cus_1', { signal: AbortSignal.timeout(10), timeoutMs: 1_000 });
// @ts-expect-error the body's required fields are checked
void client.customers.create({ email: 'a@b.c' });
// @ts-expect-error unknown body fields are refused (the spec's additionalProperties: false)
void client.customers.update('cus_1', { nickname: 'x' });
// @ts-expect-error the id is required
void client.customers.retrieve();
// @ts-expect-error the id is a string
void client.customers.del(42);
// @ts-expect-error only the operations of the spec exist
void client.charges.create({});
// @ts-expect-error charges and orders are read, never written, through the API
void client.orders.del('ord_1');

// --- products, categories, blog posts, discounts: the same four verbs -----------------
expectTypeOf(client.products.create({ title: 'Teapot', description: 'For two.', price: 39.5 })).toEqualTypeOf<
  Promise<Product>
>();
expectTypeOf(client.products.update).parameter(1).toEqualTypeOf<ProductUpdateRequest>();
expectTypeOf(client.categories.retrieve('cat_1')).toEqualTypeOf<Promise<Category>>();
expectTypeOf(client.blogPosts.create).parameter(0).toEqualTypeOf<BlogPostCreateRequest>();
expectTypeOf(client.discounts.del('disc_1')).toEqualTypeOf<Promise<undefined>>();
expectTypeOf(client.orders.retrieve('ord_1')).toEqualTypeOf<Promise<Order>>();
// A field with a default in the spec (`active`, `product_ids`) may be left out.
void client.discounts.create({ code: 'SPRING10', percent_off: 10 });
void client.categories.create({ title: 'Tea', description: 'Leaves.' });
// @ts-expect-error price is required
void client.products.create({ title: 'Teapot', description: 'For two.' });
// @ts-expect-error tags is required (the theme kit requires them)
void client.blogPosts.create({ title: 'Hi', meta_description: 'Hi.', content: '<p>Hi</p>' });
// @ts-expect-error an update names writable fields only
void client.discounts.update('disc_1', { id: 'disc_2' });

// --- generic call, typed from `paths` ------------------------------------------------
expectTypeOf(client.get('/customers', { query: { limit: 5 } })).resolves.toMatchTypeOf<{
  data: Customer[];
  has_more: boolean;
  limit: number;
}>();
expectTypeOf(client.request('get', '/orders')).resolves.toHaveProperty('data');
// Upper-case methods (as on the wire) are the same call.
expectTypeOf(client.request('GET', '/customers', { query: { limit: 5 } })).resolves.toMatchTypeOf<{
  data: Customer[];
}>();
// @ts-expect-error mixed case is not a method
void client.request('Get', '/customers');
// @ts-expect-error query keys are checked with an upper-case method too
void client.request('GET', '/customers', { query: { nope: 1 } });
// @ts-expect-error unknown path
void client.get('/invoices');
void client.post('/customers', { body: createBody });
// @ts-expect-error the body is checked on the path-based call too
void client.post('/customers', { body: {} });
// @ts-expect-error query keys are checked
void client.get('/customers', { query: { nope: 1 } });
void client.get('/customers', { query: { limit: maybeLimit, starting_after: maybeCursor } });
// @ts-expect-error query value types are checked
void client.get('/customers', { query: { limit: 'ten' } });
expectTypeOf(client.post('/customers', { body: createBody })).resolves.toEqualTypeOf<Customer>();
expectTypeOf(client.get('/customers/{id}', { path: { id: 'cus_1' } })).resolves.toEqualTypeOf<Customer>();
expectTypeOf(
  client.put('/customers/{id}', { path: { id: 'cus_1' }, body: { company: null } }),
).resolves.toEqualTypeOf<Customer>();
expectTypeOf(client.delete('/customers/{id}', { path: { id: 'cus_1' } })).resolves.toEqualTypeOf<undefined>();
// @ts-expect-error path params are required
void client.get('/customers/{id}');
// @ts-expect-error path param names are checked
void client.get('/customers/{id}', { path: { key: 'x' } });
// @ts-expect-error the body is required for POST
void client.post('/customers');
// @ts-expect-error GET takes no body
void client.get('/customers/{id}', { path: { id: 'x' }, body: {} });
// @ts-expect-error no PATCH on this path
void client.request('patch', '/customers/{id}', { path: { id: 'x' } });
expectTypeOf(client.request('DELETE', '/customers/{id}', { path: { id: 'x' } })).resolves.toEqualTypeOf<undefined>();
// @ts-expect-error the body is required for POST, whatever the case of the method
void client.request('POST', '/customers');

// --- errors ----------------------------------------------------------------------
declare const error: RateLimitError;
expectTypeOf(error).toMatchTypeOf<ApiError>();
expectTypeOf(error.retryAfter).toEqualTypeOf<number | undefined>();
expectTypeOf(error.status).toEqualTypeOf<number>();
expectTypeOf(error.type).toEqualTypeOf<string>();
expectTypeOf(error.errors).toEqualTypeOf<FieldErrors>();
expectTypeOf(error.headers).toEqualTypeOf<Headers>();
expectTypeOf(error.requestId).toEqualTypeOf<string | undefined>();

// --- retry decision --------------------------------------------------------------
expectTypeOf(decideRetry).returns.toEqualTypeOf<RetryDecision>();
declare const decision: RetryDecision;
if (decision.retry) expectTypeOf(decision.delayMs).toEqualTypeOf<number>();
// @ts-expect-error no delay when not retrying
else void decision.delayMs;

// --- OAuth ---------------------------------------------------------------------
expectTypeOf(buildAuthorizeUrl).returns.toEqualTypeOf<{ readonly url: string; readonly state: string }>();
expectTypeOf(exchangeCode).returns.toEqualTypeOf<Promise<TokenSet>>();
declare const tokens: TokenSet;
expectTypeOf(tokens.tokenType).toEqualTypeOf<'Bearer'>();
expectTypeOf(tokens.expiresAt).toEqualTypeOf<number>();
expectTypeOf(tokens.refreshToken).toEqualTypeOf<string | undefined>();
expectTypeOf(tokens.idToken).toEqualTypeOf<string | undefined>();
expectTypeOf(tokens.scope).toEqualTypeOf<string | undefined>();
expectTypeOf(tokens.raw).toEqualTypeOf<Readonly<Record<string, unknown>>>();
expectTypeOf<OAuthError['error']>().toEqualTypeOf<string>();
// @ts-expect-error one name per thing: errorDescription is gone, description stays
void ({} as OAuthError).errorDescription;
// @ts-expect-error clientAuth is 'body' | 'basic'
void exchangeCode({ baseUrl: 'x', clientId: 'a', clientSecret: 'b', code: 'c', redirectUri: 'r', clientAuth: 'jwt' });
// @ts-expect-error redirectUri is required for the code exchange
void exchangeCode({ baseUrl: 'x', clientId: 'a', clientSecret: 'b', code: 'c' });
