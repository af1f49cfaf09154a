/**
 * Type-level tests, checked by `tsc` (the package's `typecheck` target).
 * Each `@ts-expect-error` must stay an error; each `expectTypeOf` pins an inferred type.
 */
import type { BlogPost, Charge, Customer, Discount, ListEnvelope as TypesListEnvelope } from '@commerce-kit/api-types';
import { expectTypeOf } from 'vitest';
import {
  ApiError,
  RateLimitError,
  createClient,
  decideRetry,
  type AuthProvider,
  type FieldErrors,
  type ListEnvelope,
  type ListPromise,
  type RetryDecision,
} from '../src/index.js';
import { OAuthError, buildAuthorizeUrl, exchangeCode, type TokenSet } from '../src/oauth/index.js';
import type { TestPaths, CustomerInput } from './support/test-paths.js';

declare const auth: AuthProvider;
const client = createClient({ baseUrl: 'https://api.example.com', accessToken: 't' });

// --- createClient options -------------------------------------------------------
createClient({ baseUrl: 'x', auth });
createClient({ baseUrl: 'x', accessToken: 't', fetch: globalThis.fetch, maxRetries: 3, timeoutMs: 1000, rateLimit: { accountKey: 'a' }, userAgent: 'me/1' });
createClient({ baseUrl: 'x', accessToken: 't', rateLimit: false });
createClient({ baseUrl: 'x', accessToken: 't', rateLimit: { accountKey: 'a', requests: 10, windowMs: 1_000 } });
createClient({ baseUrl: 'x', auth: async () => 'token' });
// Optional options may be passed as undefined (values from config that may be unset).
declare const unset: undefined;
createClient({ baseUrl: 'x', accessToken: 't', fetch: unset, maxRetries: unset, timeoutMs: unset, rateLimit: unset, userAgent: unset, clock: unset });
buildAuthorizeUrl({ baseUrl: 'x', clientId: 'c', redirectUri: 'r', scopes: ['api_basic', 'api_readwrite', 'openid'], state: unset });
void exchangeCode({ baseUrl: 'x', clientId: 'a', clientSecret: 'b', code: 'c', redirectUri: 'r', clientAuth: unset, fetch: unset, signal: unset });
createClient({ baseUrl: 'x', auth: { tokens: {} as TokenSet, clientId: 'c', clientSecret: 's', onTokens: (t: TokenSet) => void t } });
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

client.customers.list();
client.customers.list({ starting_after: 'cus_1' });
client.customers.list({ ending_before: 'cus_1', limit: 100 });
client.customers.list({}, { signal: AbortSignal.timeout(10) });
// @ts-expect-error both cursors at once is forbidden
client.customers.list({ starting_after: 'a', ending_before: 'b' });
// Optional parameters may be undefined (not sent), e.g. a cursor from the previous page, if any.
declare const maybeCursor: string | undefined;
declare const maybeLimit: number | undefined;
client.customers.list({ limit: maybeLimit, starting_after: maybeCursor });
client.customers.list({ ending_before: maybeCursor, starting_after: undefined });
// @ts-expect-error a possibly-defined second cursor is still two cursors
client.customers.list({ ending_before: 'b', starting_after: maybeCursor });
// @ts-expect-error limit is a number
client.customers.list({ limit: '10' });
// @ts-expect-error unknown query parameter
client.customers.list({ page: 2 });
// @ts-expect-error a bound is required
void customers.toArray();
// @ts-expect-error there is no such resource
void client.invoices;

// --- generic call, typed from `paths` ------------------------------------------------
expectTypeOf(client.get('/customers', { query: { limit: 5 } })).resolves.toMatchTypeOf<{ data: Customer[]; has_more: boolean; limit: number }>();
expectTypeOf(client.request('get', '/orders')).resolves.toHaveProperty('data');
// Upper-case methods (as on the wire) are the same call.
expectTypeOf(client.request('GET', '/customers', { query: { limit: 5 } })).resolves.toMatchTypeOf<{ data: Customer[] }>();
// @ts-expect-error mixed case is not a method
void client.request('Get', '/customers');
// @ts-expect-error query keys are checked with an upper-case method too
void client.request('GET', '/customers', { query: { nope: 1 } });
// @ts-expect-error unknown path
void client.get('/invoices');
// @ts-expect-error /customers has no POST in the published spec
void client.post('/customers', { body: {} });
// @ts-expect-error query keys are checked
void client.get('/customers', { query: { nope: 1 } });
void client.get('/customers', { query: { limit: maybeLimit, starting_after: maybeCursor } });
// @ts-expect-error query value types are checked
void client.get('/customers', { query: { limit: 'ten' } });

// --- generic call on a spec with CRUD operations ------------------------------------
const crud = createClient<TestPaths>({ baseUrl: 'x', accessToken: 't' });
expectTypeOf(crud.post('/customers', { body: { email: 'a@b.c' } })).resolves.toEqualTypeOf<Customer>();
expectTypeOf(crud.get('/customers/{id}', { path: { id: 'cus_1' } })).resolves.toEqualTypeOf<Customer>();
expectTypeOf(crud.put('/customers/{id}', { path: { id: 'cus_1' }, body: { company: null } })).resolves.toEqualTypeOf<Customer>();
expectTypeOf(crud.delete('/customers/{id}', { path: { id: 'cus_1' } })).resolves.toEqualTypeOf<undefined>();
expectTypeOf<Parameters<typeof crud.post<'/customers'>>[0]>().toEqualTypeOf<'/customers'>();
expectTypeOf<CustomerInput['email']>().toEqualTypeOf<string>();
// @ts-expect-error path params are required
void crud.get('/customers/{id}');
// @ts-expect-error path param names are checked
void crud.get('/customers/{id}', { path: { key: 'x' } });
// @ts-expect-error the body is required for POST
void crud.post('/customers');
// @ts-expect-error body fields are checked
void crud.post('/customers', { body: { email: 1 } });
// @ts-expect-error GET takes no body
void crud.get('/customers/{id}', { path: { id: 'x' }, body: {} });
// @ts-expect-error no PATCH on this path
void crud.request('patch', '/customers/{id}', { path: { id: 'x' } });
expectTypeOf(crud.request('POST', '/customers', { body: { email: 'a@b.c' } })).resolves.toEqualTypeOf<Customer>();
expectTypeOf(crud.request('DELETE', '/customers/{id}', { path: { id: 'x' } })).resolves.toEqualTypeOf<undefined>();
// @ts-expect-error the body is required for POST, whatever the case of the method
void crud.request('POST', '/customers');

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
// @ts-expect-error clientAuth is 'body' | 'basic'
void exchangeCode({ baseUrl: 'x', clientId: 'a', clientSecret: 'b', code: 'c', redirectUri: 'r', clientAuth: 'jwt' });
// @ts-expect-error redirectUri is required for the code exchange
void exchangeCode({ baseUrl: 'x', clientId: 'a', clientSecret: 'b', code: 'c' });
