/** Same config + seed + now -> byte-identical output; another seed -> different generated parts; any seed -> schema-valid. */
import { faker as globalFaker } from '@faker-js/faker';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@commerce-kit/internal/manual-clock';
import { ThemeConfigConfigurationError, ThemeConfigError } from '../../src/errors.js';
import { generateMockData } from '../../src/mock/index.js';
import { mockDataChunks } from '../../src/mock/write.js';
import { resolveOptions } from '../../src/mock/options.js';
import type { ThemeConfig } from '../../src/types.js';
import { EStoreLanguage } from '../../src/generated/spec/enums.js';
import { MOCK_DATA_SCHEMA } from '../../src/mock/index.js';
import { COMPLETE_THEME, loadValid, MOCK_SCHEMA_FILE, NOW, schemaErrors } from './helpers.js';

const text = (config: ThemeConfig, seed: number, now: string | number = NOW): string =>
  JSON.stringify(generateMockData(config, { seed, clock: now }));

describe('determinism', () => {
  let complete: ThemeConfig;
  beforeAll(async () => {
    complete = await loadValid(COMPLETE_THEME);
  });

  it('gives byte-identical output for the same config, seed and now', () => {
    for (const config of [{}, complete]) {
      expect(text(config, 123)).toBe(text(config, 123));
    }
  });

  it('changes the generated parts, and only those, with another seed', () => {
    const a = generateMockData({}, { seed: 1, clock: NOW });
    const b = generateMockData({}, { seed: 2, clock: NOW });
    expect(a.store.storeName).not.toBe(b.store.storeName);
    expect(JSON.stringify(a.categories)).not.toBe(JSON.stringify(b.categories));
    expect(JSON.stringify(a.articles)).not.toBe(JSON.stringify(b.articles));
    const c = generateMockData(complete, { seed: 1, clock: NOW });
    const d = generateMockData(complete, { seed: 2, clock: NOW });
    expect(c.store).toEqual(d.store); // fully configured
    expect(c.categories[0]).toEqual(d.categories[0]); // configured items
    expect(c.categories[1]!.items).not.toEqual(d.categories[1]!.items); // generated items
  });

  it('keeps seeds apart that differ in sign or beyond 32 bits', () => {
    const seeds = [0, 1, -1, 2 ** 32, 2 ** 32 + 1, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER];
    const outputs = new Set(seeds.map((seed) => text({}, seed)));
    expect(outputs.size).toBe(seeds.length);
  });

  it('does not use or disturb the global faker, and interleaved generations do not interfere', () => {
    globalFaker.seed(99);
    const expectedGlobal = globalFaker.number.int();
    globalFaker.seed(99);
    const first = text({}, 5);
    const second = text(complete, 6);
    expect(globalFaker.number.int()).toBe(expectedGlobal);
    // In reverse order, and with a streaming generation half consumed in between.
    const stream = mockDataChunks({}, { seed: 5, clock: NOW })[Symbol.iterator]();
    stream.next();
    expect(text(complete, 6)).toBe(second);
    let rest = '';
    for (let step = stream.next(); !step.done; step = stream.next()) rest += step.value;
    expect(text({}, 5)).toBe(first);
    expect(rest.length).toBeGreaterThan(0);
  });

  it('streams exactly the JSON of the materialised output (compact and pretty)', () => {
    for (const pretty of [false, true]) {
      for (const config of [{}, complete]) {
        const streamed = [...mockDataChunks(config, { seed: 11, clock: NOW, pretty })].join('');
        expect(streamed).toBe(
          `${JSON.stringify(generateMockData(config, { seed: 11, clock: NOW }), null, pretty ? 2 : 0)}\n`,
        );
      }
    }
  });
});

describe('clock', () => {
  it('a Clock gives the start of its current UTC day (the system clock by default)', () => {
    const clock = new ManualClock('2024-07-15T17:45:12.345Z');
    expect(resolveOptions({ seed: 1, clock }).now).toBe(Date.parse('2024-07-15T00:00:00.000Z'));
    expect(resolveOptions({ seed: 1 }).now % 86_400_000).toBe(0);
    // So two generations on one day agree without an explicit now.
    expect(JSON.stringify(generateMockData({}, { seed: 4 }))).toBe(JSON.stringify(generateMockData({}, { seed: 4 })));
  });

  it('accepts a fixed date: a Date, epoch milliseconds or a date string, used as it is', () => {
    const ms = Date.parse(NOW);
    for (const now of [new Date(ms), ms, NOW]) expect(resolveOptions({ seed: 1, clock: now }).now).toBe(ms);
    expect(
      text({ blog: [{ title: 't', metaDescription: 'm', content: 'c', createdTime: '2024-01-01', tags: [] }] }, 1, ms),
    ).toContain(`"publishedTime":"${NOW}"`);
  });

  it('rejects a bad seed or clock with the configuration error (a ThemeConfigError)', () => {
    for (const seed of [1.5, Number.NaN, Infinity, 2 ** 60, '1' as unknown as number]) {
      expect(() => generateMockData({}, { seed })).toThrow(ThemeConfigConfigurationError);
    }
    const bad = [
      'tomorrow-ish',
      Number.NaN,
      new Date(Number.NaN),
      { now: () => 1 },
      { now: () => Number.NaN, sleep: async () => undefined },
    ];
    for (const clock of bad) {
      expect(() => generateMockData({}, { seed: 1, clock: clock as never })).toThrow(ThemeConfigConfigurationError);
      expect(() => generateMockData({}, { seed: 1, clock: clock as never })).toThrow(ThemeConfigError);
    }
  });
});

describe('property: any seed gives schema-valid output', () => {
  it('uses the schema the package exports (MOCK_DATA_SCHEMA) and ships (schemas/mock-data.schema.json)', () => {
    expect(MOCK_DATA_SCHEMA).toEqual(MOCK_SCHEMA_FILE);
    expect(MOCK_DATA_SCHEMA).toMatchObject({
      $schema: 'http://json-schema.org/draft-07/schema#',
      required: expect.arrayContaining(['store', 'paginator']),
    });
  });

  let complete: ThemeConfig;
  beforeAll(async () => {
    complete = await loadValid(COMPLETE_THEME);
  });

  it('for the default store, every store language, and the complete example', () => {
    const languages = Object.values(EStoreLanguage);
    fc.assert(
      fc.property(
        fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        fc.constantFrom(...languages),
        fc.integer({ min: 0, max: 2 ** 40 }),
        (seed, language, nowMs) => {
          const now = Date.UTC(2000, 0, 1) + nowMs;
          const withLanguage: ThemeConfig = {
            ...complete,
            store: { ...complete.store!, language },
          };
          for (const config of [
            {},
            withLanguage,
            { categories: [{ title: 'Only', description: 'one', numItems: 3 }] },
          ]) {
            const mock = generateMockData(config, { seed, clock: now });
            const errors = schemaErrors(JSON.parse(JSON.stringify(mock)));
            if (errors.length > 0) throw new Error(`seed ${seed}, ${language}: ${JSON.stringify(errors.slice(0, 3))}`);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
