// Random valid config files, generated from the published JSON Schemas (json-schema-faker, seeded by
// fast-check), served by the dev server with the starter theme's templates: no page answers a server error.
import fc from 'fast-check';
import { generateSync } from 'json-schema-faker';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { THEME_FILES, validateConfig, type ConfigKind } from '@commerce-kit/theme-config';
import { describe, expect, it } from 'vitest';
import { startDevServer } from '../src/index.js';
import { makeTheme, starterSpec } from './support/theme.js';

const require = createRequire(import.meta.url);
/** The JSON Schema of a config file as the package publishes it (`@commerce-kit/theme-config/schemas/*`). */
function publishedSchema(kind: ConfigKind): unknown {
  const file = THEME_FILES.find((f) => f.kind === kind)?.schemaFile;
  return JSON.parse(readFileSync(require.resolve(`@commerce-kit/theme-config/schemas/${file}`), 'utf8'));
}

const DAY_MS = 86_400_000;
const formats = {
  'date-like': (random: { int(min: number, max: number): number }) =>
    new Date(Date.UTC(2020, 0, 1) + random.int(0, 2000) * DAY_MS).toISOString(),
};

/**
 * What the schemas cannot say: how big a generated store may be (they bound none of these, and a million
 * products or pages is a valid config that only makes the test slow; the benchmarks measure big stores),
 * and that `page.template` names one of the theme's templates (else `theme-kit check` reports it).
 */
function fitted(kind: ConfigKind, value: unknown, seed: number): unknown {
  if (kind === 'page' && typeof value === 'object' && value !== null && 'template' in value) {
    return { ...value, template: TEMPLATES[seed % TEMPLATES.length] };
  }
  if (kind === 'categories' && Array.isArray(value)) {
    return value.slice(0, 4).map((c: Record<string, unknown>) => ({
      ...c,
      numItems: Math.min(Math.abs(Number(c['numItems']) || 0), 12),
      ...(Array.isArray(c['items']) ? { items: c['items'].slice(0, 12) } : {}),
    }));
  }
  if (kind === 'pagination' && typeof value === 'object' && value !== null) {
    const numPages = Math.max(1, Math.min(Number((value as Record<string, unknown>)['numPages']) || 1, 20));
    return {
      ...value,
      numPages,
      currentPage: Math.max(1, Math.min(Number((value as Record<string, unknown>)['currentPage']) || 1, numPages)),
    };
  }
  return value;
}

/** A config file's value from its schema, or undefined when the generated value is not valid. */
function generate(kind: ConfigKind, seed: number): unknown {
  const value = fitted(
    kind,
    generateSync(publishedSchema(kind) as never, {
      seed,
      optionalsProbability: 0.5,
      maxItems: 4,
      maxLength: 24,
      maxDepth: 6,
      formats,
    }),
    seed,
  );
  return validateConfig(kind, value).valid ? value : undefined;
}

const LIQUID = Object.fromEntries(Object.entries(starterSpec()).filter(([file]) => !file.endsWith('.stk.config.json')));
const TEMPLATES = Object.keys(LIQUID)
  .filter((file) => file.startsWith('templates/'))
  .map((file) => file.slice('templates/'.length, -'.liquid'.length));

describe('random valid configs render', () => {
  it('every route answers 200 or 404 through the dev server, never a server error', async () => {
    const kinds = THEME_FILES.map((f) => f.kind);
    let rendered = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.subarray(kinds),
        fc.array(fc.integer({ min: 1, max: 2 ** 30 }), { minLength: kinds.length, maxLength: kinds.length }),
        async (present, seeds) => {
          const config: Record<string, unknown> = {};
          for (const kind of present) {
            const value = generate(kind, seeds[kinds.indexOf(kind)] ?? 1);
            fc.pre(value !== undefined);
            config[THEME_FILES.find((f) => f.kind === kind)?.fileName ?? ''] = value;
          }
          const dir = makeTheme({ ...LIQUID, ...(config as Record<string, object>) });
          const server = await startDevServer({ theme: dir, port: 0, clock: '2024-06-01T00:00:00Z' });
          try {
            const data = server.theme.data;
            expect(server.theme.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
            const routes = [
              '/',
              '/blog',
              `/?page=${data?.objects.paginator.numPages ?? 1}`,
              ...server.theme.routes().slice(2, 8),
            ];
            for (const route of routes) {
              const response = await fetch(`${server.url}${route}`);
              const body = await response.text();
              expect(response.status, `${route}: ${body.slice(0, 500)}`).toBeLessThan(500);
            }
            rendered += 1;
          } finally {
            await server.close();
          }
        },
      ),
      { numRuns: 25 },
    );
    expect(rendered).toBe(25);
  }, 120_000);
});
