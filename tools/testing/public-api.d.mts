/** Rows of the README's `## Public API` table: export name and the entry it comes from. */
export declare function readmeApiTable(markdown: string): Array<{ name: string; entry: string }>;
/** Names (values and types) exported by a TypeScript entry file. */
export declare function exportedNames(entryFile: string): string[];
/**
 * Compares a package README's Public API table with its entries' exports; every list is empty when
 * they agree. `entries`: entry name as written in the table -> source file relative to `root`.
 */
export declare function compareApiTable(input: { root: string; entries: Record<string, string> }): {
  undocumented: string[];
  notExported: string[];
  unknownEntries: string[];
};
