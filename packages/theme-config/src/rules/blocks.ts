/**
 * Editable regions and their blocks: the checks JSON Schema cannot express, and normalisation.
 *
 * One walk does both, so what is checked is exactly what is normalised:
 * - spelling: `backgound_*` and `background_*` both given must agree; the result uses `background_*`;
 * - position: for block types whose property position the platform's documentation does not show, properties may sit
 *   in `props` or `props.settings`; the same property in both must agree; the result uses `props.settings`;
 * - "only when" rules: a property set where its condition does not hold is a warning ("ignored because ...");
 * - regions with neither `rawMarkup` nor `blocks`, and grid column names/counts.
 */
import { isRecord } from '@commerce-kit/internal/is-record';
import { isDangerousEntry } from '@commerce-kit/internal/safe-json';
import type { Diagnostic } from '../diagnostics.js';
import type { JsonValue } from '../json/parse.js';
import { childPointer } from '../json/pointer.js';
import type { NormalizedBlock, NormalizedEditableRegion, NormalizedGridColumn } from '../types.js';
import { EBlockType } from '../generated/spec/enums.js';

/** Every block type. */
export const BLOCK_TYPES: readonly string[] = Object.freeze(Object.values(EBlockType));

/** Misspelling -> canonical spelling. */
export const SPELLING_ALIASES: Readonly<Record<string, string>> = Object.freeze({
  backgound_type: 'background_type',
  backgound_image: 'background_image',
  backgound_image_mode: 'background_image_mode',
});

/** Block types whose `props` fields beside `settings` are given by the platform's documentation (everything else is a setting). */
const DIRECT_PROPS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  text: ['content'],
  map: ['url'],
  'social-feed': ['type'],
});

type Json = JsonValue;
type JsonObject = { [key: string]: Json };

/** Structural equality of JSON values. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}

const show = (value: unknown): string => `\`${JSON.stringify(value)}\``;

/** A settings value and where it was found (the pointer is built only when reported: most values never are). */
export interface Located {
  /** The value. */
  value: Json;
  /** JSON Pointer of the object holding it. */
  parent: string;
  /** Its key in that object. */
  key: string;
}

/** JSON Pointer of a located value. */
export const pointerOf = (l: Located): string => childPointer(l.parent, l.key);

/** Reads one settings container, folding the two spellings into the canonical one. */
function readContainer(
  container: JsonObject,
  pointer: string,
  skip: ReadonlySet<string>,
  out: Diagnostic[],
): Map<string, Located> {
  const result = new Map<string, Located>();
  for (const key of Object.keys(container)) {
    if (skip.has(key) || isDangerousEntry(key, container[key])) continue;
    const value = container[key] as Json;
    const canonical = Object.hasOwn(SPELLING_ALIASES, key) ? (SPELLING_ALIASES[key] as string) : key;
    const here: Located = { value, parent: pointer, key };
    const previous = result.get(canonical);
    if (previous) {
      if (!jsonEqual(previous.value, value)) {
        const misspelled = key === canonical ? previous : here;
        out.push({
          severity: 'error',
          code: 'conflicting-spelling',
          message: `\`${canonical}\` is ${show(key === canonical ? value : previous.value)} but its other spelling \`${
            Object.keys(SPELLING_ALIASES).find((k) => SPELLING_ALIASES[k] === canonical) ?? canonical
          }\` is ${show(key === canonical ? previous.value : value)}; keep one of them`,
          pointer: pointerOf(misspelled),
        });
      }
      if (key === canonical) result.set(canonical, here);
      continue;
    }
    result.set(canonical, here);
  }
  return result;
}

/** One "only when" rule: `property` is used only when `holds` is true. */
export interface OnlyWhenRule {
  /** The property the rule is about (canonical spelling). */
  property: string;
  /** Block types it applies to (all when absent). */
  blocks?: readonly string[];
  /** Block types it does not apply to. */
  exceptBlocks?: readonly string[];
  /** undefined: the controlling property is missing or invalid (already an error elsewhere), so no warning. */
  holds: (settings: ReadonlyMap<string, Located>) => boolean | undefined;
  /** Why the property is ignored, when it is. */
  reason: (settings: ReadonlyMap<string, Located>) => string;
}

const get = (settings: ReadonlyMap<string, Located>, key: string): Json | undefined => settings.get(key)?.value;
/** "`key` is not set" or "`key` is `value`, not `wanted`". */
const isNot = (settings: ReadonlyMap<string, Located>, key: string, wanted: string): string => {
  const value = get(settings, key);
  return value === undefined ? `\`${key}\` is not set` : `\`${key}\` is ${show(value)}, not ${wanted}`;
};

