import type { Sandbox } from '../../src/index.js';

/** GET the authorize URL, read the consent form, POST the decision: the browser's steps over plain HTTP. Returns the redirect's Location. */
export async function consent(sandbox: Sandbox, authorizeUrl: string, decision: 'allow' | 'deny'): Promise<URL> {
  const page = await fetch(authorizeUrl);
  if (page.status !== 200) throw new Error(`authorize answered ${page.status}: ${await page.text()}`);
  const html = await page.text();
  const consentId = /name="consent" value="([^"]+)"/.exec(html)?.[1];
  if (!consentId) throw new Error('no consent id in the page');
  const answer = await fetch(`${sandbox.url}/_sandbox/consent`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ consent: consentId, decision }),
    redirect: 'manual',
  });
  if (answer.status !== 302) throw new Error(`consent answered ${answer.status}: ${await answer.text()}`);
  return new URL(answer.headers.get('location') ?? '');
}

export const ALL_SCOPES = ['api_basic', 'api_readwrite', 'openid', 'offline_access'] as const;
