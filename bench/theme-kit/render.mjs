// Rendering a page with @commerce-kit/theme-kit against the floor: LiquidJS (the same copy and version the
// package uses) rendering the same templates from a plain object, measured in the same run, interleaved.
//
// Two pages, both of themes written by `theme-kit init` into a temp directory:
//   - the starter home page `/` (layout + templates/index.liquid + header/footer/cookie-banner snippets and
//     the editable region "home" with all 18 built-in block types);
//   - a category page with BENCH_PRODUCTS (default 1,000) products: the starter with one more category of
//     that many generated products; templates/category.liquid renders every item through the
//     product-card snippet (one `money` filter each). This page has no editable region: its ratio is the
//     main one.
//
// What "ours" is: `theme.render(url)` of `openTheme(...)`: route resolution, the page's context objects,
// the template, the theme kit's tags, then the layout with `content_for_layout`. Files are parsed once
// and cached by the renderer, as in the dev server.
//
// What the floor is: a `new Liquid({ templates })` (LiquidJS's in-memory file system, `cache: true`) with
// the same engine options that change output (strictFilters, ownPropertyOnly, timezoneOffset 0), the
// store filters registered from the very functions the theme kit uses (read off `theme.renderer.liquid`,
// so the floor does the same `money` formatting), the page's template and layout parsed once outside the
// loop, and the context our renderer passes (`(await theme.render(url)).context`, JSON round-tripped
// into plain data) as globals: render the template, then the layout with `content_for_layout`.
// LiquidJS cannot render `editable_region` (a theme kit tag), so the starter page has two floors:
//   - "floor, blocks by LiquidJS": a ~20-line `editable_region`/`render_blocks` tag that renders the
//     region's blocks (JSON data from `theme.data.regions`) with the package's own block templates
//     (dist/blocks/*.liquid, stk-block snippet), parsed once. Same work, minus our render state,
//     template lookup and error mapping: the like-for-like floor.
//   - "floor, region pasted": the tag writes the region's already-rendered HTML string (a lower bound:
//     the floor then skips the 18 block renders).
// Every floor's HTML is checked to be byte-identical to ours before anything is timed.
//
// Build first: `npx nx run @commerce-kit/theme-kit:build`. Env: BENCH_ROUNDS (measured rounds, default
// 200), BENCH_WARMUP (rounds not counted, default 30), BENCH_PRODUCTS (default 1000),
// BENCH_THEME_KIT_DIST (another build of the package, default packages/theme-kit/dist).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PKG, DIST } from './paths.mjs';
import { quantile } from '../lib/stats.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 30);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1000);
const GOAL = 1.3;
const CLOCK = '2024-07-01T00:00:00Z';

// LiquidJS as the package resolves it (the same copy its dist imports).
const requireFromPkg = createRequire(path.join(PKG, 'package.json'));
const liquidjsEntry = requireFromPkg.resolve('liquidjs');
const { Liquid, Tag, evalToken } = await import(pathToFileURL(liquidjsEntry).href);
/** A tag with one argument, read into `value` (the floor's stand-ins for the theme kit's tags). */
class ValueTag extends Tag {
  constructor(token, remain, engine) {
    super(token, remain, engine);
    this.value = this.tokenizer.readValue();
  }
}
const liquidjsVersion = requireFromPkg('liquidjs/package.json').version;
const { openTheme } = await import(pathToFileURL(path.join(DIST, 'index.js')).href);

const plain = (value) => JSON.parse(JSON.stringify(value));
const readDir = (dir) =>
  Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith('.liquid'))
      .map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]),
  );

/**
 * The floor engine of a theme directory: snippets (the theme's, then the built-in stk-block) in LiquidJS's
 * in-memory `templates`, the store filters copied from our engine, and an `editable_region` tag: `blocks`
 * renders the region's blocks with the built-in block templates, `pasted` writes pre-rendered HTML.
 */
