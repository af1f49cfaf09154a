// The server's request listener when the adapter's async listener fails: the request is answered 500 (or
// its connection ended when the answer had begun), the failure is logged, and the server goes on serving.
// Left unhandled, the rejection would end the process (Node's default), and the sandbox running in it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, expect, test, vi } from 'vitest';
import { listen, type Listening } from '../src/server.js';

const failure = vi.hoisted(() => new Error('the adapter failed'));

// The adapter's listener, by path: `/fails` rejects before answering, `/fails-midway` after the answer
// began, anything else answers 200.
vi.mock('@hono/node-server', () => ({
  getRequestListener: () => async (request: IncomingMessage, response: ServerResponse) => {
    await Promise.resolve();
    if (request.url === '/fails') throw failure;
    if (request.url === '/fails-midway') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('half an answer');
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw failure;
    }
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  },
}));

let server: Listening | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
  vi.restoreAllMocks();
});

test('a rejected answer is a 500, logged, and the server goes on serving', async () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  server = await listen(0, '127.0.0.1');
  server.serve(() => new Response('unused: the adapter is mocked'));

  const failed = await fetch(`${server.url}/fails`);
  expect(failed.status).toBe(500);
  expect(await failed.text()).toBe('internal error');
  expect(logged).toHaveBeenCalledWith('example app: answering a request failed:', failure);

  const next = await fetch(`${server.url}/`);
  expect(next.status).toBe(200);
  expect(await next.text()).toBe('ok');
});

test('a rejection after the answer began ends its connection; the server goes on serving', async () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  server = await listen(0, '127.0.0.1');
  server.serve(() => new Response('unused: the adapter is mocked'));

  const begun = await fetch(`${server.url}/fails-midway`);
  expect(begun.status).toBe(200);
  await expect(begun.text()).rejects.toThrow();
  expect(logged).toHaveBeenCalledWith('example app: answering a request failed:', failure);

  expect(await (await fetch(`${server.url}/`)).text()).toBe('ok');
});
