import { describe, expect, it, vi } from 'vitest';

// Two copies of the same classes, as when a package's ESM and CJS builds are both loaded.
async function loadCopy() {
  vi.resetModules();
  return import('./support/branded-classes.js');
}

describe('brands', () => {
  it('instanceof works across two copies of a module', async () => {
    const a = await loadCopy();
    const b = await loadCopy();
    expect(a.BaseError).not.toBe(b.BaseError);
    const error = new a.ChildError('boom', 'E1');
    expect(error.code).toBe('E1');
    expect(error instanceof b.ChildError).toBe(true);
    expect(error instanceof b.BaseError).toBe(true);
    expect(error instanceof Error).toBe(true);
    expect(new a.BaseError('x') instanceof b.ChildError).toBe(false);
    expect(new a.OtherError('x') instanceof b.ChildError).toBe(false);
  });

  it('a subclass without its own brand falls back to prototype identity', async () => {
    const a = await loadCopy();
    const b = await loadCopy();
    expect(new a.UnbrandedError('x') instanceof a.UnbrandedError).toBe(true);
    expect(new a.UnbrandedError('x') instanceof b.UnbrandedError).toBe(false);
    expect(new a.BaseError('x') instanceof a.UnbrandedError).toBe(false);
  });

  it('the brand stays out of JSON, keys and inspection', async () => {
    const a = await loadCopy();
    const error = new a.ChildError('boom');
    // `name` is an own property, as in every package's errors before the shared base; the brand is not.
    expect(Object.keys(error)).toEqual(['name', 'code']);
    expect(JSON.stringify({ ...error })).toBe('{"name":"ChildError","code":"none"}');
    expect(
      Object.getOwnPropertySymbols(error).filter((key) => Object.getOwnPropertyDescriptor(error, key)?.enumerable),
    ).toEqual([]);
    expect(error instanceof a.BaseError && (1 as unknown) instanceof a.BaseError).toBe(false);
  });

  it('BrandedError names each error after its own brand, else its class', async () => {
    const a = await loadCopy();
    expect(new a.BaseError('x').name).toBe('BaseError');
    expect(new a.ChildError('x').name).toBe('ChildError');
    expect(new a.UnbrandedError('x').name).toBe('UnbrandedError');
    expect(String(new a.ChildError('boom'))).toBe('ChildError: boom');
  });

  it('BrandedError keeps a cause, and has none when none is given', async () => {
    const a = await loadCopy();
    const cause = new Error('root');
    expect(new a.BaseError('x', { cause }).cause).toBe(cause);
    expect('cause' in new a.BaseError('x')).toBe(false);
    expect('cause' in new a.BaseError('x', { cause: undefined })).toBe(false);
  });
});
