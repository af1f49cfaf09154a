import type { PageNumber } from './primitives';

/** The mock paginator: the contents of `pagination.stk.config.json` (an object). */
export interface IPaginationConfig {
  /** Total pages of the mock paginator. */
  numPages: PageNumber;
  /** Page treated as current (1-based, at most `numPages`). */
  currentPage: PageNumber;
  /**
   * Title of the "previous" link.
   * @default "Previous"
   */
  previousTitle?: string;
  /**
   * Title of the "next" link.
   * @default "Next"
   */
  nextTitle?: string;
}
