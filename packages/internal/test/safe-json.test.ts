import fc from 'fast-check';
import sjson from 'secure-json-parse';
import { describe, expect, it } from 'vitest';
import { isDangerousEntry, parseJson, scanDangerousKeys } from '../safe-json.js';

describe('parseJson', () => {
  it('keeps constructor and prototype keys that hold ordinary values', () => {
    const text = '{"id":"cus_1","constructor":"Acme","prototype":{"a":1},"nested":{"constructor":{"name":"x"}}}';
    const result = parseJson(text, 'error');
    expect(result).toEqual({ ok: true, removed: [], value: JSON.parse(text) });
  });

  it('refuses __proto__ with its pointer when the action is error', () => {
    const result = parseJson('{"a":[{"b":{"__proto__":{"polluted":true}}}]}', 'error');
    expect(result).toMatchObject({
      ok: false,
      reason: 'dangerous_key',
      key: { pointer: '/a/0/b/__proto__', key: '__proto__' },
    });
    expect(result.ok === false && result.message).toContain('/a/0/b/__proto__');
  });

  it('refuses constructor.prototype, also spelled with unicode escapes', () => {
    const result = parseJson('{"x":{"\\u0063onstructor":{"prototype":{"polluted":true}}}}', 'error');
    expect(result).toMatchObject({
      ok: false,
      reason: 'dangerous_key',
      key: { pointer: '/x/constructor', key: 'constructor' },
    });
  });

  it('removes dangerous keys and lists them when the action is remove', () => {
    const result = parseJson('{"__proto__":{"p":1},"keep":1,"c":{"constructor":{"prototype":{}}, "k":2}}', 'remove');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toEqual({ keep: 1, c: { k: 2 } });
    expect(result.removed.map((key) => key.pointer)).toEqual(['/__proto__', '/c/constructor']);
    expect(({} as Record<string, unknown>)['p']).toBeUndefined();
  });

  it('reports a syntax error instead of throwing', () => {
    expect(parseJson('{"a":', 'error')).toMatchObject({ ok: false, reason: 'syntax' });
  });

  it('scans 100,000 levels of nesting without overflowing the stack', () => {
    const depth = 100_000;
    const text = `${'{"a":'.repeat(depth)}{"__proto__":{}}${'}'.repeat(depth)}`;
    const result = parseJson(text, 'remove');
    expect(result.ok && result.removed.length).toBe(1);
  });

  it('escapes pointer tokens (RFC 6901)', () => {
    expect(scanDangerousKeys({ 'a/b': { '~': JSON.parse('{"__proto__":1}') } })).toEqual([
      { pointer: '/a~1b/~0/__proto__', key: '__proto__' },
    ]);
  });
});

// Differential: the same decisions as secure-json-parse on random JSON sprinkled with the keys.
const key = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'a', 'b'), fc.string({ maxLength: 4 }));
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 1 }),
    tie('object'),
    fc.array(tie('value'), { maxLength: 3 }),
  ),
  object: fc.array(fc.tuple(key, tie('value')), { maxLength: 4 }),
})).value;

function render(value: unknown): string {
  // Builds the text by hand: object literals cannot hold an own "__proto__" key.
  if (
    Array.isArray(value) &&
    value.every((entry) => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string')
  ) {
    return `{${value.map(([k, v]) => `${JSON.stringify(k)}:${render(v)}`).join(',')}}`;
  }
  if (Array.isArray(value)) return `[${value.map(render).join(',')}]`;
  return JSON.stringify(value) ?? 'null';
}

describe('parseJson agrees with secure-json-parse', () => {
  it('error action: refuses exactly what secure-json-parse refuses', () => {
    fc.assert(
      fc.property(json, (value) => {
        const text = render(value);
        let theirs: 'ok' | 'refused' = 'ok';
        try {
          sjson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
        } catch {
          theirs = 'refused';
        }
        expect(parseJson(text, 'error').ok ? 'ok' : 'refused').toBe(theirs);
      }),
      { numRuns: 500 },
    );
  });

  it('remove action: the same value as secure-json-parse', () => {
    fc.assert(
      fc.property(json, (value) => {
        const text = render(value);
        const ours = parseJson(text, 'remove');
        expect(ours.ok).toBe(true);
        if (ours.ok)
          expect(ours.value).toEqual(
            sjson.parse(text, undefined, { protoAction: 'remove', constructorAction: 'remove' }),
          );
      }),
      { numRuns: 500 },
    );
  });
});

describe('isDangerousEntry', () => {
  it('is true for __proto__ and for constructor holding a prototype key, false for ordinary constructor/prototype data', () => {
    expect(isDangerousEntry('__proto__', 1)).toBe(true);
    expect(isDangerousEntry('__proto__', { a: 1 })).toBe(true);
    expect(isDangerousEntry('constructor', { prototype: {} })).toBe(true);
    expect(isDangerousEntry('constructor', JSON.parse('{"prototype": null}'))).toBe(true);
    expect(isDangerousEntry('constructor', 'Acme')).toBe(false);
    expect(isDangerousEntry('constructor', { name: 'x' })).toBe(false);
    expect(isDangerousEntry('constructor', null)).toBe(false);
    expect(isDangerousEntry('prototype', { polluted: true })).toBe(false);
  });
});