const backgroundIs = (wanted: string) => (s: ReadonlyMap<string, Located>) => {
  const type = get(s, 'background_type');
  return typeof type === 'string' ? type === wanted : undefined;
};
const flagIsTrue = (flag: string) => (s: ReadonlyMap<string, Located>) => get(s, flag) === true;
const LINK_BLOCKS = ['button', 'featured-product', 'image-with-text', 'image-with-text-overlay'];

/** The "only when" rules of the platform's documentation. */
export const ONLY_WHEN_RULES: readonly OnlyWhenRule[] = [
  {
    property: 'background_color',
    holds: backgroundIs('color'),
    reason: (s) => isNot(s, 'background_type', '`"color"`'),
  },
  {
    property: 'background_image',
    holds: backgroundIs('image'),
    reason: (s) => isNot(s, 'background_type', '`"image"`'),
  },
  {
    property: 'background_image_mode',
    holds: backgroundIs('image'),
    reason: (s) => isNot(s, 'background_type', '`"image"`'),
  },
  {
    property: 'overlay',
    exceptBlocks: ['image-with-text-overlay'],
    holds: backgroundIs('image'),
    reason: (s) => isNot(s, 'background_type', '`"image"`'),
  },
  { property: 'overlay_color', holds: flagIsTrue('overlay'), reason: (s) => isNot(s, 'overlay', '`true`') },
  { property: 'overlay_opacity', holds: flagIsTrue('overlay'), reason: (s) => isNot(s, 'overlay', '`true`') },
  { property: 'item', holds: (s) => get(s, 'action') !== 'link', reason: () => '`action` is `"link"`' },
  {
    property: 'link_target',
    blocks: LINK_BLOCKS,
    holds: (s) => get(s, 'action') === 'link',
    reason: (s) => isNot(s, 'action', '`"link"`'),
  },
  {
    property: 'link_url',
    blocks: LINK_BLOCKS,
    holds: (s) => get(s, 'action') === 'link',
    reason: (s) => isNot(s, 'action', '`"link"`'),
  },
  {
    property: 'link_target',
    blocks: ['image'],
    holds: flagIsTrue('link_active'),
    reason: (s) => isNot(s, 'link_active', '`true`'),
  },
  {
    property: 'link_url',
    blocks: ['image'],
    holds: flagIsTrue('link_active'),
    reason: (s) => isNot(s, 'link_active', '`true`'),
  },
  {
    property: 'width',
    blocks: ['button'],
    holds: (s) => get(s, 'auto_width') !== true,
    reason: () => '`auto_width` is `true`',
  },
  {
    property: 'social_link_color',
    holds: flagIsTrue('social_color_active'),
    reason: (s) => isNot(s, 'social_color_active', '`true`'),
  },
  {
    property: 'poster',
    blocks: ['video'],
    holds: (s) => get(s, 'type') === 'html5',
    reason: (s) => isNot(s, 'type', '`"html5"`'),
  },
  {
    property: 'src',
    blocks: ['video'],
    holds: (s) => get(s, 'type') === 'html5',
    reason: (s) => isNot(s, 'type', '`"html5"`'),
  },
  {
    property: 'url',
    blocks: ['video'],
    holds: (s) => get(s, 'type') === 'vimeo' || get(s, 'type') === 'youtube',
    reason: (s) => isNot(s, 'type', '`"vimeo"` or `"youtube"`'),
  },
];

function checkOnlyWhen(type: string, settings: ReadonlyMap<string, Located>, out: Diagnostic[]): void {
  for (const rule of ONLY_WHEN_RULES) {
    if (rule.blocks && !rule.blocks.includes(type)) continue;
    if (rule.exceptBlocks?.includes(type)) continue;
    const located = settings.get(rule.property);
    if (!located) continue;
    if (rule.holds(settings) !== false) continue;
    out.push({
      severity: 'warning',
      code: 'ignored-property',
      message: `\`${rule.property}\` is ignored because ${rule.reason(settings)}`,
      pointer: pointerOf(located),
    });
  }
}

