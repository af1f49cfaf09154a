/**
 * The config values that templates must agree with, read from the files' text with their positions:
 * `page.template`, each `regionName` (and its `rawMarkup`), each menu `name`. A file that does not parse
 * gives nothing here (its own diagnostics say why).
 */
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import { positionOf, type Position } from '../render/json-position.js';

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
}

function stringAt(text: string, file: string, tree: Node, path: Array<string | number>): ConfigString | undefined {
  const node = findNodeAtLocation(tree, path);
  if (node?.type !== 'string' || typeof node.value !== 'string') return undefined;
  return { value: node.value, file, pointer: `/${path.join('/')}`, ...positionOf(text, node.offset) };
}

function arrayStrings(
  text: string | undefined,
  file: string,
  key: string,
): { present: boolean; strings: ConfigString[] } {
  if (text === undefined) return { present: false, strings: [] };
  const tree = parseTree(text);
  if (tree?.type !== 'array') return { present: false, strings: [] };
  const strings: ConfigString[] = [];
  tree.children?.forEach((_entry, index) => {
    const found = stringAt(text, file, tree, [index, key]);
    if (found) strings.push(found);
  });
  return { present: true, strings };
}

/** Reads the values from the config files' texts (`texts`: file name -> { path, text }). */
export function configValues(
  texts: ReadonlyMap<string, { readonly file: string; readonly text: string }>,
): ConfigValues {
  const page = texts.get('page.stk.config.json');
  const pageTree = page ? parseTree(page.text) : undefined;
  const regions = texts.get('editable-regions.stk.config.json');
  const menus = texts.get('menus.stk.config.json');
  const regionNames = arrayStrings(regions?.text, regions?.file ?? '', 'regionName');
  const rawMarkups = arrayStrings(regions?.text, regions?.file ?? '', 'rawMarkup');
  const menuNames = arrayStrings(menus?.text, menus?.file ?? '', 'name');
  return {
    template: page && pageTree?.type === 'object' ? stringAt(page.text, page.file, pageTree, ['template']) : undefined,
    hasRegions: regionNames.present,
    regionNames: regionNames.strings,
    rawMarkups: rawMarkups.strings,
    hasMenus: menuNames.present,
    menuNames: menuNames.strings,
  };
}
