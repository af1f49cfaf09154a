// Type-level tests (compiled by `typecheck` with the strict flags of tsconfig.base.json): they pin the
// public types of @commerce-kit/api-types so a spec or generator change that alters them is noticed.
import { expectTypeOf } from 'vitest';
import type {
  ApiErrorBody,
  BlogPost,
  Category,
  Charge,
  Customer,
  DiscountCreateRequest,
  Order,
  OrderLine,
  Product,
  ProductCreateRequest,
  ListEnvelope,
  ListParams,
  ListResources,
  TokenResponse,
  WebhookEventType,
  WebhookPayload,
  operations,
  paths,
} from '../src/index.js';
import { WEBHOOK_EVENT_TYPES } from '../src/index.js';
import type { Validator } from '../src/validators.js';
import { validateCustomer } from '../src/validators.js';

// Customer: the documented fields, ids and timestamps as strings, nullables as `| null`; a field the spec adds
// is the spec's (this pins the documented ones, not the count), and there is no index signature, so a misspelt
// field is a type error.
type DocumentedCustomerField =
  | 'id'
  | 'created_time'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'company'
  | 'delivery_address'
  | 'billing_address';
expectTypeOf<string extends keyof Customer ? 'open' : 'closed'>().toEqualTypeOf<'closed'>();
expectTypeOf<{
  [K in DocumentedCustomerField]-?: undefined extends Customer[K] ? 'optional' : 'required';
}>().toEqualTypeOf<Record<DocumentedCustomerField, 'required'>>();
expectTypeOf<Pick<Customer, DocumentedCustomerField>>().toEqualTypeOf<{
  id: string;
  created_time: string;
  first_name: string;
  last_name: string;
  email: string;
  company: string | null;
  delivery_address: { [key: string]: unknown } | null;
  billing_address: { [key: string]: unknown } | null;
}>();

// Charges and orders: a minimal set of fields (not shown in the documentation), created_time optional, anything else open.
expectTypeOf<Charge['id']>().toEqualTypeOf<string>();
expectTypeOf<Charge['created_time']>().toEqualTypeOf<string | undefined>();
expectTypeOf<Charge['amount']>().toEqualTypeOf<number>();
expectTypeOf<Charge['order_id']>().toEqualTypeOf<string | null>();
expectTypeOf<Charge['failure_code']>().toEqualTypeOf<string | null | undefined>();
expectTypeOf<Charge['refunded']>().toEqualTypeOf<unknown>();
expectTypeOf<Order['customer_id']>().toEqualTypeOf<string | null>();
expectTypeOf<Order['lines'][number]>().toEqualTypeOf<OrderLine>();
expectTypeOf<OrderLine['quantity']>().toEqualTypeOf<number>();
expectTypeOf<Order['status']>().toEqualTypeOf<string>();

// Resources whose fields the theme kit shows: typed, required where it requires them, other fields open.
expectTypeOf<Product['title']>().toEqualTypeOf<string>();
expectTypeOf<Product['price']>().toEqualTypeOf<number>();
expectTypeOf<Product['quantity']>().toEqualTypeOf<number | null | undefined>();
expectTypeOf<Product['colour']>().toEqualTypeOf<unknown>();
expectTypeOf<Category['product_ids']>().toEqualTypeOf<string[] | undefined>();
expectTypeOf<BlogPost['tags']>().toEqualTypeOf<string[]>();
// Request bodies: what has a default (null, [], true, the creation time) may be left out; nothing else is accepted.
export const minimalProduct: ProductCreateRequest = { title: 'Teapot', description: 'For two.', price: 39.5 };
export const minimalDiscount: DiscountCreateRequest = { code: 'SPRING10', percent_off: 10 };
// @ts-expect-error an unknown field is refused
export const misspelled: DiscountCreateRequest = { code: 'SPRING10', percent_off: 10, activ: true };

expectTypeOf<ListEnvelope<Customer>>().toEqualTypeOf<{ limit: number; has_more: boolean; data: Customer[] }>();
expectTypeOf<paths['/customers']['get']['responses'][200]['content']['application/json']['data']>().toEqualTypeOf<
  Customer[]
>();
expectTypeOf<ListParams>().toEqualTypeOf<{ limit?: number; starting_after?: string; ending_before?: string }>();
expectTypeOf<operations['listBlogPosts']['parameters']['query']>().toEqualTypeOf<ListParams | undefined>();
// Derived from `paths`: every list operation, nothing else.
expectTypeOf<keyof ListResources>().toEqualTypeOf<
  '/customers' | '/charges' | '/orders' | '/products' | '/categories' | '/blog_posts' | '/discounts'
>();
expectTypeOf<ListResources['/customers']>().toEqualTypeOf<Customer>();
expectTypeOf<ListResources['/charges']>().toEqualTypeOf<Charge>();
expectTypeOf<ListResources['/discounts']>().toEqualTypeOf<
  paths['/discounts']['get']['responses'][200]['content']['application/json']['data'][number]
>();

expectTypeOf<ApiErrorBody['type']>().toEqualTypeOf<string>();
expectTypeOf<ApiErrorBody['errors']>().toEqualTypeOf<{ [key: string]: string[] } | undefined>();

expectTypeOf<TokenResponse['token_type']>().toEqualTypeOf<'Bearer' | 'bearer'>();
expectTypeOf<TokenResponse['expires_in']>().toEqualTypeOf<number>();
expectTypeOf<TokenResponse['refresh_token']>().toEqualTypeOf<string | undefined>();
expectTypeOf<TokenResponse['id_token']>().toEqualTypeOf<string | undefined>();
expectTypeOf<TokenResponse['scope']>().toEqualTypeOf<string | undefined>();

expectTypeOf<WebhookEventType>().toEqualTypeOf<
  | 'blog_post_created'
  | 'blog_post_updated'
  | 'blog_post_deleted'
  | 'category_created'
  | 'category_updated'
  | 'category_deleted'
  | 'customer_created'
  | 'customer_updated'
  | 'customer_deleted'
  | 'discount_created'
  | 'discount_updated'
  | 'discount_deleted'
  | 'order_payment_succeeded'
  | 'order_completed'
  | 'product_created'
  | 'product_updated'
  | 'product_deleted'
  | 'product_soldout'
  | 'product_variant_soldout'
>();
expectTypeOf(WEBHOOK_EVENT_TYPES).toExtend<readonly WebhookEventType[]>();
expectTypeOf(WEBHOOK_EVENT_TYPES[0]).toEqualTypeOf<'blog_post_created'>();
expectTypeOf<(typeof WEBHOOK_EVENT_TYPES)['length']>().toEqualTypeOf<19>();
expectTypeOf<WebhookPayload['timestamp']>().toEqualTypeOf<string>();
expectTypeOf<WebhookPayload['data']['id']>().toEqualTypeOf<string>();

// Validators are type guards.
expectTypeOf(validateCustomer).toEqualTypeOf<Validator<Customer>>();
declare const input: unknown;
if (validateCustomer(input)) expectTypeOf(input).toEqualTypeOf<Customer>();

// @ts-expect-error company is required (nullable, not optional)
export const missingCompany: Customer = {
  id: 'c',
  created_time: 't',
  first_name: 'a',
  last_name: 'b',
  email: 'e',
  delivery_address: null,
  billing_address: null,
};
