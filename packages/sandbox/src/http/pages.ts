/** The two HTML pages of the sandbox: the consent page and the test app's callback page. */
import type { AuthorizationRequest } from '../services/oauth.js';
import type { Refusal } from '../refusal.js';
import type { Reply } from './reply.js';
import { escapeHtml } from '@commerce-kit/internal/escape-html';

/** Where the consent form posts (a sandbox route, not part of the platform's API). */
export const CONSENT_PATH = '/_sandbox/consent';
/** The test app's default redirect URI path: a page that shows the code it received. */
export const CALLBACK_PATH = '/_sandbox/callback';

const SCOPE_TEXT: Record<string, string> = {
  api_basic: 'Basic access to your store',
  api_readwrite: 'Read and change your store’s data (customers, orders, products…)',
  openid: 'Know who you are (OpenID Connect)',
  offline_access: 'Keep access while you are away (a refresh token)',
};

/** Pages never run scripts, never load anything, and cannot be framed (no clickjacking of "Allow"). */
export const PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
});

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1f2933}
h1{font-size:1.4rem}ul{padding-left:1.2rem}.actions{display:flex;gap:.75rem;margin-top:1.5rem}
button{font:inherit;padding:.5rem 1.25rem;border-radius:.4rem;border:1px solid #52606d;background:#fff;cursor:pointer}
button[value=allow]{background:#1f6feb;border-color:#1f6feb;color:#fff}code{background:#f0f4f8;padding:.1rem .3rem;word-break:break-all}pre{white-space:pre-wrap}
.note{color:#52606d;font-size:.9rem}`;

function page(title: string, body: string): string {
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>\n`;
}

export function consentPage(request: AuthorizationRequest, consentId: string): Reply {
  const scopes = request.scopes
    .map((s) => `<li><code>${escapeHtml(s)}</code> ${escapeHtml(SCOPE_TEXT[s] ?? '')}</li>`)
    .join('');
  const html = page(
    'Authorize the application',
    `<h1>Authorize <code>${escapeHtml(request.app.client_id)}</code></h1>
<p>Signed in to the sandbox as <code>${escapeHtml(request.app.account_id)}</code>. The application asks to:</p>
<ul>${scopes}</ul>
<p class="note">You will be sent back to <code>${escapeHtml(request.redirectUri)}</code>.</p>
<form method="post" action="${CONSENT_PATH}">
<input type="hidden" name="consent" value="${escapeHtml(consentId)}">
<div class="actions"><button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button></div>
</form>`,
  );
  return { status: 200, html, headers: PAGE_HEADERS };
}

/** The authorize endpoint's own page when there is no application to send the browser back to. */
export function errorPage(problem: Refusal): Reply {
  const errors = Object.entries(problem.body.errors ?? {})
    .map(([field, messages]) => `<li><code>${escapeHtml(field)}</code> ${escapeHtml(messages.join(', '))}</li>`)
    .join('');
  const html = page(
    'Authorization request refused',
    `<h1>This authorization request cannot be completed</h1>
<p>The application's <code>client_id</code> or <code>redirect_uri</code> is missing or not registered, so the sandbox cannot send you back to it:</p>
<ul id="errors">${errors}</ul>
<p class="note">The sandbox's test app and its redirect URI are printed when the sandbox starts.</p>`,
  );
  return { status: problem.status, html, headers: PAGE_HEADERS };
}

/** A POSIX shell word: single-quoted unless it is plainly safe. */
function shellWord(value: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The test app's credentials for the callback page's command; the secret only for a caller on this machine. */
export interface CallbackClient {
  readonly clientId: string;
  readonly clientSecret: string | undefined;
}

/** The test app's callback: shows the code (or the error) and a command that exchanges it. */
export function callbackPage(
  baseUrl: string,
  redirectUri: string,
  client: CallbackClient,
  query: URLSearchParams,
): Reply {
  const code = query.get('code');
  const state = query.get('state');
  const error = query.get('error');
  const stateLine = state === null ? '' : `<p>State: <code id="state">${escapeHtml(state)}</code></p>`;
  let body: string;
  if (code !== null) {
    const secret =
      client.clientSecret === undefined
        ? `'<client secret printed when the sandbox started>'`
        : shellWord(client.clientSecret);
    const command = [
      `CLIENT_ID=${shellWord(client.clientId)}`,
      `CLIENT_SECRET=${secret}`,
      `curl -s ${shellWord(`${baseUrl}/oauth/connect/token`)} -u "$CLIENT_ID:$CLIENT_SECRET" -d grant_type=authorization_code --data-urlencode code=${shellWord(code)} --data-urlencode redirect_uri=${shellWord(redirectUri)}`,
    ].join('\n');
    body = `<h1>Authorization code received</h1>
<p>Code: <code id="code">${escapeHtml(code)}</code></p>${stateLine}
<p>Exchange it (within 10 minutes, once) for tokens, in a POSIX shell:</p>
<pre><code id="exchange">${escapeHtml(command)}</code></pre>`;
  } else {
    const description = query.get('error_description');
    body = `<h1>No code</h1><p>Error: <code id="error">${escapeHtml(error ?? 'none')}</code></p>${
      description === null ? '' : `<p>Description: <span id="error-description">${escapeHtml(description)}</span></p>`
    }${stateLine}`;
  }
  return { status: 200, html: page('Sandbox callback', body), headers: PAGE_HEADERS };
}
