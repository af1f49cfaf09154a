// Types of generate.mjs.
import type { ResourceModel } from '../../packages/sandbox/src/store/resource-model.js';

export declare const OUT_DIR: string;
/** A spec the sandbox's resource engine cannot serve as written (a list's items not a component schema, an event missing, ...). */
export declare class ResourceModelError extends Error {}
/** The resources of a parsed OpenAPI document as the sandbox's resource engine serves them (what `src/generated/resources.ts` holds). */
export declare function resourceModels(spec: unknown): ResourceModel[];
/** Everything under packages/sandbox/src/generated: repo-relative path -> contents. */
export declare function generate(options?: { root?: string }): Promise<Map<string, string>>;
/**
 * The component schema of a list envelope's items (`CustomerList` -> `Customer`) when the envelope says
 * nothing else of them; undefined for any other schema.
 */
export declare function listItemSchema(spec: unknown, schemaName: string): string | undefined;
