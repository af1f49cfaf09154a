// Install → Allow → callback as a browser does it, without one: the requests it would make, the cookies by hand.
import { expect } from 'vitest';

export interface Installed {
  /** The `sid=…` cookie of the signed-in session. */
  readonly session: string;
  /** Where the app sent the browser to authorize (the platform's URL, or a proxy's in front of it). */
  readonly authorizeUrl: string;
}

/** Installs the app at `appUrl` on the sandbox at `sandboxUrl` (whose consent form is allowed). */
export async function installByHand(appUrl: string, sandboxUrl: string): Promise<Installed> {
  const started = await fetch(`${appUrl}/install`, { method: 'POST', redirect: 'manual' });
  const stateCookie = (started.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const authorizeUrl = started.headers.get('location') ?? '';
  const consentPage = await (await fetch(authorizeUrl, { headers: { accept: 'text/html' } })).text();
  const consent = /name="consent" value="([^"]+)"/.exec(consentPage)?.[1] ?? '';
  const allowed = await fetch(`${sandboxUrl}/_sandbox/consent`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ consent, decision: 'allow' }),
    redirect: 'manual',
  });
  const landed = await fetch(allowed.headers.get('location') ?? '', {
    headers: { cookie: stateCookie },
    redirect: 'manual',
  });
  expect(landed.headers.get('location')).toBe('/customers');
  const session = (landed.headers.getSetCookie().find((cookie) => cookie.startsWith('sid=')) ?? '').split(';')[0] ?? '';
  expect(session).toMatch(/^sid=./);
  return { session, authorizeUrl };
}
