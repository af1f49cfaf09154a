/** The bodies of the ```ts fenced blocks of a Markdown text, in order. */
export declare function tsCodeBlocks(markdown: string): string[];
/**
 * Type-checks snippets in memory against a package's sources with the repository's strict options.
 * Returns one line per diagnostic (`snippet N:line message`); empty when every snippet compiles.
 */
export declare function typecheckSnippets(input: {
  root: string;
  snippets: string[];
  paths: Record<string, string[]>;
  ambient?: string;
}): string[];
/** The README of a package, read as text. */
export declare function readReadme(root: string): string;
