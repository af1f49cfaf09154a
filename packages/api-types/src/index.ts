/**
 * Types of the commerce platform REST API, generated from `specs/openapi.yaml` by openapi-typescript,
 * plus friendly aliases for the shapes apps use most.
 *
 * @packageDocumentation
 */
import type { components, operations, paths, webhooks } from './generated/openapi.js';
import { WEBHOOK_EVENT_TYPES } from './generated/event-types.js';

export type { components, operations, paths, webhooks };
export { WEBHOOK_EVENT_TYPES };

type Schemas = components['schemas'];

/** A customer of a store. */
export type Customer = Schemas['Customer'];
/** Body of a customer creation: `first_name`, `last_name`, `email` required; unknown properties are refused. */
export type CustomerCreateRequest = Schemas['CustomerCreateRequest'];
/** Body of a customer update: any subset of the writable fields; `null` clears `company` or an address. */
export type CustomerUpdateRequest = Schemas['CustomerUpdateRequest'];
/** A postal address. The platform's API documentation does not show its fields, so any property is allowed. */
export type Address = Schemas['Address'];
/** A charge: `order_id` (`null` for a failed payment), `amount`, `currency`, `status` (`succeeded`, `failed`), optional `customer_id` and `failure_code`; other fields open. */
export type Charge = Schemas['Charge'];
/** An order: `customer_id` (`null` for a guest), `currency`, `lines`, `total`, `status` (`paid`, `completed`); other fields open. */
export type Order = Schemas['Order'];
/** One line of an order: `product_id`, `quantity`, `unit_price`; other fields open. */
export type OrderLine = Schemas['OrderLine'];
/** A product: the theme kit's product fields (`title`, `description`, `price`; `featured_image`, `sku`, `currency`, `quantity` or `null`); other fields open. */
export type Product = Schemas['Product'];
/** Body of a product creation: `title`, `description`, `price` required; the other fields default to `null`. */
export type ProductCreateRequest = Schemas['ProductCreateRequest'];
/** Body of a product update: any subset of the writable fields; `null` clears a nullable one. */
export type ProductUpdateRequest = Schemas['ProductUpdateRequest'];
/** A category: `title`, `description`, `featured_image`, and its products as `product_ids`; other fields open. */
export type Category = Schemas['Category'];
/** Body of a category creation: `title`, `description` required; `product_ids` defaults to `[]`. */
export type CategoryCreateRequest = Schemas['CategoryCreateRequest'];
/** Body of a category update: any subset of the writable fields. */
export type CategoryUpdateRequest = Schemas['CategoryUpdateRequest'];
/** A blog post: the theme kit's article fields (`title`, `meta_description`, `content`, `tags`, `published_time`, `featured_image`); other fields open. */
export type BlogPost = Schemas['BlogPost'];
/** Body of a blog post creation: `title`, `meta_description`, `content`, `tags` required; `published_time` defaults to the creation time. */
export type BlogPostCreateRequest = Schemas['BlogPostCreateRequest'];
/** Body of a blog post update: any subset of the writable fields. */
export type BlogPostUpdateRequest = Schemas['BlogPostUpdateRequest'];
/** A discount: `code`, `percent_off` and `active` (neither platform document shows its fields: a minimal set); other fields open. */
export type Discount = Schemas['Discount'];
/** Body of a discount creation: `code`, `percent_off` required; `active` defaults to `true`. */
export type DiscountCreateRequest = Schemas['DiscountCreateRequest'];
/** Body of a discount update: any subset of the writable fields. */
export type DiscountUpdateRequest = Schemas['DiscountUpdateRequest'];

/** The list envelope every list method answers with. */
export interface ListEnvelope<T> {
  /** Page size in effect (1 to 100). */
  limit: number;
  /** `false` means this set is the end of the list. */
  has_more: boolean;
  /** The objects of the page. */
  data: T[];
}

/** Query parameters shared by every list method. */
export type ListParams = NonNullable<operations['listCustomers']['parameters']['query']>;

/** The JSON error body (`type`, and for validation errors a field -> messages map). */
export type ApiErrorBody = Schemas['ErrorBody'];
/** The token endpoint's error body: not shown in the platform's API documentation; RFC 6749 fields read when present. */
export type OAuthErrorBody = Schemas['OAuthErrorBody'];
/** Form body of the token endpoint, by `grant_type`. */
export type TokenRequest = Schemas['TokenRequest'];
/** The token endpoint's response; accepts both documented variants. */
export type TokenResponse = Schemas['TokenResponse'];

/** One of the 19 webhook event types. */
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The JSON body of a webhook delivery (`timestamp`, `token`, `data.id`; other fields open). */
export type WebhookPayload = Schemas['WebhookPayload'];

type JsonBodyOf<Response> = Response extends { content: { 'application/json': infer Body } } ? Body : never;

/** The item type of the list operation at `Path` (a GET with both cursors answering an envelope), else `never`. */
type ListItemAt<Path extends keyof paths> = paths[Path] extends {
  get: {
    parameters: { query?: { starting_after?: unknown; ending_before?: unknown } };
    responses: { 200: infer Response };
  };
}
  ? JsonBodyOf<Response> extends { has_more: boolean; data: Array<infer Item> }
    ? Item
    : never
  : never;

/**
 * Every path of the API that has a list operation, mapped to its item type (`'/customers'` ->
 * `Customer`, ...). Read from `paths`, so a list operation added to the spec appears here by itself.
 */
export type ListResources = {
  [Path in keyof paths as [ListItemAt<Path>] extends [never] ? never : Path]: ListItemAt<Path>;
};
