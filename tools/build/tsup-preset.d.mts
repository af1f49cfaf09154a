import type { Options } from 'tsup';

export interface PackagePresetOptions {
  entry: Record<string, string>;
  platform?: 'neutral' | 'node';
  /** [from, to] pairs copied after each build, e.g. generated JSON Schemas into dist. */
  copy?: Array<[string, string]>;
  external?: string[];
  /** Share code between entry points in chunks (ESM and CJS) instead of repeating it per entry. */
  splitting?: boolean;
}

export declare function packagePreset(options: PackagePresetOptions): Options;