/** Walks one block: diagnostics for what the schema cannot see, and the normalised block. */
function processBlock(block: Json, pointer: string, out: Diagnostic[]): NormalizedBlock | undefined {
  if (!isRecord(block) || typeof block.type !== 'string' || !BLOCK_TYPES.includes(block.type)) return undefined;
  const type = block.type;
  const props = isRecord(block.props) ? block.props : undefined;
  if (!props) return undefined;
  const propsPointer = childPointer(pointer, 'props');
  const direct = DIRECT_PROPS[type];
  const settingsValue = props.settings;
  const fromSettings = isRecord(settingsValue)
    ? readContainer(settingsValue, childPointer(propsPointer, 'settings'), new Set(), out)
    : new Map<string, Located>();

  const merged = new Map(fromSettings);
  let columns: Json | undefined;
  if (!direct) {
    // Position not shown: props-level properties are settings too (grid's `columns` array is its column list).
    const skip = new Set(['settings']);
    if (type === 'grid' && Array.isArray(props.columns)) {
      skip.add('columns');
      columns = props.columns;
    }
    const fromProps = readContainer(props, propsPointer, skip, out);
    for (const [key, located] of fromProps) {
      const other = fromSettings.get(key);
      if (other && !jsonEqual(other.value, located.value)) {
        out.push({
          severity: 'error',
          code: 'conflicting-position',
          message: `\`${key}\` is ${show(located.value)} in \`props\` but ${show(other.value)} in \`props.settings\`; keep one of them`,
          pointer: pointerOf(located),
        });
      }
      if (!other) merged.set(key, located);
    }
  }
  checkOnlyWhen(type, merged, out);

  const settings: Record<string, Json> = {};
  for (const [key, located] of [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    settings[key] = located.value;
  const normalizedProps: Record<string, unknown> = { settings };
  for (const key of direct ?? []) if (props[key] !== undefined) normalizedProps[key] = props[key];
  if (type === 'grid') {
    const normalizedColumns = processGridColumns(
      columns,
      merged.get('columns'),
      childPointer(propsPointer, 'columns'),
      out,
    );
    if (normalizedColumns) normalizedProps.columns = normalizedColumns;
  }
  return { type, props: normalizedProps } as NormalizedBlock;
}

function processGridColumns(
  columns: Json | undefined,
  count: Located | undefined,
  pointer: string,
  out: Diagnostic[],
): NormalizedGridColumn[] | undefined {
  if (!Array.isArray(columns)) return undefined;
  const result: NormalizedGridColumn[] = [];
  columns.forEach((column, index) => {
    const columnPointer = childPointer(pointer, index);
    if (!isRecord(column)) return;
    const expected = `column_${index + 1}`;
    if (typeof column.name === 'string' && /^column_[1-9][0-9]*$/.test(column.name) && column.name !== expected) {
      out.push({
        severity: 'error',
        code: 'grid-column-name',
        message: `grid column ${index + 1} is named \`${column.name}\`; columns are numbered in order, so expected \`${expected}\``,
        pointer: childPointer(columnPointer, 'name'),
        suggestion: `did you mean \`${expected}\`?`,
      });
    }
    result.push({
      name: typeof column.name === 'string' ? column.name : expected,
      blocks: processBlocks(column.blocks, childPointer(columnPointer, 'blocks'), out),
    });
  });
  if (count && typeof count.value === 'number' && count.value !== columns.length) {
    out.push({
      severity: 'warning',
      code: 'grid-column-count',
      message: `\`columns\` is ${count.value} but the grid lists ${columns.length} column${columns.length === 1 ? '' : 's'}`,
      pointer: pointerOf(count),
    });
  }
  return result;
}

function processBlocks(blocks: Json | undefined, pointer: string, out: Diagnostic[]): NormalizedBlock[] {
  if (!Array.isArray(blocks)) return [];
  const result: NormalizedBlock[] = [];
  blocks.forEach((block, index) => {
    const normalized = processBlock(block, childPointer(pointer, index), out);
    if (normalized) result.push(normalized);
  });
  return result;
}

/** Checks and normalises the contents of `editable-regions.stk.config.json`. */
export function processEditableRegions(value: Json | undefined): {
  diagnostics: Diagnostic[];
  regions: NormalizedEditableRegion[];
} {
  const diagnostics: Diagnostic[] = [];
  const regions: NormalizedEditableRegion[] = [];
  if (!Array.isArray(value)) return { diagnostics, regions };
  value.forEach((region, index) => {
    const pointer = `/${index}`;
    if (!isRecord(region)) return;
    const hasMarkup = region.rawMarkup !== undefined;
    const hasBlocks = Array.isArray(region.blocks) && region.blocks.length > 0;
    if (!hasMarkup && !hasBlocks) {
      diagnostics.push({
        severity: 'warning',
        code: 'empty-region',
        message: `region ${typeof region.regionName === 'string' ? `\`${region.regionName}\`` : index} has neither \`rawMarkup\` nor \`blocks\`, so it renders nothing`,
        pointer,
      });
    }
    const normalized: NormalizedEditableRegion = {
      regionName: typeof region.regionName === 'string' ? region.regionName : '',
      blocks: processBlocks(region.blocks, `${pointer}/blocks`, diagnostics),
    };
    if (typeof region.rawMarkup === 'string') normalized.rawMarkup = region.rawMarkup;
    regions.push(normalized);
  });
  return { diagnostics, regions };
}
