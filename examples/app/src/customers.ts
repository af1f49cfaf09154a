/**
 * The customers page: one page of the list with links both ways, a form that creates a customer, and
 * the last events the webhooks recorded (kept up to date over server-sent events).
 */
import { InvalidRequestError } from '@commerce-kit/api-client';
import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { EventLog } from './events.js';
import { cursorOf, pageLinks } from './pagination.js';
import { csrfMatches, type Session, type Sessions } from './sessions.js';
import type { Installations } from './tokens.js';
import { customersPage, eventsPanel, type CustomerForm } from './views.js';

const DEFAULT_LIMIT = 10;
const EVENTS_SHOWN = 10;

export function customerRoutes(
  installations: Installations,
  sessions: Sessions,
  events: EventLog,
  closing: AbortSignal,
): Hono {
  const app = new Hono();

  /** Lists a page and renders it with whatever the caller adds (a flash, the form's errors). */
  async function render(
    c: Context,
    session: Session,
    extra: { flash?: string; problem?: string; form?: CustomerForm },
    status: 200 | 400,
  ) {
    const client = installations.client(session.installationId);
    const limit = limitOf(c.req.query('limit'));
    const cursor = cursorOf(c.req.query());
    try {
      const page = await client.customers.list({ limit, ...cursor });
      return c.html(
        customersPage({
          page: pageLinks(page, cursor),
          limit,
          csrfToken: session.csrfToken,
          events: events.latest(EVENTS_SHOWN),
          ...extra,
        }),
        status,
      );
    } catch (error) {
      // A cursor that names no customer, or a limit out of range: say so and offer the first page.
      if (!(error instanceof InvalidRequestError)) throw error;
      const problem = `The platform refused this page (${error.message}). The first page is shown instead.`;
      const page = await client.customers.list({ limit: DEFAULT_LIMIT });
      return c.html(
        customersPage({
          page: pageLinks(page, {}),
          limit: DEFAULT_LIMIT,
          csrfToken: session.csrfToken,
          events: events.latest(EVENTS_SHOWN),
          problem,
        }),
        400,
      );
    }
  }

  app.get('/customers', async (c) => {
    const session = sessions.of(c);
    if (session === undefined) return c.redirect('/', 303);
    const created = c.req.query('created');
    return render(
      c,
      session,
      created === undefined
        ? {}
        : { flash: `Created customer ${created}. Its customer_created webhook appears under Recent events.` },
      200,
    );
  });

  app.post('/customers', async (c) => {
    const session = sessions.of(c);
    if (session === undefined) return c.redirect('/', 303);
    const body = await c.req.parseBody();
    if (!csrfMatches(session, body['csrf'])) return c.text('This form is not from this session.', 403);
    const values = {
      first_name: text(body['first_name']),
      last_name: text(body['last_name']),
      email: text(body['email']),
    };
    try {
      const customer = await installations.client(session.installationId).customers.create(values);
      return c.redirect(`/customers?created=${encodeURIComponent(customer.id)}`, 303);
    } catch (error) {
      // The platform's 400 names each field it refused: show them next to the fields.
      if (!(error instanceof InvalidRequestError)) throw error;
      return render(
        c,
        session,
        { form: { values, errors: error.errors }, problem: 'The customer was not created.' },
        400,
      );
    }
  });

  // The events panel, sent again (whole) each time an event is recorded; the page swaps it in.
  app.get('/events/stream', (c) => {
    if (sessions.of(c) === undefined) return c.text('Install first.', 401);
    return streamSSE(c, async (stream) => {
      const send = async (): Promise<void> =>
        stream.writeSSE({ event: 'events', data: String(await eventsPanel(events.latest(EVENTS_SHOWN))) });
      const unsubscribe = events.subscribe(() => void send());
      await send(); // what was recorded between the page and this connection
      await new Promise<void>((resolve) => {
        stream.onAbort(resolve);
        if (closing.aborted) resolve();
        closing.addEventListener('abort', () => resolve(), { once: true });
      });
      unsubscribe();
    });
  });

  return app;
}

function limitOf(value: string | undefined): number {
  const limit = Number(value ?? DEFAULT_LIMIT);
  return Number.isInteger(limit) && limit >= 1 && limit <= 100 ? limit : DEFAULT_LIMIT;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
