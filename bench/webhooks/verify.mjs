// Signature verification throughput of @commerce-kit/webhooks against raw node:crypto (the floor:
// createHmac + timingSafeEqual, nothing else) and the standardwebhooks and svix verifiers, all
// on the same secret bytes, timestamp and body. Build first: `npx nx run @commerce-kit/webhooks:build`.
//
// What each row does per call:
// - verifySignature: base64-decode the header, HMAC-SHA256(timestamp + token), constant-time compare.
//   On Node the HMAC comes from node:crypto; the "pure" row is the built-in implementation that
//   runtimes without node:crypto use (the CJS build, loaded while process.getBuiltinModule is hidden).
// - verifyDelivery: the full check (JSON.parse of the body, header lookup, signature, replay window),
//   which is what standardwebhooks/svix `verify` also do (they parse JSON and check the timestamp).
//
// Tasks run interleaved for several short rounds, which keeps the comparison fair on a machine whose
// load changes while the benchmark runs: the table shows each task's best round, the goal lines the
// median over rounds of the ratio measured within each round.
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
import { createRequire } from 'node:module';

// A second copy of the package that never finds node:crypto.
const hidden = process.getBuiltinModule;
process.getBuiltinModule = undefined;
const pure = createRequire(import.meta.url)('../../packages/webhooks/dist/index.cjs');
pure.computeSignature('warm-up', '1', '2'); // picks the pure engine now, while node:crypto is hidden
process.getBuiltinModule = hidden;

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
  const digest = createHmac('sha256', secretBytes)
    .update(timestamp + token)
    .digest();
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
  const digest = createHmac('sha256', secretText)
    .update(timestamp + token)
    .digest();
  const given = Buffer.from(textSignature, 'base64');
  return given.length === 32 && timingSafeEqual(digest, given);
};

const tasks = [
  ['node:crypto floor (createHmac + timingSafeEqual)', nodeVerify],
  ['node:crypto floor, text secret', nodeVerifyText],
  ['verifySignature (text secret)', () => verifySignature(textInput)],
  ['verifySignature (secret as bytes)', () => verifySignature(input)],
  ['verifySignature (prepareSecret)', () => verifySignature(preparedInput)],
  ['verifySignature, pure (runtimes without node:crypto)', () => pure.verifySignature(textInput)],
  ['verifySignatureAsync (WebCrypto, key imported once)', () => verifySignatureAsync(preparedInput)],
  ['verifyDelivery (full check, body parsed)', () => verifyDelivery(body, headers, deliveryOptions)],
  ['standardwebhooks Webhook.verify', () => standard.verify(body, standardHeaders)],
  ['svix Webhook.verify', () => svix.verify(body, svixHeaders)],
];
if (!pure.verifySignature(textInput)) throw new Error('pure verifySignature rejects');

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const best = new Map();
const perRound = [];
for (let round = 0; round < ROUNDS; round++) {
  const bench = new Bench({ time: 200, warmupTime: 50 });
  for (const [name, fn] of tasks) bench.add(name, fn);
  await bench.run();
  const hz = new Map(bench.tasks.map((task) => [task.name, task.result.throughput.mean]));
  perRound.push(hz);
  for (const task of bench.tasks) {
    const previous = best.get(task.name);
    if (previous === undefined || task.result.throughput.mean > previous.throughput.mean)
      best.set(task.name, task.result);
  }
}

const results = tasks.map(([name]) => ({ name, result: best.get(name) }));
const floor = results[0].result.throughput.mean;
const rows = results.map(({ name, result }) => {
  const hz = result.throughput.mean;
  return {
    task: name,
    'ops/sec': Math.round(hz).toLocaleString('en-US'),
    'µs/op': (1e6 / hz).toFixed(2),
    'vs node:crypto floor': `${(hz / floor).toFixed(2)}x`,
  };
});
console.log(
  `verify throughput, best of ${ROUNDS} interleaved rounds, Node ${process.version}, ${new Date().toISOString()}`,
);
console.table(rows);

// Goals: the median over rounds of each round's own ratio (both sides measured back to back).
const nameOf = (prefix) => tasks.find(([name]) => name.startsWith(prefix))[0];
function medianRatio(prefix, basePrefix) {
  const ratios = perRound.map((hz) => hz.get(nameOf(prefix)) / hz.get(nameOf(basePrefix))).sort((a, b) => a - b);
  return ratios[Math.floor(ratios.length / 2)].toFixed(2);
}
console.log(
  `verifySignature vs node:crypto floor (median of per-round ratios; goal >= 0.95x): ${medianRatio('verifySignature (text', 'node:crypto floor (')}x (text secret), ` +
    `${medianRatio('verifySignature (secret as bytes)', 'node:crypto floor (')}x (bytes), ${medianRatio('verifySignature (prepareSecret)', 'node:crypto floor (')}x (prepared)`,
);
console.log(
  `verifyDelivery (median of per-round ratios; goal >= 3x): ${medianRatio('verifyDelivery', 'standardwebhooks')}x standardwebhooks, ` +
    `${medianRatio('verifyDelivery', 'svix')}x svix`,
);
