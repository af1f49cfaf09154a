/** The theme kit's config file formats, hand-written: the source the JSON Schemas are generated from. */
export * from './enums';
export type * from './primitives';
export type * from './store';
export type * from './page';
export type * from './blog';
export type * from './categories';
export type * from './editable-regions';
export type * from './blocks';
export type * from './menus';
export type * from './pagination';
export type * from './files';
