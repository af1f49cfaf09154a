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
    const error = new a.ChildError('boom');
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
    expect(Object.keys(error)).toEqual([]);
    expect(JSON.stringify({ ...error })).toBe('{}');
    expect(error instanceof a.BaseError && (1 as unknown) instanceof a.BaseError).toBe(false);
  });
});
