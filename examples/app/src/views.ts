/**
 * The pages, as HTML templates: Hono's `html` tag escapes every value put into it (a customer named
 * `<script>` shows as text), and nested `html` templates are kept as they are.
 */
import type { Customer } from '@commerce-kit/api-types';
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { RecordedEvent } from './events.js';
import type { PageLinks } from './pagination.js';

export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

const STYLE = `
  body { font: 15px/1.45 system-ui, sans-serif; margin: 0; color: #1d2230; background: #f5f6f8; }
  header { background: #1d2230; color: #fff; padding: 12px 24px; display: flex; gap: 24px; align-items: baseline; }
  header a { color: #c9d4ff; }
  main { max-width: 1100px; margin: 0 auto; padding: 16px 24px; display: grid; grid-template-columns: 2fr 1fr; gap: 24px; }
  main.single { grid-template-columns: 1fr; max-width: 640px; }
  section { background: #fff; border: 1px solid #dde1e8; border-radius: 6px; padding: 16px; margin-bottom: 16px; }
  h1 { font-size: 18px; margin: 0; } h2 { font-size: 16px; margin-top: 0; }
  table { width: 100%; border-collapse: collapse; } td, th { text-align: left; padding: 4px 6px; border-bottom: 1px solid #eef0f4; white-space: nowrap; }
  code, .id { font: 12px ui-monospace, monospace; color: #4a5468; }
  nav.pager { display: flex; justify-content: space-between; margin-top: 12px; }
  .flash { background: #e7f6ec; border-color: #a6dbb8; } .problem { background: #fdecec; border-color: #f0b4b4; }
  .field-error { color: #b42318; font-size: 13px; }
  form.stack label { display: block; margin-bottom: 8px; } form.stack input { width: 100%; box-sizing: border-box; padding: 4px; }
  button { font: inherit; padding: 6px 16px; border-radius: 4px; border: 1px solid #3451d1; background: #3451d1; color: #fff; cursor: pointer; }
  #events ol { padding-left: 18px; margin: 0; } #events li { margin-bottom: 8px; } .late { color: #a15c00; }
`;

