/**
 * The loopback servers of the receiver tests: a listener or Fetch handler that throws or rejects must
 * fail the test at once (a 500 for the request, the error again from `close()`), not leave the request
 * hanging behind an unhandled rejection until the test times out.
 */
import { describe, expect, it } from 'vitest';
import { post, startFetchServer, startNodeServer } from './helpers/http.js';

describe('test servers', () => {
  it('answer 500 for a Fetch handler that rejects, and report it when closed', async () => {
    const failure = new Error('handler broke');
    const server = await startFetchServer(() => Promise.reject(failure));
    const response = await post(server.url, '{}', { 'content-type': 'application/json' });
    expect(response.status).toBe(500);
    expect(server.failures).toEqual([failure]);
    await expect(server.close()).rejects.toMatchObject({ errors: [failure] });
  });

  it('answer 500 for a Node listener that throws or rejects, and report both when closed', async () => {
    let calls = 0;
    const server = await startNodeServer(async () => {
      calls++;
      if (calls === 1) throw new Error('rejected');
      await Promise.resolve();
      throw new Error('rejected later');
    });
    expect((await post(server.url, '{}', {})).status).toBe(500);
    expect((await post(server.url, '{}', {})).status).toBe(500);
    await expect(server.close()).rejects.toMatchObject({
      errors: [
        expect.objectContaining({ message: 'rejected' }),
        expect.objectContaining({ message: 'rejected later' }),
      ],
    });
  });

  it('close cleanly when nothing failed', async () => {
    const server = await startFetchServer(async () => new Response('{}', { status: 200 }));
    expect((await post(server.url, '{}', {})).status).toBe(200);
    await expect(server.close()).resolves.toBeUndefined();
  });
});
