/**
 * The config values that templates must agree with, read from the files' text with their positions:
 * `page.template`, each `regionName` (and its `rawMarkup`), each menu `name`. A file that does not parse
 * gives nothing here (its own diagnostics say why).
 */
import { LineIndex } from '@commerce-kit/internal/line-index';
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import type { Position } from '../render/json-position.js';

/** A string value of a config file, with where it stands. */
export interface ConfigString extends Position {
  readonly value: string;
  readonly file: string;
  readonly pointer: string;
}

/** What {@link configValues} found. */
export interface ConfigValues {
  /** `page.template`, when the page file sets it. */
  readonly template: ConfigString | undefined;
  /** Whether `editable-regions.stk.config.json` exists (and parses). */
  readonly hasRegions: boolean;
  /** Every `regionName`. */
  readonly regionNames: ConfigString[];
  /** Every `rawMarkup`. */
  readonly rawMarkups: ConfigString[];
  /** Whether `menus.stk.config.json` exists (and parses). */
  readonly hasMenus: boolean;
  /** Every menu `name`. */
  readonly menuNames: ConfigString[];
  /** The syntax tree of `editable-regions.stk.config.json`, when it parses. */
  readonly regionsTree: Node | undefined;
}

/** One config text, parsed once, its lines indexed once (when a position is asked). */
interface ParsedText {
  readonly text: string;
  readonly file: string;
  readonly tree: Node | undefined;
  lines?: LineIndex;
}

function parsed(config: { readonly file: string; readonly text: string } | undefined): ParsedText | undefined {
  return config && { text: config.text, file: config.file, tree: parseTree(config.text) };
}

function stringAt(config: ParsedText, tree: Node, path: Array<string | number>): ConfigString | undefined {
  const node = findNodeAtLocation(tree, path);
  if (node?.type !== 'string' || typeof node.value !== 'string') return undefined;
  config.lines ??= new LineIndex(config.text);
  return { value: node.value, file: config.file, pointer: `/${path.join('/')}`, ...config.lines.position(node.offset) };
}

function arrayStrings(config: ParsedText | undefined, key: string): { present: boolean; strings: ConfigString[] } {
  const tree = config?.tree;
  if (config === undefined || tree?.type !== 'array') return { present: false, strings: [] };
  const strings: ConfigString[] = [];
  tree.children?.forEach((_entry, index) => {
    const found = stringAt(config, tree, [index, key]);
    if (found) strings.push(found);
  });
  return { present: true, strings };
}

/** Reads the values from the config files' texts (`texts`: file name -> { path, text }). */
export function configValues(
  texts: ReadonlyMap<string, { readonly file: string; readonly text: string }>,
): ConfigValues {
  const page = parsed(texts.get('page.stk.config.json'));
  const regions = parsed(texts.get('editable-regions.stk.config.json'));
  const menus = parsed(texts.get('menus.stk.config.json'));
  const regionNames = arrayStrings(regions, 'regionName');
  const rawMarkups = arrayStrings(regions, 'rawMarkup');
  const menuNames = arrayStrings(menus, 'name');
  return {
    template: page?.tree?.type === 'object' ? stringAt(page, page.tree, ['template']) : undefined,
    hasRegions: regionNames.present,
    regionNames: regionNames.strings,
    rawMarkups: rawMarkups.strings,
    hasMenus: menuNames.present,
    menuNames: menuNames.strings,
    regionsTree: regions?.tree,
  };
}
