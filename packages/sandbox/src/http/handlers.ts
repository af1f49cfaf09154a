/**
 * One handler per operationId of the spec. The type of {@link Handlers} is built from the generated
 * route table, so an operation added to the spec does not compile until it has a handler here.
 */
import { RESOURCES, type ResourceOperationId } from '../generated/resources.js';
import type { OperationId } from '../generated/routes.js';
import type { ListParams } from '../services/lists.js';
import type { AuthorizeOutcome, Caller, OAuthService } from '../services/oauth.js';
import type { ResourceService, StoredPage } from '../services/resources.js';
import type { ResourceModel, ResourceVerb } from '../store/resource-model.js';
import type { FieldErrors } from '../validation/field-errors.js';
import { consentPage, errorPage } from './pages.js';
import { Refusal } from '../refusal.js';
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
  readonly resources: ResourceService;
  readonly oauth: OAuthService;
}

type Fields = Readonly<Record<string, unknown>>;

/** An object answered with the JSON document the store holds (sent as it is, checked as stored). */
const storedObject = (status: number, json: string): Reply => ({ status, json, stored: { documents: [json] } });

/** A page answered from the store's documents (sent as built, checked as an envelope and its documents). */
const storedPage = (status: number, page: StoredPage): Reply => ({
  status,
  json: page.json,
  stored: { envelope: page.envelope, documents: page.documents },
});

/** The resource engine's operations, one handler each, from the generated resource table. */
function resourceHandlers(resources: ResourceService): Record<ResourceOperationId, Handler> {
  const handlers: Partial<Record<ResourceOperationId, Handler>> = {};
  const id = (input: HandlerInput): string => String(input.path['id']);
  for (const { kind, operations } of RESOURCES as readonly ResourceModel[]) {
    const on = (verb: ResourceVerb, answer: (input: HandlerInput, status: number) => Reply): void => {
      const operation = operations[verb];
      if (operation)
        handlers[operation.operationId as ResourceOperationId] = (input) => answer(input, operation.status);
    };
    on('list', (input, status) => storedPage(status, resources.pageDocuments(kind, input.query as ListParams)));
    on('create', (input, status) => ({ status, body: resources.create(kind, input.body as Fields) }));
    on('retrieve', (input, status) => storedObject(status, resources.document(kind, id(input))));
    on('update', (input, status) => ({ status, body: resources.update(kind, id(input), input.body as Fields) }));
    on('delete', (input, status) => {
      resources.delete(kind, id(input));
      return { status };
    });
  }
  return handlers as Record<ResourceOperationId, Handler>;
}

export function createHandlers({ resources, oauth }: Services): Handlers {
  return {
    ...resourceHandlers(resources),
    authorize: (input) => {
      let outcome: AuthorizeOutcome;
      try {
        outcome = oauth.authorize({ values: input.query, errors: input.queryErrors });
      } catch (error) {
        // No application to send the browser back to: a page of its own for a browser, JSON when asked.
        if (error instanceof Refusal && wantsHtml(input.accept)) return errorPage(error);
        throw error;
      }
      if (outcome.kind === 'redirect')
        return { status: 302, headers: { location: outcome.location, 'cache-control': 'no-store' } };
      return consentPage(outcome.request, oauth.openConsent(outcome.request));
    },
    requestToken: (input) => ({
      status: 200,
      body: oauth.token(input.body as Record<string, string>, input.authorization),
      headers: { 'cache-control': 'no-store', pragma: 'no-cache' },
    }),
  };
}
