/**
 * HMAC-SHA256 comes from node:crypto where the runtime offers it (found at run time through
 * `process.getBuiltinModule`, never imported) and from the built-in implementation elsewhere; both
 * must agree on every key and message.
 */
import * as nodeCrypto from 'node:crypto';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toBase64 } from '../src/encoding.js';
import { hmacEngine, nodeEngine, pureEngine } from '../src/crypto/hmac-engine.js';
import { findNodeCrypto, type NodeCryptoLike } from '../src/crypto/node-crypto.js';

const node = nodeEngine(findNodeCrypto()!);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('engine selection', () => {
  it('uses node:crypto on Node, looked up through process.getBuiltinModule', () => {
    expect(typeof process.getBuiltinModule).toBe('function');
    expect(findNodeCrypto()).toBe(process.getBuiltinModule('node:crypto'));
    expect(hmacEngine().name).toBe('node:crypto');
  });

  it('finds nothing where there is no process, no getBuiltinModule, or it fails or hands back something else', () => {
    vi.stubGlobal('process', undefined);
    expect(findNodeCrypto()).toBeUndefined();
    vi.stubGlobal('process', {});
    expect(findNodeCrypto()).toBeUndefined();
    vi.stubGlobal('process', {
      getBuiltinModule: () => {
        throw new Error('not allowed here');
      },
    });
    expect(findNodeCrypto()).toBeUndefined();
    vi.stubGlobal('process', { getBuiltinModule: () => ({ createHmac: 'no' }) });
    expect(findNodeCrypto()).toBeUndefined();
  });
});

describe('node:crypto and the built-in implementation agree (differential)', () => {
  it('on random keys (over a block long included) and random messages', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 150 }),
        fc.oneof(fc.string({ unit: 'grapheme', maxLength: 200 }), fc.string({ unit: 'binary', maxLength: 100 })),
        (key, message) => {
          const fromNode = node.keyed(key)(message);
          const fromPure = pureEngine.keyed(key)(message);
          expect(toBase64(fromPure)).toBe(toBase64(fromNode));
          expect(toBase64(fromNode)).toBe(
            nodeCrypto.createHmac('sha256', key).update(message, 'utf8').digest('base64'),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('on delivery-shaped messages (timestamp + token), with one signer reused across many messages', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 64 }),
        fc.array(fc.tuple(fc.stringMatching(/^[0-9]{10,13}$/), fc.stringMatching(/^[0-9a-f]{8,40}$/)), {
          minLength: 1,
          maxLength: 20,
        }),
        (key, deliveries) => {
          const a = node.keyed(key);
          const b = pureEngine.keyed(key);
          for (const [timestamp, token] of deliveries)
            expect(toBase64(a(timestamp + token))).toBe(toBase64(b(timestamp + token)));
        },
      ),
    );
  });

  it('the node engine calls createHmac with a key object made once per key', () => {
    const createHmac = vi.fn(nodeCrypto.createHmac);
    const createSecretKey = vi.fn(nodeCrypto.createSecretKey);
    const engine = nodeEngine({ createHmac, createSecretKey } as unknown as NodeCryptoLike);
    const sign = engine.keyed(new Uint8Array([1, 2, 3]));
    sign('a');
    sign('b');
    expect(createSecretKey).toHaveBeenCalledTimes(1);
    expect(createHmac).toHaveBeenCalledTimes(2);
    expect(createHmac.mock.calls[0]![0]).toBe('sha256');
  });
});
