/**
 * What the theme kit's tags need during one render, kept on the render's globals under a symbol:
 * templates cannot reach it (Liquid reads string keys only), and LiquidJS passes globals to every
 * snippet, region and block it renders.
 */
import type { Context, Template } from 'liquidjs';
import type { RegionData, ThemeData } from '../context/build.js';

/** The per-render state of the tags. */
export interface RenderState {
  /** The store being rendered. */
  readonly data: ThemeData;
  /** The parsed `rawMarkup` of a region (cached by source; errors point into the JSON file). */
  rawMarkup(region: RegionData): Template[];
  /** The parsed template of a block type: the theme's `blocks/<type>.liquid`, else the built-in one. */
  blockTemplate(type: string): Template[];
  /** The layout to place the page into: set by `{% layout 'name' %}`, `null` after `{% layout none %}`. */
  layout: string | null;
  /** Region tags whose name has no config entry (rendered empty). */
  readonly unconfiguredRegions: Set<string>;
}

const STATE: unique symbol = Symbol('theme-kit render state');

/** The globals of a render: the template objects, with the state attached out of the templates' reach. */
export function withState<T extends object>(objects: T, state: RenderState): T {
  const globals = { ...objects };
  Object.defineProperty(globals, STATE, { value: state, enumerable: false });
  return globals;
}

/** The state of the render `ctx` belongs to. */
export function stateOf(ctx: Context): RenderState {
  const state = (ctx.globals as { [STATE]?: RenderState })[STATE];
  if (!state) throw new Error('this tag works only in pages rendered by the theme kit');
  return state;
}