function layout(
  title: string,
  body: Html,
  options: { readonly single?: boolean; readonly script?: string } = {},
): Html {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${title} · commerce-kit example app</title>
    <style>${raw(STYLE)}</style>
  </head>
  <body>
    <header><h1>commerce-kit example app</h1><a href="/">Install</a><a href="/customers">Customers</a></header>
    <main class="${options.single === true ? 'single' : ''}">${body}</main>
    ${options.script === undefined ? '' : html`<script>${raw(options.script)}</script>`}
  </body>
</html>`;
}

/** `/`: what installing does, and the button that starts it. */
export function installPage(installed: boolean): Html {
  return layout(
    'Install',
    html`<section>
      <h2>Install the app in your store</h2>
      <p>
        Installing sends you to the platform, which asks whether this app may read and change your store's
        data. When you allow it, the platform sends you back here with a code that the app exchanges for
        tokens, and you land on your customers.
      </p>
      ${installed ? html`<p>This browser has installed the app already: <a href="/customers">see the customers</a>, or install again.</p>` : ''}
      <form method="post" action="/install"><button type="submit">Install</button></form>
    </section>`,
    { single: true },
  );
}

/** A page that says what went wrong (or that the user cancelled), with a way on. */
export function messagePage(title: string, text: string): Html {
  return layout(
    title,
    html`<section class="problem"><h2>${title}</h2><p>${text}</p><p><a href="/">Back to Install</a></p></section>`,
    {
      single: true,
    },
  );
}

/** What the customers page shows. */
export interface CustomersView {
  readonly page: PageLinks<Customer>;
  readonly limit: number;
  readonly csrfToken: string;
  readonly flash?: string | undefined;
  readonly problem?: string | undefined;
  readonly form?: CustomerForm | undefined;
  readonly events: readonly RecordedEvent[];
}

/** The create form as sent, and what the platform said about each field. */
export interface CustomerForm {
  readonly values: Readonly<Record<'first_name' | 'last_name' | 'email', string>>;
  readonly errors: Readonly<Record<string, readonly string[]>>;
}

export function customersPage(view: CustomersView): Html {
  const { page } = view;
  const rows = page.rows.map(
    (customer) => html`<tr data-id="${customer.id}">
      <td>${customer.first_name} ${customer.last_name}</td>
      <td>${customer.email}</td>
      <td class="id">${customer.id}</td>
      <td>${customer.created_time.slice(0, 10)}</td>
    </tr>`,
  );
  const link = (rel: string, label: string, query: string | undefined): Html =>
    query === undefined ? html`<span></span>` : html`<a rel="${rel}" href="/customers?${query}">${label}</a>`;
  return layout(
    'Customers',
    html`<div>
        ${view.flash === undefined ? '' : html`<section class="flash" role="status">${view.flash}</section>`}
        ${view.problem === undefined ? '' : html`<section class="problem" role="alert">${view.problem}</section>`}
        <section>
          <h2>Customers</h2>
          ${
            rows.length === 0
              ? html`<p>No customers on this page. <a href="/customers">First page</a></p>`
              : html`<table>
                <thead><tr><th>Name</th><th>Email</th><th>Id</th><th>Created</th></tr></thead>
                <tbody>${rows}</tbody>
              </table>`
          }
          <nav class="pager">
            ${link('prev', '← Previous', page.previous === undefined ? undefined : `ending_before=${encodeURIComponent(page.previous)}&limit=${view.limit}`)}
            ${link('next', 'Next →', page.next === undefined ? undefined : `starting_after=${encodeURIComponent(page.next)}&limit=${view.limit}`)}
          </nav>
        </section>
      </div>
      <div>
        ${createForm(view.csrfToken, view.form)}
        ${eventsPanel(view.events)}
      </div>`,
    { script: LIVE_EVENTS_SCRIPT },
  );
}

function createForm(csrfToken: string, form: CustomerForm | undefined): Html {
  const field = (name: keyof CustomerForm['values'], label: string, type: string): Html => html`<label
    >${label}<input name="${name}" type="${type}" required value="${form?.values[name] ?? ''}" />
    ${(form?.errors[name] ?? []).map((message) => html`<span class="field-error">${message}</span>`)}</label
  >`;
  return html`<section>
    <h2>New customer</h2>
    <form class="stack" method="post" action="/customers">
      <input type="hidden" name="csrf" value="${csrfToken}" />
      ${field('first_name', 'First name', 'text')} ${field('last_name', 'Last name', 'text')} ${field('email', 'Email', 'email')}
      <button type="submit">Create customer</button>
    </form>
  </section>`;
}

/** The last events the webhooks recorded; the page swaps it for a fresh one as they arrive. */
export function eventsPanel(events: readonly RecordedEvent[]): Html {
  const items = events.map((event) => {
    const lateMs = event.signedAt === null ? 0 : event.recordedAt - event.signedAt;
    return html`<li data-delivery="${event.deliveryKey}" data-type="${event.type}" data-object="${event.objectId}">
      <code>${event.type}</code> <span class="id">${event.objectId}</span><br />
      ${event.summary}<br />
      <small
        >recorded ${clockTime(event.recordedAt)}${
          lateMs >= 60_000
            ? html` · <span class="late">sent ${duration(lateMs)} late (signed ${clockTime(event.signedAt ?? 0)})</span>`
            : ''
        }</small
      >
    </li>`;
  });
  return html`<section id="events">
    <h2>Recent events</h2>
    ${items.length === 0 ? html`<p>None yet: create a customer and its <code>customer_created</code> webhook shows up here.</p>` : html`<ol>${items}</ol>`}
  </section>`;
}

/** Listens to `/events/stream` and puts each new events panel in place of the old one. */
const LIVE_EVENTS_SCRIPT = `
  const source = new EventSource('/events/stream');
  source.addEventListener('events', (message) => {
    document.getElementById('events').outerHTML = message.data;
  });
`;

const clockTime = (ms: number): string => `${new Date(ms).toISOString().slice(11, 19)} UTC`;

function duration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}
