/**
 * What a parsed template uses, from LiquidJS's syntax tree (never regular expressions over the source):
 * its tags, its filters, its `editable_region` names and the snippets it renders, each with its position.
 */
import { toValueSync, type Template } from 'liquidjs';
import { EditableRegionTag, literalArgument } from '../render/tags.js';

/** A name used at a position of a file. */
export interface Use {
  readonly name: string;
  readonly file: string | undefined;
  readonly line: number;
  readonly column: number;
  /** JSON Pointer of the string the source came from (a region's `rawMarkup`); absent for Liquid files. */
  readonly pointer?: string | undefined;
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
  getPosition(): number[];
}

function use(name: string, token: Positioned | undefined): Use {
  const [line = 1, column = 1] = token?.getPosition() ?? [];
  return { name, file: token?.file, line, column };
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

/** Collects the uses of `templates` and of their children (the bodies of `if`, `for`, `capture`, ...), not following `render`. */
export function walkTemplates(
  templates: readonly Template[],
  uses: TemplateUses = {
    tags: [],
    filters: [],
    regions: [],
    dynamicRegions: [],
    snippets: [],
    snippetScopes: new Map(),
  },
): TemplateUses {
  for (const template of templates) {
    const tag = template as Template & { name?: unknown; file?: unknown };
    if (typeof tag.name === 'string' && template.token.kind === 4 /* TokenKind.Tag */) {
      uses.tags.push(use(tag.name, template.token as unknown as Positioned));
      if (template instanceof EditableRegionTag) {
        const name = literalArgument(template.region);
        if (name === undefined) uses.dynamicRegions.push(use('', template.token as unknown as Positioned));
        else uses.regions.push(use(name, template.token as unknown as Positioned));
      }
      if (tag.name === 'render' && typeof tag.file === 'string') {
        uses.snippets.push(use(tag.file, template.token as unknown as Positioned));
        const names = uses.snippetScopes.get(tag.file) ?? new Set<string>();
        for (const entry of (template as Template).partialScope?.()?.scope ?? [])
          names.add(typeof entry === 'string' ? entry : entry[0]);
        if ((template as { forBinding?: unknown }).forBinding !== undefined) names.add('forloop');
        uses.snippetScopes.set(tag.file, names);
      }
    }
    for (const value of valuesOf(template)) {
      for (const filter of value.filters)
        uses.filters.push(use(filter.name, (filter as unknown as { token?: Positioned }).token));
    }
    const node: Template = template;
    const children = node.children ? toValueSync(node.children(false, true)) : [];
    if (Array.isArray(children) && children.length > 0) walkTemplates(children as Template[], uses);
  }
  return uses;
}
