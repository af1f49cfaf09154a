// The request log shows the status each response was actually sent with, whichever way it was written.
import { describe, expect, test } from 'vitest';
import type { Logger } from '../src/index.js';
import { consent } from './support/oauth.js';
import { api, start } from './support/start.js';

describe('request log', () => {
  test('one line per request with the status sent: 200, 302 from the consent form, 405, 404, 401', async () => {
    const lines: string[] = [];
    const logger: Logger = { info: (line) => lines.push(line), warn: () => {}, error: () => {} };
    const sandbox = await start({ logger, logRequests: true });
    const authorize = new URL('/oauth/connect/authorize', sandbox.url);
    for (const [k, v] of Object.entries({
      response_type: 'code',
      client_id: sandbox.app.clientId,
      redirect_uri: sandbox.app.redirectUri,
      scope: 'api_basic api_readwrite openid',
    })) {
      authorize.searchParams.set(k, v);
    }
    await consent(sandbox, authorize.href, 'allow');
    await api(sandbox, '/customers', { method: 'PATCH' });
    await api(sandbox, '/nowhere');
    await fetch(`${sandbox.url}/customers`);
    const statuses = lines.filter((line) => / -> \d{3} /.test(line)).map((line) => line.replace(/ \([\d.]+ ms\)$/, ''));
    expect(statuses).toEqual([
      'GET /oauth/connect/authorize -> 200',
      'POST /_sandbox/consent -> 302',
      'PATCH /customers -> 405',
      'GET /nowhere -> 404',
      'GET /customers -> 401',
    ]);
  });
});
