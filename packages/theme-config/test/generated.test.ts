import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { generate, OUT_DIR } from '../../../tools/theme-config/generate.mjs';
import type { Schema } from '../../../tools/theme-config/postprocess.mjs';
import { THEME_FILES as TOOL_FILES } from '../../../tools/theme-config/files.mjs';
import { RECOMMENDED_CONSTRAINTS } from '../src/generated/recommended.js';
import { THEME_FILES } from '../src/index.js';
import { SCHEMAS } from '../src/schema/schemas.js';
import { PACKAGE_ROOT, REPO_ROOT } from './helpers.js';

const REQUIRE_CALL = /\brequire\s*\(/;

describe('generated output', () => {
  let files: Map<string, string | Buffer>;
  beforeAll(async () => {
    files = await generate();
  }, 120_000);

  it('is committed and up to date (byte-identical on regeneration)', () => {
    const ours = [...files.keys()];
    expect(ours.length).toBeGreaterThanOrEqual(7 + 2);
    for (const rel of ours) {
      const onDisk = readFileSync(path.join(REPO_ROOT, rel));
      expect(onDisk.equals(Buffer.from(files.get(rel) as string)), `${rel} is stale: run npm run generate`).toBe(true);
    }
    for (const rel of files.keys()) expect(rel.startsWith(`${OUT_DIR}/`)).toBe(true);
  });

  it('is deterministic: the files this run writes are the ones an earlier run committed, no more', () => {
    // The byte comparison above is the determinism check (the committed files come from another run);
    // a second generation here cost 6 s of CPU and proved nothing more.
    const committed = readdirSync(path.join(REPO_ROOT, OUT_DIR), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(REPO_ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .sort();
    expect([...files.keys()].sort()).toEqual(committed);
  });

  it('uses LF line endings and no timestamps', () => {
    for (const [rel, contents] of files) {
      const text = String(contents);
      expect(text.includes('\r\n'), rel).toBe(false);
      expect(/20\d\d-\d\d-\d\dT\d\d:\d\d/.test(text) && !rel.endsWith('.ts'), rel).toBe(false);
    }
  });

  it('the precompiled validators contain no require() (ajv runtime and ajv-formats are inlined) and no eval', () => {
    const validators = String(files.get(`${OUT_DIR}/validators.js`));
    expect(REQUIRE_CALL.test(validators)).toBe(false);
    expect(/\bnew Function\b|\beval\(/.test(validators)).toBe(false);
  });
});

describe('the ESM build', () => {
  it('has no require() call (bundling src/index.ts as tsup does)', async () => {
    const result = await build({
      entryPoints: [path.join(PACKAGE_ROOT, 'src/index.ts')],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      packages: 'external',
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]?.text ?? '';
    expect(code.length).toBeGreaterThan(1000);
    expect(REQUIRE_CALL.test(code)).toBe(false);
  }, 60_000);

  it('dist/index.js (when built) has no require() call', (ctx) => {
    // Read once, when the test runs: nx may be rebuilding (and emptying) dist/ at the same time.
    let built: string;
    try {
      built = readFileSync(path.join(PACKAGE_ROOT, 'dist/index.js'), 'utf8');
    } catch {
      ctx.skip();
      return;
    }
    expect(REQUIRE_CALL.test(built)).toBe(false);
  });
});

describe('published schemas', () => {
  it('the codegen and the package agree on the seven files', () => {
    expect(TOOL_FILES.map((f) => [f.kind, f.fileName, f.shape, f.schemaFile])).toEqual(
      THEME_FILES.map((f) => [f.kind, f.fileName, f.shape, f.schemaFile]),
    );
  });

  it.each(THEME_FILES.map((f) => [f.kind, f] as const))(
    '%s: draft-07, $id, title, description, $schema allowed on object roots',
    (kind, info) => {
      const schema = SCHEMAS[kind] as Schema;
      expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
      expect(schema.$id).toBe(`https://unpkg.com/@commerce-kit/theme-config/dist/schemas/${info.schemaFile}`);
      expect(schema.title).toBe(info.fileName);
      expect(typeof schema.description).toBe('string');
      expect(schema.type).toBe(info.shape);
      if (info.shape === 'object') {
        expect(schema.properties?.['$schema']).toEqual({ type: 'string', description: expect.any(String) });
        expect(schema.required ?? []).not.toContain('$schema');
        expect(schema.additionalProperties).toBe(false);
      }
      expect(JSON.stringify(schema)).not.toContain('requiredAnyOf');
    },
  );

  it('the block union is oneOf + discriminator on `type` over the 18 block types', () => {
    const defs = (SCHEMAS['editable-regions'] as Schema).definitions ?? {};
    expect(defs['IBlockEntry']?.discriminator).toEqual({ propertyName: 'type' });
    expect(defs['IBlockEntry']?.oneOf).toHaveLength(18);
    expect(defs['IBlockEntry']).not.toHaveProperty('anyOf');
    expect(JSON.stringify(defs)).not.toMatch(/%3C|FlexibleProps|Partial</);
  });

  it("has the constraints of the platform's documentation, and the recommended ones, as schema keywords", () => {
    const defs = (SCHEMAS['editable-regions'] as Schema).definitions ?? {};
    const text = defs['ITextBlockSettings']?.properties ?? {};
    expect(text['background_color']?.['pattern']).toMatch(/^\^#/);
    expect(text['width']).toMatchObject({ type: 'number', minimum: 0, maximum: 100 });
    expect(text['overlay_opacity']).toMatchObject({ minimum: 0, maximum: 100 });
    expect(defs['EBlockHeight']).toMatchObject({ type: 'number', enum: [0, 1, 2, 3, 4] });
    expect(defs['ISocialLinksBlockProps']?.properties?.['social_link_size']).toMatchObject({
      type: 'number',
      enum: [1, 2, 3, 4],
    });
    expect(defs['IGridColumn']?.properties?.['name']?.['pattern']).toBe('^column_[1-9][0-9]*$');
    expect(defs['ISocialFeedBlockSettings']?.properties?.['count']).toMatchObject({
      type: 'number',
      minimum: 1,
      maximum: 20,
      multipleOf: 1,
    });
    const blog = (SCHEMAS.blog as Schema).definitions?.['IArticleConfig']?.properties ?? {};
    expect(blog['createdTime']?.['format']).toBe('date-like');
    const store = (SCHEMAS.store as Schema).properties ?? {};
    expect(store['instagramUrl']?.['format']).toBe('uri');
    expect(store['dribbbleUrl']).toMatchObject({ type: ['string', 'boolean'], format: 'uri' });
    expect(store['logo']?.['format']).toBe('uri-reference');
    // Recommended constraints say so in their description (editors show it on hover).
    expect(store['currencyCode']?.description).toContain("Recommended, not stated by the platform's documentation");
    expect(text['width']?.description).toMatch(/Recommended.*minimum 0, maximum 100/);
    expect(defs['IGridColumn']?.properties?.['name']?.description ?? '').not.toContain('Recommended');
    expect(JSON.stringify(SCHEMAS)).not.toContain('"guessed"');
  });

  it('lists the recommended constraints: @guessed in the spec, and closed objects', () => {
    expect(RECOMMENDED_CONSTRAINTS).toEqual([
      { keyword: 'additionalProperties', value: false },
      { keyword: 'format', value: 'uri' },
      { keyword: 'format', value: 'uri-reference' },
      { keyword: 'maximum', value: 100 },
      { keyword: 'maximum', value: 20 },
      { keyword: 'minimum', value: 0 },
      { keyword: 'minimum', value: 1 },
      { keyword: 'multipleOf', value: 1 },
      { keyword: 'pattern', value: '^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$' },
      { keyword: 'pattern', value: '^[A-Z]{3}$' },
    ]);
  });
});

describe('the published schemas and the precompiled validators agree', () => {
  it('on every example file, compiled at run time by ajv (also checking they are valid draft-07)', async () => {
    const { default: Ajv } = await import('ajv');
    const { default: addFormats } = await import('ajv-formats');
    const { VALIDATORS } = await import('../src/schema/schemas.js');
    const { readdirSync } = await import('node:fs');
    const { EXAMPLES, themeDirs } = await import('./helpers.js');
    const ajv = new Ajv({
      allErrors: true,
      discriminator: true,
      strict: true,
      strictTypes: false,
      strictRequired: false,
      validateSchema: true,
    });
    addFormats(ajv, ['uri', 'uri-reference']);
    ajv.addFormat('date-like', (value: string) => !Number.isNaN(Date.parse(value)));
    const compiled = new Map(
      THEME_FILES.map((f) => [f.fileName, { kind: f.kind, validate: ajv.compile(SCHEMAS[f.kind]) }]),
    );
    let checked = 0;
    for (const dir of themeDirs(EXAMPLES)) {
      for (const name of readdirSync(dir)) {
        const entry = compiled.get(name);
        if (!entry) continue;
        let value: unknown;
        try {
          value = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
        } catch {
          continue; // not JSON (syntax, encoding, empty, directory): no schema verdict to compare
        }
        expect(VALIDATORS[entry.kind](value), `${dir}/${name}`).toBe(entry.validate(value));
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(25);
  });
});
