/**
 * `node:crypto`, found at run time. `process.getBuiltinModule` (Node 20.16+, 22.3+, Bun, Deno)
 * hands over a built-in module without an `import`, so bundlers and edge runtimes never see one and
 * the package stays loadable everywhere; where it is missing (older Node, browsers, edge runtimes)
 * the answer is `undefined` and the pure implementation is used.
 * @internal
 */

/** The parts of `node:crypto` the package uses. @internal */
export interface NodeCryptoLike {
  createSecretKey(key: Uint8Array): unknown;
  createHmac(
    algorithm: 'sha256',
    key: unknown,
  ): {
    update(data: string): { digest(): Uint8Array };
  };
}

interface ProcessLike {
  readonly getBuiltinModule?: (id: string) => unknown;
}

function isNodeCrypto(value: unknown): value is NodeCryptoLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<NodeCryptoLike>).createHmac === 'function' &&
    typeof (value as Partial<NodeCryptoLike>).createSecretKey === 'function'
  );
}

/** `node:crypto` when the runtime offers it through `process.getBuiltinModule`, else `undefined`. @internal */
export function findNodeCrypto(): NodeCryptoLike | undefined {
  // Read off globalThis: a bare `process` would make some bundlers inject a polyfill.
  const runtime = (globalThis as { readonly process?: ProcessLike }).process;
  const getBuiltinModule = runtime?.getBuiltinModule;
  if (typeof getBuiltinModule !== 'function') return undefined;
  try {
    const candidate = getBuiltinModule.call(runtime, 'node:crypto');
    return isNodeCrypto(candidate) ? candidate : undefined;
  } catch {
    return undefined;
  }
}
