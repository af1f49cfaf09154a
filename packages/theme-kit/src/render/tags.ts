/**
 * The theme kit's Liquid tags:
 * - `{% editable_region 'home-hero' %}`: the region of that name: its `rawMarkup` rendered as Liquid with
 *   the page's objects, then each block in order;
 * - `{% render_blocks column.blocks %}`: a list of blocks (a grid column's), as a region renders them;
 * - `{% layout 'name' %}` / `{% layout none %}`: the layout the page is placed into (Shopify's meaning,
 *   replacing LiquidJS's Jekyll-style `layout`).
 */
import {
  evalToken,
  Tag,
  TypeGuards,
  type Context,
  type Emitter,
  type Liquid,
  type TagToken,
  type TopLevelToken,
  type ValueToken,
} from 'liquidjs';
import type { BlockDrop } from '../generated/context.js';
import { escapeHtml } from '@commerce-kit/internal/escape-html';
import { stateOf } from './state.js';

const isBlock = (value: unknown): value is BlockDrop =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { type?: unknown }).type === 'string' &&
  typeof (value as { settings?: unknown }).settings === 'object';

function* renderBlock(
  liquid: Liquid,
  block: BlockDrop,
  ctx: Context,
  emitter: Emitter,
): Generator<unknown, void, unknown> {
  const templates = stateOf(ctx).blockTemplate(block.type);
  const child = ctx.spawn();
  (child.bottom() as Record<string, unknown>)['block'] = block;
  yield liquid.renderer.renderTemplates(templates, child, emitter);
}

function required(value: ValueToken | undefined, tag: string, usage: string): ValueToken {
  if (!value) throw new Error(`${tag} needs an argument: ${usage}`);
  return value;
}

/** The literal name of a region tag (`'home-hero'`), or undefined when it is computed. */
export function literalArgument(value: ValueToken): string | undefined {
  return TypeGuards.isQuotedToken(value) ? value.content : undefined;
}

/** `{% editable_region 'name' %}`. */
export class EditableRegionTag extends Tag {
  readonly region: ValueToken;

  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
    super(token, remainTokens, liquid);
    this.region = required(this.tokenizer.readValue(), 'editable_region', "{% editable_region 'home-hero' %}");
  }

  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const name = String((yield evalToken(this.region, ctx)) ?? '');
    const state = stateOf(ctx);
    const region = state.data.regions.get(name);
    emitter.write(`<div class="stk-region" data-stk-region="${escapeHtml(name)}">`);
    if (!region) {
      state.unconfiguredRegions.add(name);
    } else {
      if (region.rawMarkup !== undefined)
        yield this.liquid.renderer.renderTemplates(state.rawMarkup(region), ctx.spawn(), emitter);
      for (const block of region.blocks) yield* renderBlock(this.liquid, block, ctx, emitter);
    }
    emitter.write('</div>');
  }

  *arguments(): Generator<ValueToken> {
    yield this.region;
  }
}

/** `{% render_blocks list %}`. */
export class RenderBlocksTag extends Tag {
  readonly list: ValueToken;

  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
    super(token, remainTokens, liquid);
    this.list = required(this.tokenizer.readValue(), 'render_blocks', '{% render_blocks column.blocks %}');
  }

  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const list = yield evalToken(this.list, ctx);
    for (const block of Array.isArray(list) ? list : [list]) {
      if (isBlock(block)) yield* renderBlock(this.liquid, block, ctx, emitter);
    }
  }

  *arguments(): Generator<ValueToken> {
    yield this.list;
  }
}

/** `{% layout 'name' %}` / `{% layout none %}`. */
export class LayoutTag extends Tag {
  readonly layout: ValueToken;

  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
    super(token, remainTokens, liquid);
    this.layout = required(this.tokenizer.readValue(), 'layout', "{% layout 'theme' %} or {% layout none %}");
  }

  *render(ctx: Context): Generator<unknown, void, unknown> {
    const state = stateOf(ctx);
    if (this.layout.getText() === 'none') {
      state.layout = null;
      return;
    }
    const name = yield evalToken(this.layout, ctx);
    state.layout = name === null || name === undefined || name === false ? null : String(name);
  }

  *arguments(): Generator<ValueToken> {
    if (this.layout.getText() !== 'none') yield this.layout;
  }
}
