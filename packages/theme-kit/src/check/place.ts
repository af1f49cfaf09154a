/**
 * Where a variable of an analysis stands (kept apart from `create-context.ts`, which uses it too, so that
 * the check modules, which `THEME_DIAGNOSTIC_CODES` lists, load without the parser).
 */
import type { Variable } from 'liquidjs';
import { BUILTIN_PREFIX } from '../render/theme-fs.js';
import type { CheckContext, LiquidSource, Location } from './context.js';

/** Where a variable of an analysis stands: a theme file it names, or the source analysed. */
export function placeVariable(context: CheckContext, source: LiquidSource, variable: Variable): Location {
  const { file, row, col } = variable.location;
  if (file?.startsWith(BUILTIN_PREFIX)) return { file, line: row, column: col, pointer: '' };
  if (file !== undefined && context.snapshot.files.has(file))
    return { file: context.inTheme(file), line: row, column: col, pointer: '' };
  return source.locate(row, col);
}
