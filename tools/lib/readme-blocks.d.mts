/** The bodies of the ```ts fenced blocks of a Markdown text, in order. */
export declare function tsCodeBlocks(markdown: string): string[];
/** The README of a package, read as text. */
export declare function readReadme(root: string): string;
/** The ```ts blocks of a published package's README.md as modules, padded to keep the README's line numbers. */
export declare function readmeModules(dir: string): { fileName: string; text: string }[];
