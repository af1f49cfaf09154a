/**
 * The generated `paths` plus customer CRUD operations (their paths are not shown in
 * document 000), in openapi-typescript's shape: lets the tests exercise the typed
 * POST/PUT/DELETE handling of the generic call.
 */
import type { Customer, paths } from '@commerce-kit/api-types';

interface ErrorResponses {
  400: { headers: Record<string, unknown>; content: { 'application/json': { type: string; errors?: Record<string, string[]> } } };
  404: { headers: Record<string, unknown>; content: { 'application/json': { type: string } } };
}

/** Input of the (test-only) create/update customer operations. */
export interface CustomerInput {
  first_name?: string;
  last_name?: string;
  email: string;
  company?: string | null;
}

export type TestPaths = Omit<paths, '/customers'> & {
  '/customers': Omit<paths['/customers'], 'post'> & {
    post: {
      parameters: { query?: never; header?: never; path?: never; cookie?: never };
      requestBody: { content: { 'application/json': CustomerInput } };
      responses: { 201: { headers: Record<string, unknown>; content: { 'application/json': Customer } } } & ErrorResponses;
    };
  };
  '/customers/{id}': {
    parameters: { query?: never; header?: never; path: { id: string }; cookie?: never };
    get: {
      parameters: { query?: { expand?: string[] }; header?: never; path: { id: string }; cookie?: never };
      requestBody?: never;
      responses: { 200: { headers: Record<string, unknown>; content: { 'application/json': Customer } } } & ErrorResponses;
    };
    put: {
      parameters: { query?: never; header?: never; path: { id: string }; cookie?: never };
      requestBody: { content: { 'application/json': Partial<CustomerInput> } };
      responses: { 200: { headers: Record<string, unknown>; content: { 'application/json': Customer } } } & ErrorResponses;
    };
    delete: {
      parameters: { query?: never; header?: never; path: { id: string }; cookie?: never };
      requestBody?: never;
      responses: { 204: { headers: Record<string, unknown>; content?: never } } & ErrorResponses;
    };
    post?: never;
    patch?: never;
  };
};
