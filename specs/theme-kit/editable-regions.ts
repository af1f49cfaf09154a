import type { IBlockEntry } from './blocks';

/**
 * One editable region: an entry of `editable-regions.stk.config.json` (an array). `rawMarkup` and
 * `blocks` are both optional, but an entry without either is meaningless (a warning).
 */
export interface IEditableRegionConfig {
  /** Must match the editable region's name in the Liquid template. */
  regionName: string;
  /** HTML or Liquid compiled into the region before any blocks. */
  rawMarkup?: string;
  /** The region's blocks. */
  blocks?: IBlockEntry[];
}