function floorEngine(theme, dir, region) {
  const templates = { ...readDir(path.join(DIST, 'blocks/snippets')), ...readDir(path.join(dir, 'snippets')) };
  const liquid = new Liquid({
    templates,
    extname: '.liquid',
    cache: true,
    strictFilters: true,
    ownPropertyOnly: true,
    timezoneOffset: 0,
  });
  const standard = new Set(Object.keys(liquid.filters));
  const storeFilters = Object.entries(theme.renderer.liquid.filters).filter(([name]) => !standard.has(name));
  for (const [name, filter] of storeFilters) liquid.registerFilter(name, filter);

  if (region?.kind === 'blocks') {
    const blockTemplates = new Map();
    const blockTemplate = (type) => {
      if (!blockTemplates.has(type))
        blockTemplates.set(type, liquid.parse(readFileSync(path.join(DIST, 'blocks', `${type}.liquid`), 'utf8')));
      return blockTemplates.get(type);
    };
    const regions = new Map(
      [...theme.data.regions].map(([name, r]) => [
        name,
        { rawMarkup: r.rawMarkup === undefined ? undefined : liquid.parse(r.rawMarkup), blocks: plain(r.blocks) },
      ]),
    );
    function* renderBlock(engine, block, ctx, emitter) {
      yield engine.renderer.renderTemplates(blockTemplate(block.type), ctx.spawn({ block }), emitter);
    }
    liquid.registerTag(
      'editable_region',
      class extends ValueTag {
        *render(ctx, emitter) {
          const name = String(yield evalToken(this.value, ctx));
          const r = regions.get(name);
          emitter.write(`<div class="stk-region" data-stk-region="${name}">`);
          if (r?.rawMarkup) yield this.liquid.renderer.renderTemplates(r.rawMarkup, ctx.spawn(), emitter);
          for (const block of r?.blocks ?? []) yield* renderBlock(this.liquid, block, ctx, emitter);
          emitter.write('</div>');
        }
      },
    );
    liquid.registerTag(
      'render_blocks',
      class extends ValueTag {
        *render(ctx, emitter) {
          const list = yield evalToken(this.value, ctx);
          for (const block of Array.isArray(list) ? list : [list])
            if (block?.type) yield* renderBlock(this.liquid, block, ctx, emitter);
        }
      },
    );
  } else if (region?.kind === 'pasted') {
    liquid.registerTag(
      'editable_region',
      class extends ValueTag {
        *render(ctx, emitter) {
          emitter.write(region.html.get(String(yield evalToken(this.value, ctx))) ?? '');
        }
      },
    );
  }
  return { liquid, storeFilters: storeFilters.map(([name]) => name) };
}

/** A floor renderer of one page: template and layout parsed once; the context as plain data. */
function floorPage(engine, dir, template, context) {
  const page = engine.parse(readFileSync(path.join(dir, 'templates', `${template}.liquid`), 'utf8'));
  const layout = engine.parse(readFileSync(path.join(dir, 'layout/theme.liquid'), 'utf8'));
  // LiquidJS's synchronous renderer, as theme-kit's renderer uses it (like for like).
  return async () => {
    const content = engine.renderSync(page, {}, { globals: context });
    return engine.renderSync(layout, {}, { globals: { ...context, content_for_layout: content } });
  };
}

