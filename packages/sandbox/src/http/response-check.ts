/** Every response checked against the operation's documented responses before it leaves. */
import type { ResponseSpec, RouteSpec } from './route-spec.js';
import type { Reply } from './reply.js';
import { failuresOf, storedBodyErrors } from './document-check.js';

function documented(route: RouteSpec, status: number): ResponseSpec | undefined {
  const exact = String(status);
  const range = `${exact[0]}XX`;
  return (
    route.responses.find((r) => r.status === exact) ??
    route.responses.find((r) => r.status === range) ??
    route.responses.find((r) => r.status === 'default')
  );
}

/** Undefined when the reply matches the spec; otherwise what is wrong with it. */
export function responseMismatch(route: RouteSpec, reply: Reply): string | undefined {
  const spec = documented(route, reply.status);
  const where = `${route.operationId} ${reply.status}`;
  if (!spec) return `${where}: the status is not documented (${route.responses.map((r) => r.status).join(', ')})`;
  for (const header of spec.headers) {
    if (reply.headers?.[header] === undefined) return `${where}: the ${header} header is missing`;
  }
  if (spec.contentType === undefined) {
    // No content declared: 204 and redirects carry none; a page whose content the spec leaves open
    // (the consent page) may be HTML, never an undocumented JSON body.
    if (reply.body !== undefined || (reply.html !== undefined && (reply.status === 204 || reply.status >= 300))) {
      return `${where}: the spec declares no body`;
    }
    return undefined;
  }
  if (reply.html !== undefined && spec.otherContentTypes?.includes('text/html')) return undefined;
  if (spec.contentType === 'application/json') {
    if (reply.body === undefined && reply.stored === undefined) return `${where}: the JSON body is missing`;
    if (spec.validate === undefined) return undefined;
    const { validate } = spec;
    const failures =
      reply.stored === undefined
        ? validate(reply.body)
          ? []
          : failuresOf(validate)
        : storedBodyErrors(validate, spec.items, reply.stored);
    if (failures.length > 0) {
      const errors = failures.slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`);
      return `${where}: the body does not match the spec: ${errors.join('; ')}`;
    }
    return undefined;
  }
  if (spec.contentType === 'text/html' && reply.html === undefined) return `${where}: the HTML body is missing`;
  return undefined;
}
