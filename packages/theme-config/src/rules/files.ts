/**
 * Per-file checks JSON Schema cannot express, and normalisation into {@link ThemeConfig} values.
 * Every function tolerates values that failed the schema (it only looks at what has the right type).
 */
import { isRecord } from '@commerce-kit/internal/is-record';
import type { Diagnostic } from '../diagnostics.js';
import type { ConfigKind } from '../files.js';
import { isDangerousEntry } from '@commerce-kit/internal/safe-json';
import type { JsonValue } from '../json/parse.js';
import { closest, didYouMean } from '@commerce-kit/internal/suggest';
import type { ThemeConfig } from '../types.js';
import { processEditableRegions } from './blocks.js';

/** Menu identifiers the theme templates use. */
export const KNOWN_MENU_NAMES: readonly string[] = Object.freeze(['main-menu', 'footer-menu']);

/** Default titles of the paginator links. */
export const PAGINATION_DEFAULTS = Object.freeze({ previousTitle: 'Previous', nextTitle: 'Next' });

/**
 * Plain-object copy without `$schema` and without dangerous keys: the parser already drops those, but
 * normalizeConfig and generateMockData also take values from `JSON.parse`, where `__proto__` is an own
 * key that a plain assignment would turn into the copy's prototype.
 */
function plain(value: JsonValue | undefined): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value))
    if (key !== '$schema' && !isDangerousEntry(key, value[key])) out[key] = plain(value[key]);
  return out;
}

function storeRules(value: JsonValue | undefined): Diagnostic[] {
  if (!isRecord(value)) return [];
  return (['dribbbleUrl', 'flickrUrl'] as const)
    .filter((key) => typeof value[key] === 'boolean')
    .map((key) => ({
      severity: 'warning' as const,
      code: 'boolean-url' as const,
      message: `\`${key}\` should be a URL string; the boolean ${String(value[key])} is accepted but ignored`,
      pointer: `/${key}`,
    }));
}

function paginationRules(value: JsonValue | undefined): Diagnostic[] {
  if (!isRecord(value) || typeof value.currentPage !== 'number' || !Number.isInteger(value.currentPage)) return [];
  if (value.currentPage < 1) {
    // One code for "outside 1..numPages" on both ends (the schema's `minimum` error on it is dropped for this one).
    return [
      {
        severity: 'error',
        code: 'page-out-of-range',
        message: `\`currentPage\` is ${value.currentPage} but pages are numbered from 1${typeof value.numPages === 'number' ? ` to ${value.numPages}` : ''}`,
        pointer: '/currentPage',
      },
    ];
  }
  if (typeof value.numPages !== 'number' || value.currentPage <= value.numPages) return [];
  return [
    {
      severity: 'error',
      code: 'page-out-of-range',
      message: `\`currentPage\` is ${value.currentPage} but there are only ${value.numPages} pages (\`numPages\`)`,
      pointer: '/currentPage',
    },
  ];
}

function menuRules(value: JsonValue | undefined, menuNames: Iterable<string> | undefined): Diagnostic[] {
  if (!Array.isArray(value)) return [];
  const out: Diagnostic[] = [];
  const known = menuNames === undefined ? KNOWN_MENU_NAMES : [...new Set([...KNOWN_MENU_NAMES, ...menuNames])];
  const listed = known.map((name) => `\`${name}\``).join(known.length === 2 ? ' or ' : ', ');
  value.forEach((menu, index) => {
    if (isRecord(menu) && menu.name === undefined) {
      out.push({
        severity: 'warning',
        code: 'missing-property',
        message: 'this menu has no `name`, so it matches no template menu (`main-menu` or `footer-menu`)',
        pointer: `/${index}/name`,
        suggestion: 'add `"name": "main-menu"` or `"name": "footer-menu"`',
      });
      return;
    }
    if (!isRecord(menu) || typeof menu.name !== 'string' || known.includes(menu.name)) return;
    const suggestion = closest(menu.name, known);
    out.push({
      severity: 'warning',
      code: 'unknown-menu-name',
      message: `menu name \`${menu.name}\` matches no template menu (${listed})`,
      pointer: `/${index}/name`,
      ...(suggestion ? { suggestion: didYouMean(suggestion) } : {}),
    });
  });
  return out;
}

function categoryRules(value: JsonValue | undefined): Diagnostic[] {
  if (!Array.isArray(value)) return [];
  const out: Diagnostic[] = [];
  value.forEach((category, index) => {
    if (!isRecord(category)) return;
    // Without `items`, numItems products are generated: a negative count cannot be (the schema's own
    // minimum is only a recommendation, so this is said here, as an error).
    if (
      category.items === undefined &&
      typeof category.numItems === 'number' &&
      Number.isInteger(category.numItems) &&
      category.numItems < 0
    ) {
      out.push({
        severity: 'error',
        code: 'out-of-range',
        message: `\`numItems\` is ${category.numItems}: without \`items\`, that many products are generated, so it must be 0 or more`,
        pointer: `/${index}/numItems`,
        suggestion: 'use 0 or more, or list the products in `items`',
      });
      return;
    }
    if (!Array.isArray(category.items)) return;
    if (typeof category.numItems !== 'number' || !Number.isInteger(category.numItems) || category.numItems < 0) return; // already a schema error
    if (category.items.length === category.numItems) return;
    out.push({
      severity: 'warning',
      code: 'item-count-mismatch',
      message: `\`numItems\` is ${category.numItems} but \`items\` lists ${category.items.length} product${category.items.length === 1 ? '' : 's'}`,
      pointer: `/${index}/numItems`,
    });
  });
  return out;
}

/** Semantic checks of one file's value (schema checks are separate). */
export function semanticRules(
  kind: ConfigKind,
  value: JsonValue | undefined,
  menuNames?: Iterable<string> | undefined,
): Diagnostic[] {
  switch (kind) {
    case 'store':
      return storeRules(value);
    case 'pagination':
      return paginationRules(value);
    case 'menus':
      return menuRules(value, menuNames);
    case 'categories':
      return categoryRules(value);
    case 'editable-regions':
      return processEditableRegions(value).diagnostics;
    default:
      return [];
  }
}

/** Normalises one valid file's value into its {@link ThemeConfig} entry. */
export function normalizeFile<K extends keyof ThemeConfig>(kind: ConfigKind, value: JsonValue): ThemeConfig[K] {
  switch (kind) {
    case 'store': {
      const store = plain(value) as Record<string, unknown>;
      for (const key of ['dribbbleUrl', 'flickrUrl']) if (typeof store[key] === 'boolean') delete store[key];
      return store as ThemeConfig[K];
    }
    case 'pagination':
      return { ...PAGINATION_DEFAULTS, ...(plain(value) as object) } as ThemeConfig[K];
    case 'editable-regions':
      return plain(processEditableRegions(value).regions as unknown as JsonValue) as ThemeConfig[K];
    default:
      return plain(value) as ThemeConfig[K];
  }
}