const tmp = mkdtempSync(path.join(tmpdir(), 'theme-kit-render-bench-'));
try {
  const cli = path.join(DIST, 'cli.js');
  const starterDir = path.join(tmp, 'starter');
  const bigDir = path.join(tmp, 'big');
  for (const dir of [starterDir, bigDir]) execFileSync(process.execPath, [cli, 'init', dir], { stdio: 'ignore' });
  const categoriesFile = path.join(bigDir, 'categories.stk.config.json');
  const categories = JSON.parse(readFileSync(categoriesFile, 'utf8'));
  categories.push({
    title: 'Everything',
    description: `Every product of the store, ${PRODUCTS} of them.`,
    numItems: PRODUCTS,
  });
  writeFileSync(categoriesFile, `${JSON.stringify(categories, null, 2)}\n`);

  const starter = await openTheme({ theme: starterDir, clock: CLOCK });
  const big = await openTheme({ theme: bigDir, clock: CLOCK });
  const bigUrl = '/categories/everything';

  const home = await starter.render('/');
  const category = await big.render(bigUrl);
  if (home.status !== 200 || category.status !== 200)
    throw new Error(`render failed: / ${home.status}, ${bigUrl} ${category.status}`);
  const items = category.context.category.items.length;
  if (items !== PRODUCTS) throw new Error(`the category page has ${items} items, expected ${PRODUCTS}`);

  // The floors, checked byte for byte against our output before anything is timed.
  const homeContext = plain(home.context);
  const categoryContext = plain(category.context);
  const blocksEngine = floorEngine(starter, starterDir, { kind: 'blocks' });
  const floorHomeBlocks = floorPage(blocksEngine.liquid, starterDir, home.template, homeContext);
  // The region's HTML, rendered once by the blocks floor, for the pasted floor.
  const regionHtml = new Map();
  for (const name of starter.data.regions.keys()) {
    regionHtml.set(
      name,
      blocksEngine.liquid.parseAndRenderSync(`{% editable_region '${name}' %}`, {}, { globals: homeContext }),
    );
  }
  const floorHomePasted = floorPage(
    floorEngine(starter, starterDir, { kind: 'pasted', html: regionHtml }).liquid,
    starterDir,
    home.template,
    homeContext,
  );
  const floorCategory = floorPage(floorEngine(big, bigDir).liquid, bigDir, category.template, categoryContext);
  for (const [name, floor, ours] of [
    ['starter, blocks by LiquidJS', floorHomeBlocks, home.html],
    ['starter, region pasted', floorHomePasted, home.html],
    ['category', floorCategory, category.html],
  ]) {
    const html = await floor();
    if (html !== ours) {
      const at = [...html].findIndex((c, i) => c !== ours[i]);
      throw new Error(
        `floor (${name}) renders other HTML than ours, from offset ${at}:\n  ours:  ${JSON.stringify(ours.slice(at - 40, at + 80))}\n  floor: ${JSON.stringify(html.slice(at - 40, at + 80))}`,
      );
    }
  }

  const tasks = [
    { page: 'starter /', name: 'theme-kit (theme.render)', run: () => starter.render('/') },
    { page: 'starter /', name: 'floor: LiquidJS, blocks by LiquidJS', run: floorHomeBlocks, floor: true },
    { page: 'starter /', name: 'floor: LiquidJS, region pasted', run: floorHomePasted },
    { page: `category, ${PRODUCTS} products`, name: 'theme-kit (theme.render)', run: () => big.render(bigUrl) },
    { page: `category, ${PRODUCTS} products`, name: 'floor: LiquidJS', run: floorCategory, floor: true },
  ];
  const times = tasks.map(() => []);
  // Interleaved: one call of each task per round, so a busy moment of the shared machine (or a GC of
  // another task's garbage) falls on all of them alike. The first rounds warm up and are not counted.
  for (let round = -WARMUP; round < ROUNDS; round++) {
    for (const [i, task] of tasks.entries()) {
      const started = performance.now();
      await task.run();
      const ms = performance.now() - started;
      if (round >= 0) times[i].push(ms);
    }
  }
  const stats = times.map((list) => {
    list.sort((a, b) => a - b);
    return { p50: quantile(list, 0.5), p95: quantile(list, 0.95) };
  });
  const floorOf = (page) => stats[tasks.findIndex((t) => t.page === page && t.floor)];
  const rows = tasks.map((task, i) => {
    const floor = floorOf(task.page);
    return {
      page: task.page,
      renderer: task.name,
      'p50 ms': stats[i].p50.toFixed(3),
      'p95 ms': stats[i].p95.toFixed(3),
      'x floor p50': `${(stats[i].p50 / floor.p50).toFixed(2)}x`,
      'x floor p95': `${(stats[i].p95 / floor.p95).toFixed(2)}x`,
    };
  });

  console.log(
    `\n@commerce-kit/theme-kit render vs LiquidJS ${liquidjsVersion} (the floor), ${ROUNDS} interleaved rounds after ${WARMUP} warm-up, Node ${process.version}, ` +
      `${availableParallelism()} CPUs, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}, ${new Date().toISOString()}`,
  );
  console.log(
    `HTML: starter / ${(home.html.length / 1024).toFixed(1)} KiB (region "home": ${starter.data.regions.get('home')?.blocks.length ?? 0} blocks), ` +
      `category ${(category.html.length / 1024).toFixed(1)} KiB; every floor's HTML is byte-identical to ours; floor filters from ours: ${blocksEngine.storeFilters.join(', ')}\n`,
  );
  console.table(rows);
  const ratioOf = (page) => {
    const ours = stats[tasks.findIndex((t) => t.page === page && !t.floor)];
    return ours.p50 / floorOf(page).p50;
  };
  const main = ratioOf(tasks[3].page);
  const pasted = stats[0].p50 / stats[2].p50;
  console.log(
    `ratio (ours / floor, p50): category page ${main.toFixed(2)}x (goal <= ${GOAL}x: ${main <= GOAL ? 'met' : 'missed'})`,
  );
  console.log(
    `                           starter page ${ratioOf(tasks[0].page).toFixed(2)}x against LiquidJS rendering the blocks too, ${pasted.toFixed(2)}x against the region pasted as HTML (that floor skips the 18 block renders)`,
  );
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
