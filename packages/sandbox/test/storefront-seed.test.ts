// Seeding from a theme's config files (`configDir`, by default the `theme` directory): the API's products,
// categories and blog posts are the theme's mock store, a reset goes back to them (a reopened data file
// too), the storefront's block links reach real pages; a config that cannot seed is refused before a data
// file is made.
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { SandboxConfigurationError, SandboxStartError, startSandbox, type Sandbox } from '../src/index.js';
import { starterThemes } from './support/starter-theme.js';
import { api, start } from './support/start.js';
import { runInProcess } from './support/run-bin.js';

const tempDir = (): string => testTempDir('sandbox-theme-seed-');

/** The theme kit's starter theme (`theme-kit init`): categories Trail gear (8 generated items), Camp kitchen (6), Coffee (3 configured). */
const starterTheme = starterThemes('sandbox-theme-seed-');

interface Listed {
  readonly data: Array<Record<string, unknown> & { id: string; title: string }>;
}

async function all(sandbox: Sandbox, kind: string): Promise<Listed['data']> {
  const response = await api(sandbox, `/${kind}?limit=100`);
  expect(response.status).toBe(200);
  return ((await response.json()) as Listed).data;
}

describe('configDir: the catalogue of a theme', () => {
  it("the API's categories, products and blog posts are the theme's, in order, configured values kept", async () => {
    const sandbox = await start({ configDir: starterTheme() });
    const categories = await all(sandbox, 'categories');
    expect(categories.map((c) => c.title)).toEqual(['Trail gear', 'Camp kitchen', 'Coffee']);
    expect(categories.map((c) => (c['product_ids'] as string[]).length)).toEqual([8, 6, 3]);
    const products = await all(sandbox, 'products');
    expect(products).toHaveLength(17);
    const byId = new Map(products.map((p) => [p.id, p]));
    const coffee = (categories[2]!['product_ids'] as string[]).map((id) => byId.get(id));
    expect(coffee.map((p) => [p?.title, p?.price, p?.sku, p?.quantity, p?.currency])).toEqual([
      ['Harbor Blend', 16, 'NW-COF-001', 40, 'USD'],
      ['Summit Espresso', 18.5, 'NW-COF-002', 12, 'USD'],
      ['Decaf Drift', 15, 'NW-COF-003', 0, 'USD'],
    ]);
    const posts = await all(sandbox, 'blog_posts');
    expect(posts.map((p) => p.title).sort()).toEqual([
      'Camp kitchen basics',
      'Our new roastery opens',
      'Packing for a three-day hike',
    ]);
    expect(posts.find((p) => p.title === 'Our new roastery opens')).toMatchObject({
      published_time: expect.stringMatching(/Z$/) as string,
    });
  });

  it('the same seed gives the same catalogue; the default store without a configDir', async () => {
    const theme = starterTheme();
    const a = await all(await start({ configDir: theme, seed: 5 }), 'products');
    const b = await all(await start({ configDir: theme, seed: 5 }), 'products');
    expect(b).toEqual(a);
    const plain = await all(await start({ seed: 5 }), 'products');
    expect(plain.map((p) => p.title)).not.toContain('Harbor Blend');
  });

  it('with a theme, its config seeds the store: the links of its blocks reach pages', async () => {
    const sandbox = await start({ theme: starterTheme(), storefrontPort: 0 });
    expect((await all(sandbox, 'products')).map((p) => p.title)).toContain('Harbor Blend');
    const home = await (await fetch(`${sandbox.storefrontUrl}/`)).text();
    const links = [...new Set([...home.matchAll(/href="(\/(?:products|categories)\/[^"?#]+)"/g)].map((m) => m[1]!))];
    expect(links).toContain('/products/summit-espresso'); // named by title in the starter's config
    for (const link of links) expect((await fetch(`${sandbox.storefrontUrl}${link}`)).status, link).toBe(200);
  });

  it("a reset goes back to the theme's catalogue, also on a data file opened again", async () => {
    const theme = starterTheme();
    const data = path.join(tempDir(), 'sandbox.db');
    const first = await startSandbox({ port: 0, customers: 3, configDir: theme, data });
    const coffee = (await all(first, 'products')).find((p) => p.title === 'Decaf Drift')!;
    await first.close();
    // A later start on the same file: the store is kept; its reset seeds the theme's catalogue again.
    const again = await start({ customers: 3, configDir: theme, data });
    expect((await api(again, `/products/${coffee.id}`, { method: 'DELETE' })).status).toBe(204);
    await again.reset();
    const back = (await all(again, 'products')).find((p) => p.id === coffee.id);
    expect(back).toMatchObject({ title: 'Decaf Drift', quantity: 0 });
  });

  it('a config that cannot seed is a SandboxStartError naming the file, before a data file is made', async () => {
    const theme = starterTheme();
    writeFileSync(path.join(theme, 'categories.stk.config.json'), '[{ "title": "Tea", "numItems": "many" }]\n');
    const data = path.join(tempDir(), 'never.db');
    const error = await startSandbox({ port: 0, configDir: theme, data }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SandboxStartError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^the theme config in ${theme.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} cannot seed the store: .*categories\\.stk\\.config\\.json:1:`,
      ),
    );
    expect(existsSync(data)).toBe(false);
  });

  it('configDir must be a directory: a SandboxConfigurationError naming it; --configDir on the command line, exit 2', async () => {
    const missing = path.join(tempDir(), 'nope');
    const error = await startSandbox({ configDir: missing }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SandboxConfigurationError);
    expect((error as Error).message).toBe(
      `\`configDir\` must be a directory of theme config files: ${JSON.stringify(missing)} does not exist`,
    );
    const run = await runInProcess(['--configDir', missing]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      `commerce-sandbox: --configDir must be a directory of theme config files: ${JSON.stringify(missing)} does not exist\nRun \`npm run sandbox -- --help\` for the options.\n`,
    );
  });
});
