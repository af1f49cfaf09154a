// HTTP over a raw socket, for what `fetch` will not send: another Host, no Host, oversized or malformed
// requests, a client that trickles its headers. Used by every local server's security tests.
import { connect } from 'node:net';

/** Rejects a raw exchange after this long: a bound, not an expectation of speed. */
const EXCHANGE_TIMEOUT_MS = 15_000;

/**
 * Sends `data` to the server of `url` on a new connection and resolves with what came back once the
 * server closed the connection, or once a whole response (by its content-length) arrived.
 * @param {string} url
 * @param {string | Buffer} data
 * @returns {Promise<{ status: number | undefined, head: string, body: string, closed: boolean }>}
 */
export function rawExchange(url, data) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(port) });
    const chunks = [];
    let done = false;
    const finish = (closed) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const head = split < 0 ? text : text.slice(0, split);
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1];
      resolve({
        status: status === undefined ? undefined : Number(status),
        head,
        body: split < 0 ? '' : text.slice(split + 4),
        closed,
      });
    };
    const timer = setTimeout(() => {
      done = true;
      socket.destroy();
      reject(new Error(`rawExchange: no complete answer from ${url} within ${EXCHANGE_TIMEOUT_MS} ms`));
    }, EXCHANGE_TIMEOUT_MS);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) return;
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, split))?.[1];
      if (length !== undefined && Buffer.byteLength(text.slice(split + 4), 'latin1') >= Number(length)) finish(false);
    });
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(true));
    socket.write(data);
  });
}

/**
 * A GET of `path` naming `host` (undefined: no Host header at all), with `Connection: close`.
 * @param {string} url
 * @param {string} path
 * @param {string | undefined} host
 * @param {Record<string, string>} [headers]
 */
export function rawGet(url, path, host, headers = {}) {
  const lines = [`GET ${path} HTTP/1.1`];
  if (host !== undefined) lines.push(`Host: ${host}`);
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  lines.push('Connection: close', '', '');
  return rawExchange(url, lines.join('\r\n'));
}

/**
 * Requests no server may answer with a 5xx or by crashing: oversized headers and targets, invalid
 * UTF-8 and NUL in paths, malformed request lines, bodies and chunked encodings.
 * @param {string} host the Host header to send (the server's own)
 * @param {string} writePath a path that takes a POST body on this server
 * @returns {{ name: string, data: string | Buffer }[]}
 */
export function badTraffic(host, writePath) {
  const h = `Host: ${host}\r\nConnection: close\r\n`;
  return [
    { name: 'headers over 16 KiB', data: `GET / HTTP/1.1\r\n${h}X-Big: ${'a'.repeat(20_000)}\r\n\r\n` },
    { name: 'a 10 KiB request target', data: `GET /${'a'.repeat(10_000)} HTTP/1.1\r\n${h}\r\n` },
    { name: 'invalid UTF-8 in the path', data: `GET /%C3%28 HTTP/1.1\r\n${h}\r\n` },
    {
      name: 'a raw non-UTF-8 byte in the path',
      data: Buffer.concat([Buffer.from('GET /a'), Buffer.from([0xff, 0xfe]), Buffer.from(` HTTP/1.1\r\n${h}\r\n`)]),
    },
    { name: '%00 in the path', data: `GET /a%00b HTTP/1.1\r\n${h}\r\n` },
    { name: 'a malformed request line', data: 'NOT HTTP AT ALL\r\n\r\n' },
    { name: 'a header without a colon', data: `GET / HTTP/1.1\r\n${h}broken header\r\n\r\n` },
    {
      name: 'malformed chunked encoding',
      data: `POST ${writePath} HTTP/1.1\r\n${h}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    },
    {
      name: 'Content-Length and Transfer-Encoding together',
      data: `POST ${writePath} HTTP/1.1\r\n${h}Content-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
    },
    {
      name: 'a body that is not JSON',
      data: `POST ${writePath} HTTP/1.1\r\n${h}Content-Type: application/json\r\nContent-Length: 5\r\n\r\n{"a":`,
    },
    {
      name: 'a body of invalid UTF-8',
      data: Buffer.concat([
        Buffer.from(
          `POST ${writePath} HTTP/1.1\r\n${h}Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 4\r\n\r\n`,
        ),
        Buffer.from([0xc3, 0x28, 0xff, 0xfe]),
      ]),
    },
    { name: 'a negative Content-Length', data: `POST ${writePath} HTTP/1.1\r\n${h}Content-Length: -1\r\n\r\n` },
  ];
}

/**
 * A client that sends half of its headers and then nothing, or, with `everyMs`, one more byte of a header
 * value every `everyMs` (a slowloris: never idle, never done). `close()` ends it; `received()` is what the
 * server wrote back; `sent()` the bytes sent so far.
 * @param {string} url
 * @param {string} host
 * @param {{ everyMs?: number | undefined }} [options]
 * @returns {Promise<{ close: () => void, closedByServer: () => boolean, received: () => string, sent: () => number }>}
 */
export function tricklingClient(url, host, { everyMs } = {}) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let closed = false;
    let received = '';
    let sent = 0;
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    const socket = connect({ host: hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(port) }, () => {
      const head = `GET / HTTP/1.1\r\nHost: ${host}\r\nX-Slow: `;
      sent += head.length;
      socket.write(head, () => {
        if (everyMs !== undefined)
          timer = setInterval(() => {
            if (socket.writable) socket.write('a', () => void sent++);
          }, everyMs);
        resolve({
          close: () => {
            clearInterval(timer);
            socket.destroy();
          },
          closedByServer: () => closed,
          received: () => received,
          sent: () => sent,
        });
      });
    });
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      received += chunk;
    });
    socket.on('error', (error) => {
      clearInterval(timer);
      reject(error);
    });
    socket.on('close', () => {
      clearInterval(timer);
      closed = true;
    });
  });
}
