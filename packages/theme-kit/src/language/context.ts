/** The language context: one theme snapshot and everything the features derive from it, computed lazily and cached. */
import type { Clock } from '@commerce-kit/internal/clock';
import type { ThemeSnapshot } from '../workspace/snapshot.js';

/** Options of {@link LanguageContext}. */
export interface LanguageContextOptions {
  /** Seed of the mock store whose values hovers show (default 1, as `theme-kit dev`). */
  readonly seed?: number | undefined;
  /** The mock store's "current date" (default: the system clock's day), as `generateMockData` takes it. */
  readonly clock?: Clock | Date | number | string | undefined;
  /**
   * Directory of the built-in block templates (`<type>.liquid`) that definitions of a block type jump to when
   * the theme has no `blocks/<type>.liquid`; default: the package's own `dist/blocks/` (absent: no jump).
   */
  readonly builtinBlocksDir?: string | undefined;
}

/** One theme for the editor features; see `src/language/index.ts` for its caching. */
export class LanguageContext {
  #snapshot: ThemeSnapshot;
  readonly options: LanguageContextOptions;

  constructor(snapshot: ThemeSnapshot, options: LanguageContextOptions = {}) {
    this.#snapshot = snapshot;
    this.options = options;
  }

  /** The snapshot the answers are about. */
  get snapshot(): ThemeSnapshot {
    return this.#snapshot;
  }

  /**
   * Moves the context to a new snapshot of the same theme. Per-document work is kept for every file whose
   * text did not change; theme-wide indexes are rebuilt lazily; the mock store only when a config text changed.
   */
  update(snapshot: ThemeSnapshot): void {
    this.#snapshot = snapshot;
  }
}
