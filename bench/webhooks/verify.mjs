// Signature verification throughput of @commerce-kit/webhooks against raw node:crypto (the floor:
// createHmac + timingSafeEqual, nothing else) and the standardwebhooks and svix verifiers, all
// on the same secret bytes, timestamp and body. Build first: `npx nx run @commerce-kit/webhooks:build`.
//
// What each row does per call:
// - verifySignature: base64-decode the header, HMAC-SHA256(timestamp + token), constant-time compare.
// - verifyDelivery: the full check (JSON.parse of the body, header lookup, signature, replay window),
//   which is what standardwebhooks/svix `verify` also do (they parse JSON and check the timestamp).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';
import { Bench } from 'tinybench';
import {
  computeSignature,
  prepareSecret,
  verifyDelivery,
  verifySignature,
  verifySignatureAsync,
} from '../../packages/webhooks/dist/index.js';

const secretBytes = new Uint8Array(32).map((_, i) => (i * 37 + 11) & 0xff);
const secretText = 'whsec_3f9a1c0e7b2d4a6f8e1c3b5d7f9a2c4e';
const timestamp = String(Math.floor(Date.now() / 1000));
const token = 'f3c1a9e2b7d64c0e8a5b2d9f1e0c7a36';
const data = { id: 'cus_00000000000000000000000042', email: 'jane@example.com', first_name: 'Jane' };
const body = JSON.stringify({ timestamp, token, data });

const signature = computeSignature(secretBytes, timestamp, token);
const textSignature = computeSignature(secretText, timestamp, token);
const textInput = { secret: secretText, timestamp, token, signature: textSignature };
const headers = { 'x-service-signature': signature, 'content-type': 'application/json' };
const prepared = prepareSecret(secretBytes);
const input = { secret: secretBytes, timestamp, token, signature };
const preparedInput = { ...input, secret: prepared };
const deliveryOptions = { secret: prepared };

// node:crypto floor over the very same message and key.
const expectedBytes = Buffer.from(signature, 'base64');
const nodeVerify = () => {
  const digest = createHmac('sha256', secretBytes).update(timestamp + token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === 32 && timingSafeEqual(digest, given);
};

// The peers sign `${id}.${timestamp}.${body}` with the same 32 secret bytes.
const whsec = `whsec_${Buffer.from(secretBytes).toString('base64')}`;
const standard = new StandardWebhook(whsec);
const svix = new SvixWebhook(whsec);
const msgId = 'msg_2bVUeN2o4kPEtDnJ5mcJSaBDxCa';
const peerSig = standard.sign(msgId, new Date(Number(timestamp) * 1000), body);
const standardHeaders = { 'webhook-id': msgId, 'webhook-timestamp': timestamp, 'webhook-signature': peerSig };
const svixHeaders = { 'svix-id': msgId, 'svix-timestamp': timestamp, 'svix-signature': peerSig };

// Sanity: every contender accepts its input before we time it.
if (!nodeVerify() || expectedBytes.length !== 32) throw new Error('node floor rejects');
if (!verifySignature(input) || !verifySignature(preparedInput)) throw new Error('verifySignature rejects');
if (!(await verifySignatureAsync(input))) throw new Error('verifySignatureAsync rejects');
if (!verifyDelivery(body, headers, deliveryOptions).ok) throw new Error('verifyDelivery rejects');
standard.verify(body, standardHeaders);
svix.verify(body, svixHeaders);
if (!verifySignature(textInput)) throw new Error('verifySignature (text) rejects');
const nodeVerifyText = () => {
  const digest = createHmac('sha256', secretText).update(timestamp + token).digest();
  const given = Buffer.from(textSignature, 'base64');
  return given.length === 32 && timingSafeEqual(digest, given);
};

const bench = new Bench({ time: 1500, warmupTime: 300 });
bench
  .add('node:crypto floor (createHmac + timingSafeEqual)', nodeVerify)
  .add('node:crypto floor, text secret', nodeVerifyText)
  .add('verifySignature (text secret)', () => verifySignature(textInput))
  .add('verifySignature (secret as bytes)', () => verifySignature(input))
  .add('verifySignature (prepareSecret)', () => verifySignature(preparedInput))
  .add('verifySignatureAsync (WebCrypto, key imported once)', () => verifySignatureAsync(preparedInput))
  .add('verifyDelivery (full check, body parsed)', () => verifyDelivery(body, headers, deliveryOptions))
  .add('standardwebhooks Webhook.verify', () => standard.verify(body, standardHeaders))
  .add('svix Webhook.verify', () => svix.verify(body, svixHeaders));

await bench.run();

const floor = bench.tasks[0].result.throughput.mean;
const rows = bench.tasks.map((task) => {
  const hz = task.result.throughput.mean;
  return {
    task: task.name,
    'ops/sec': Math.round(hz).toLocaleString('en-US'),
    'µs/op': (1e6 / hz).toFixed(2),
    'vs node:crypto floor': `${(hz / floor).toFixed(2)}x`,
    '±%': task.result.throughput.rme.toFixed(1),
  };
});
console.log(`verify throughput, Node ${process.version}, ${new Date().toISOString()}`);
console.table(rows);
const get = (name) => bench.tasks.find((t) => t.name.startsWith(name)).result.throughput.mean;
console.log(
  `verifyDelivery vs standardwebhooks: ${(get('verifyDelivery') / get('standardwebhooks')).toFixed(2)}x, ` +
    `vs svix: ${(get('verifyDelivery') / get('svix')).toFixed(2)}x`,
);
