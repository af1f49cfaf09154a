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
import type { FieldErrors } from '../validation/field-errors.js';
import { consentPage, errorPage } from './pages.js';
import { Problem } from './problem.js';
import type { Reply } from './reply.js';

/** A request that passed authentication, rate limiting and the spec's validators. */
export interface HandlerInput {
  /** The query parameters that passed the spec's validators. */
  readonly query: Readonly<Record<string, unknown>>;
  /** What failed in the query (only for the operations of {@link QUERY_CHECKED_BY_HANDLER}; the others are refused before). */
  readonly queryErrors: Readonly<FieldErrors>;
  readonly path: Readonly<Record<string, unknown>>;
  /** The validated JSON body, or the token endpoint's form fields. */
  readonly body: unknown;
  readonly caller: Caller | undefined;
  readonly authorization: string | undefined;
  /** The Accept header: the authorize endpoint answers a browser with a page. */
  readonly accept: string | undefined;
}

/**
 * Operations whose handler answers a bad query itself: the authorize endpoint redirects most errors to
 * the application (RFC 6749 §4.1.2.1) instead of answering 400.
 */
export const QUERY_CHECKED_BY_HANDLER: ReadonlySet<OperationId> = new Set<OperationId>(['authorize']);

export type Handler = (input: HandlerInput) => Reply;

/** A browser's Accept (HTML listed, JSON not): a client asking for JSON, or for anything, gets JSON. */
function wantsHtml(accept: string | undefined): boolean {
  return accept !== undefined && /\btext\/html\b/i.test(accept) && !/\bapplication\/json\b/i.test(accept);
}
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
      let outcome;
      try {
        outcome = oauth.authorize({ values: input.query, errors: input.queryErrors });
      } catch (error) {
        // No application to send the browser back to: a page of its own for a browser, JSON when asked.
        if (error instanceof Problem && wantsHtml(input.accept)) return errorPage(error);
        throw error;
      }
      if (outcome.kind === 'redirect') return { status: 302, headers: { location: outcome.location, 'cache-control': 'no-store' } };
      return consentPage(outcome.request, oauth.openConsent(outcome.request));
    },
    requestToken: (input) => ({
      status: 200,
      body: oauth.token(input.body as Record<string, string>, input.authorization),
      headers: { 'cache-control': 'no-store', pragma: 'no-cache' },
    }),
  };
}
