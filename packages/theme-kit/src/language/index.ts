/**
 * The editor features of the theme language server, as pure functions over a {@link ThemeSnapshot}: no
 * LSP connection, no disk access for the theme (the snapshot holds every text). Each takes the document's
 * absolute path (a `.liquid` file of the theme or one of its `*.stk.config.json` files) and an LSP
 * position (0-based line and UTF-16 character) and returns LSP data types; the language server maps them
 * onto its connection's handlers.
 *
 * Positions come from LiquidJS's tokenizer: the `{% … %}` / `{{ … }}` token around the cursor is found
 * first (an unterminated last token, the half-typed tag of a keystroke, included), then only that token's
 * text is read. Types come from the template contract's JSON Schema (`theme-context.schema.json`), walked
 * along the expression's path, through loop variables and `assign`.
 *
 * **Caching and updates.** {@link createLanguageContext} does no work up front. Everything a request needs
 * is computed lazily and cached in the context: one read per document (its statements, line starts and the
 * names it uses, keyed by its text), the theme's index (every `render` / `editable_region` / `layout` /
 * `asset_url` / `menus[...]` use, gathered from those per-document reads), each snippet's parameters, the
 * config files' syntax trees, and the mock store's data for hover values (built with `createThemeData` once
 * per version of the config texts). The language server keeps one context per theme and calls
 * {@link LanguageContext.update} with each new snapshot: documents whose text is unchanged keep their read;
 * a changed document is read again from its first changed character on (the statements before it are
 * kept), so a keystroke costs the rest of that document, not the theme; the theme-wide index is gathered
 * again on the next request that needs it (references, rename, the config files' completions); the mock
 * store is rebuilt only when a config text changed. A completion or hover therefore costs one document's
 * (incremental) read and lookups. Creating a new context per snapshot works too; it only drops the caches.
 *
 * Nothing here throws on bad input (a binary buffer, a 10,000-line file, JSON with comments or trailing
 * commas, a theme without config files): a request that cannot be answered returns an empty result.
 */
import type {
  CompletionItem,
  DocumentLink,
  Hover,
  Location,
  Position,
  Range,
  WorkspaceEdit,
} from 'vscode-languageserver';
import type { ThemeSnapshot } from '../workspace/snapshot.js';
import { LanguageContext, type LanguageContextOptions } from './context.js';
import { completeAt } from './complete.js';
import { hoverAt } from './hover.js';
import { definitionAt, documentLinksOf, referencesAt } from './navigation.js';
import { prepareRenameAt, renameAt } from './rename.js';

export { LanguageContext };
export type { LanguageContextOptions };

/** A context for one theme: create it once and {@link LanguageContext.update} it as the snapshot changes. */
export function createLanguageContext(snapshot: ThemeSnapshot, options: LanguageContextOptions = {}): LanguageContext {
  return new LanguageContext(snapshot, options);
}

/** Never let a feature's bug become a crash of the server: a failed request answers with nothing. */
function guarded<T>(ctx: LanguageContext, fallback: T, run: () => T): T {
  try {
    return run();
  } catch (error) {
    try {
      ctx.options.onError?.(error);
    } catch {
      // the reporter's own failure changes nothing
    }
    return fallback;
  }
}

/** Completion items at `position` of `file`. */
export function complete(ctx: LanguageContext, file: string, position: Position): CompletionItem[] {
  return guarded(ctx, [], () => completeAt(ctx, file, position));
}

/** Hover at `position`: type, description, the mock store's value; filters and tags with their signature. */
export function hover(ctx: LanguageContext, file: string, position: Position): Hover | null {
  return guarded(ctx, null, () => hoverAt(ctx, file, position));
}

/** Where the name at `position` is defined (a snippet, layout, asset, template, region or menu entry). */
export function definition(ctx: LanguageContext, file: string, position: Position): Location[] {
  return guarded(ctx, [], () => definitionAt(ctx, file, position));
}

/** Every use of the snippet, region or menu at `position` (its definition included: the config entry, the snippet file). */
export function references(ctx: LanguageContext, file: string, position: Position): Location[] {
  return guarded(ctx, [], () => referencesAt(ctx, file, position));
}

/** The range and current name of a renamable region or snippet name at `position`, else null. */
export function prepareRename(
  ctx: LanguageContext,
  file: string,
  position: Position,
): { range: Range; placeholder: string } | null {
  return guarded(ctx, null, () => prepareRenameAt(ctx, file, position));
}

/** Renames the region or snippet at `position` everywhere (a snippet's file too, as a `RenameFile`), as one edit. */
export function rename(ctx: LanguageContext, file: string, position: Position, newName: string): WorkspaceEdit | null {
  return guarded(ctx, null, () => renameAt(ctx, file, position, newName));
}

/** The links of a document: snippets, layouts, assets, regions and menus it names; templates and block types in config files. */
export function documentLinks(ctx: LanguageContext, file: string): DocumentLink[] {
  return guarded(ctx, [], () => documentLinksOf(ctx, file));
}
