/**
 * What a parsed template uses, from LiquidJS's syntax tree (never regular expressions over the source):
 * its tags, its filters, its `editable_region` names and the snippets it renders, each with its position
 * and the span of the name.
 */
import { toValueSync, type Template } from 'liquidjs';
import { EditableRegionTag, literalArgument } from '../render/tags.js';
import type { Positions, Span } from './positions.js';

/** A name used at a position of a source. */
export interface Use {
  readonly name: string;
  readonly file: string | undefined;
  /** Where the tag or filter starts (1-based, in its source). */
  readonly line: number;
  readonly column: number;
  /** JSON Pointer of the string the source came from (a region's `rawMarkup`); absent for Liquid files. */
  readonly pointer?: string | undefined;
  /** The span of the name itself in its source (inside the quotes for a snippet or region name). */
  readonly span?: Span | undefined;
}

/** Everything {@link walkTemplates} collects. */
export interface TemplateUses {
  readonly tags: Use[];
  readonly filters: Use[];
  /** `editable_region` tags with a literal name. */
  readonly regions: Use[];
  /** `editable_region` tags whose name is computed (any configured region may be meant). */
  readonly dynamicRegions: Use[];
  /** `render` tags with a literal snippet name. */
  readonly snippets: Use[];
  /**
   * The names each `render` of a literal snippet name defines inside the snippet: its parameters, the
   * `with` / `for` alias, `forloop` for `for` (snippet name -> names).
   */
  readonly snippetScopes: Map<string, Set<string>>;
}

interface Positioned {
  readonly file?: string;
  readonly input: string;
  readonly begin: number;
  readonly end: number;
}

/** Where a name stands inside a token: its first occurrence at or after `from`, quoted when `quoted`. */
function nameSpan(positions: Positions, token: Positioned, name: string, quoted: boolean): Span | undefined {
  const { input, begin, end } = token;
  let at = -1;
  if (quoted) {
    for (const quote of ["'", '"']) {
      const found = input.indexOf(`${quote}${name}${quote}`, begin);
      if (found >= 0 && found < end && (at < 0 || found < at)) at = found + 1;
    }
  } else {
    const found = input.indexOf(name, begin);
    if (found >= 0 && found < end) at = found;
  }
  return at < 0 ? undefined : positions.span(input, at, at + name.length);
}

function use(positions: Positions, name: string, token: Positioned | undefined, quoted = false): Use {
  if (token === undefined) return { name, file: undefined, line: 1, column: 1 };
  const { line, column } = positions.at(token.input, token.begin);
  return { name, file: token.file, line, column, span: nameSpan(positions, token, name, quoted) };
}

/** The `Value`s a template's arguments hold (outputs, `assign`, `echo`, `render` parameters, ...). */
function valuesOf(template: Template): Set<{ filters: Array<{ name: string }> }> {
  const values = new Set<{ filters: Array<{ name: string }> }>();
  const candidates: unknown[] = [(template as { value?: unknown }).value, ...(template.arguments?.() ?? [])];
  for (const value of candidates) {
    if (typeof value === 'object' && value !== null && Array.isArray((value as { filters?: unknown }).filters))
      values.add(value as { filters: Array<{ name: string }> });
  }
  return values;
}

/** An empty {@link TemplateUses}. */
export const noUses = (): TemplateUses => ({
  tags: [],
  filters: [],
  regions: [],
  dynamicRegions: [],
  snippets: [],
  snippetScopes: new Map(),
});

/** Collects the uses of `templates` and of their children (the bodies of `if`, `for`, `capture`, ...), not following `render`. */
export function walkTemplates(
  templates: readonly Template[],
  positions: Positions,
  uses: TemplateUses = noUses(),
): TemplateUses {
  for (const template of templates) {
    const tag = template as Template & { name?: unknown; file?: unknown };
    const token = template.token as unknown as Positioned;
    if (typeof tag.name === 'string' && template.token.kind === 4 /* TokenKind.Tag */) {
      uses.tags.push(use(positions, tag.name, token));
      if (template instanceof EditableRegionTag) {
        const name = literalArgument(template.region);
        if (name === undefined) uses.dynamicRegions.push(use(positions, '', token));
        else uses.regions.push(use(positions, name, token, true));
      }
      if (tag.name === 'render' && typeof tag.file === 'string') {
        uses.snippets.push(use(positions, tag.file, token, true));
        const names = uses.snippetScopes.get(tag.file) ?? new Set<string>();
        for (const entry of (template as Template).partialScope?.()?.scope ?? [])
          names.add(typeof entry === 'string' ? entry : entry[0]);
        if ((template as { forBinding?: unknown }).forBinding !== undefined) names.add('forloop');
        uses.snippetScopes.set(tag.file, names);
      }
    }
    for (const value of valuesOf(template)) {
      for (const filter of value.filters)
        uses.filters.push(use(positions, filter.name, (filter as unknown as { token?: Positioned }).token));
    }
    const node: Template = template;
    const children = node.children ? toValueSync(node.children(false, true)) : [];
    if (Array.isArray(children) && children.length > 0) walkTemplates(children as Template[], positions, uses);
  }
  return uses;
}
