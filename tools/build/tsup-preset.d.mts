import type { Options } from 'tsup';

export interface PackagePresetOptions {
  entry: Record<string, string>;
  platform?: 'neutral' | 'node';
  /** [from, to] pairs copied after each build, e.g. generated JSON Schemas into dist. */
  copy?: Array<[string, string]>;
  external?: string[];
}

export declare function packagePreset(options: PackagePresetOptions): Options;
