// Types of generate.mjs.
export declare const SPEC_PATH: string;
export declare const OUT_DIR: string;
export declare const TYPES_MODULE: string;
/** A spec problem the generator will not guess around (no tag, two operations giving one method name, ...). */
export declare class ResourceNamingError extends Error {}
export declare function loadSpec(file?: string): Promise<Record<string, unknown>>;
/** The operationId without the tag's noun, camelCase; `delete` -> `del`. */
export declare function methodName(operationId: string, tag: string): string;
/** The resource property name of a tag: camelCase. */
export declare function resourceName(tag: string): string;
export interface ResourceMethodModel {
  name: string;
  operationId: string;
  verb: string;
  path: string;
  summary: string | undefined;
  pathParams: Array<{ name: string; identifier: string }>;
  body: 'required' | 'optional' | 'none';
  query: 'required' | 'optional' | 'none';
  list: boolean;
  bounds: Record<string, { integer: boolean; min?: number; max?: number }>;
  successStatus: string | undefined;
}
export interface ResourceModel {
  name: string;
  tag: string;
  description: string | undefined;
  methods: ResourceMethodModel[];
}
/** The resources of a parsed OpenAPI document: operations authorized by the access token, by first tag. */
export declare function resourceModel(spec: Record<string, unknown>): ResourceModel[];
/** The TypeScript module of the resources of `spec` (`typesModule`: where `operations` is imported from). */
export declare function resourcesModule(
  spec: Record<string, unknown>,
  options?: { typesModule?: string; source?: string },
): string;
/** Everything under packages/api-client/src/generated: repo-relative path -> contents. */
export declare function generate(options?: { root?: string }): Promise<Map<string, string>>;
