/** What the CLI prints at start. The test app's secrets and the control key are printed here on purpose, and nowhere else. */
import type { Sandbox } from '../sandbox.js';
import { DEFAULT_URL } from './control-client.js';
import { DOCS_PATH } from '../http/docs-routes.js';

/** The authorize URL a developer opens in a browser to walk through the consent page. */
export function authorizeUrl(sandbox: Sandbox, state = 'sandbox1'): string {
  const url = new URL('/oauth/connect/authorize', sandbox.url);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', sandbox.app.clientId);
  url.searchParams.set('redirect_uri', sandbox.app.redirectUri);
  url.searchParams.set('scope', 'api_basic api_readwrite openid offline_access');
  url.searchParams.set('state', state);
  return url.href;
}

export interface BannerFacts {
  readonly data: string | undefined;
  readonly webhookUrl: string | undefined;
  readonly strict: boolean;
  /** Requests per minute per account; 0: off. */
  readonly rateLimit: number;
  /** The theme the storefront serves (`--theme`), if any. */
  readonly theme: string | undefined;
  /**
   * The command line before a command's arguments, as it works where the sandbox runs: `npm run sandbox --`
   * in the commerce-kit repository, `npx commerce-sandbox` elsewhere (see `invocation`).
   */
  readonly command: string;
}

export function banner(sandbox: Sandbox, facts: BannerFacts): string {
  const { app } = sandbox;
  const { command } = facts;
  // The commands reach a sandbox on the default URL without --url.
  const urlFlag = sandbox.url === DEFAULT_URL ? '' : ` --url ${sandbox.url}`;
  const rows = (pairs: Array<[string, string]>): string => pairs.map(([k, v]) => `  ${k.padEnd(15)} ${v}`).join('\n');
  return `commerce-kit sandbox running at ${sandbox.url}
  data            ${facts.data ? `${facts.data} (SQLite, WAL)` : 'in memory (gone when stopped; --data FILE keeps it)'}
  webhooks        ${facts.webhookUrl ? `POST ${facts.webhookUrl}` : 'not sent (--webhook-url URL to receive them)'}; deliveries at ${sandbox.url}/_sandbox/deliveries
  rate limit      ${facts.rateLimit === 0 ? 'off (--rate-limit 0)' : `${facts.rateLimit} requests per minute per account (--rate-limit N; 0 turns it off)`}
  contract        ${facts.strict ? 'strict: requests that depart from the spec are answered 400' : 'checked; departures listed (--strict answers them 400)'}; \`${command} report${urlFlag}\`
  docs            ${sandbox.url}${DOCS_PATH} (the REST API reference)${storefrontLine(sandbox, facts)}

Test app (local sandbox credentials, printed on purpose):
${rows([
  ['client id', app.clientId],
  ['client secret', app.clientSecret],
  ['redirect URI', app.redirectUri],
  ['webhook secret', app.webhookSecret],
  ['access token', app.accessToken],
  ['refresh token', app.refreshToken],
  ['control key', sandbox.controlKey],
])}

Open in a browser to try the consent page:
  ${authorizeUrl(sandbox)}

List customers:
  curl -s -H "Authorization: Bearer ${app.accessToken}" "${sandbox.url}/customers?limit=3"

Control it from another terminal (\`${command} --help\` lists the commands):
${controlLines(sandbox.url, command)
  .map((line) => `  ${line}`)
  .join('\n')}

Ctrl-C stops the sandbox.
`;
}

/** The storefront's line, when a theme is served. */
function storefrontLine(sandbox: Sandbox, facts: BannerFacts): string {
  if (sandbox.storefrontUrl === undefined || facts.theme === undefined) return '';
  return `\n  storefront      ${sandbox.storefrontUrl} (${facts.theme}, rendered from the live data; open pages reload on every change)`;
}

/** The example control commands of the banner, ready to paste. */
export function controlLines(url: string, command: string): string[] {
  return [`${command} snapshot seeded --url ${url}`, `${command} fault 503 --count 2 --url ${url}`];
}
