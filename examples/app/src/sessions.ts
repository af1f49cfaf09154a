/** Browser sessions: a random id in an HttpOnly cookie, naming the installation it signed in to. */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Db } from './db.js';

export const SESSION_COOKIE = 'sid';

export interface Session {
  readonly id: string;
  readonly installationId: string;
  /** Sent back by every form of the session (a hidden field), so another site cannot post them. */
  readonly csrfToken: string;
}

export class Sessions {
  readonly #db: Db;
  readonly #secure: boolean;

  constructor(db: Db, appUrl: string) {
    this.#db = db;
    this.#secure = appUrl.startsWith('https:');
  }

  /** Signs this browser in to an installation. */
  start(c: Context, installationId: string, now: number): Session {
    const session: Session = { id: token(), installationId, csrfToken: token() };
    this.#db
      .prepare('INSERT INTO sessions (id, installation_id, csrf_token, created_at) VALUES (?, ?, ?, ?)')
      .run(session.id, installationId, session.csrfToken, now);
    setCookie(c, SESSION_COOKIE, session.id, { path: '/', httpOnly: true, sameSite: 'Lax', secure: this.#secure });
    return session;
  }

  /** The session of the request's cookie, if any. */
  of(c: Context): Session | undefined {
    const id = getCookie(c, SESSION_COOKIE);
    if (id === undefined) return undefined;
    const row = this.#db.prepare('SELECT id, installation_id, csrf_token FROM sessions WHERE id = ?').get(id) as
      | { id: string; installation_id: string; csrf_token: string }
      | undefined;
    return row && { id: row.id, installationId: row.installation_id, csrfToken: row.csrf_token };
  }
}

/** Whether a form's token is the session's, compared in constant time. */
export function csrfMatches(session: Session, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(session.csrfToken);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

const token = (): string => randomBytes(24).toString('base64url');
