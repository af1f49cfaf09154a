/**
 * One handler per operationId of the spec. The type of {@link Handlers} is built from the generated
 * route table, so an operation added to the spec does not compile until it has a handler here.
 */
import type { components } from '@commerce-kit/api-types';
import type { OperationId } from '../generated/routes.js';
import type { CustomerService } from '../services/customers.js';
import type { ListParams } from '../services/lists.js';
import type { ObjectService } from '../services/objects.js';
import type { Caller, OAuthService } from '../services/oauth.js';
import type { ObjectKind } from '../store/objects.js';
import { consentPage } from './pages.js';
import type { Reply } from './reply.js';

/** A request that passed authentication, rate limiting and the spec's validators. */
export interface HandlerInput {
  readonly query: Readonly<Record<string, unknown>>;
  readonly path: Readonly<Record<string, unknown>>;
  /** The validated JSON body, or the token endpoint's form fields. */
  readonly body: unknown;
  readonly caller: Caller | undefined;
  readonly authorization: string | undefined;
}

export type Handler = (input: HandlerInput) => Reply;
export type Handlers = { readonly [K in OperationId]: Handler };

export interface Services {
  readonly customers: CustomerService;
  readonly objects: ObjectService;
  readonly oauth: OAuthService;
}

const list = (objects: ObjectService, kind: ObjectKind): Handler => (input) => ({ status: 200, body: objects.list(kind, input.query as ListParams) });

export function createHandlers({ customers, objects, oauth }: Services): Handlers {
  const id = (input: HandlerInput): string => String(input.path['id']);
  return {
    listCustomers: (input) => ({ status: 200, body: customers.list(input.query as ListParams) }),
    createCustomer: (input) => ({ status: 201, body: customers.create(input.body as components['schemas']['CustomerCreateRequest']) }),
    retrieveCustomer: (input) => ({ status: 200, body: customers.retrieve(id(input)) }),
    updateCustomer: (input) => ({ status: 201, body: customers.update(id(input), input.body as components['schemas']['CustomerUpdateRequest']) }),
    deleteCustomer: (input) => {
      customers.delete(id(input));
      return { status: 204 };
    },
    listCharges: list(objects, 'charges'),
    listOrders: list(objects, 'orders'),
    listProducts: list(objects, 'products'),
    listCategories: list(objects, 'categories'),
    listBlogPosts: list(objects, 'blog_posts'),
    listDiscounts: list(objects, 'discounts'),
    authorize: (input) => {
      const request = oauth.checkAuthorize(input.query as Parameters<OAuthService['checkAuthorize']>[0]);
      return consentPage(request, oauth.openConsent(request));
    },
    requestToken: (input) => ({
      status: 200,
      body: oauth.token(input.body as Record<string, string>, input.authorization),
      headers: { 'cache-control': 'no-store', pragma: 'no-cache' },
    }),
  };
}
