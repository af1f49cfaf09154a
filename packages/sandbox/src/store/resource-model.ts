/**
 * What the resource engine knows about a resource, all of it read from the spec by the generator
 * (`src/generated/resources.ts`): its list path, id format, operations, webhook events and fields. No
 * resource has code of its own: a field added to its schemas in the spec is stored, updated and
 * answered with nothing else to change.
 */
import type { WebhookEventType } from '@commerce-kit/webhooks';

/** The verbs of a resource's operations: list and create on `/<kind>`, the others on `/<kind>/{id}`. */
export type ResourceVerb = 'list' | 'create' | 'retrieve' | 'update' | 'delete';

/**
 * What a creation that leaves a field out stores: nothing to choose (`required`: the create body must
 * hold it), a fixed value (the create body's `default`, or `null` for a nullable field), the value of
 * another field (`x-default-from`: a blog post's `published_time` is its `created_time`), or nothing.
 */
export type CreateDefault = 'required' | 'absent' | { readonly value: unknown } | { readonly from: string };

/**
 * The shape of a field's values, read from the resource schema (its `$ref`s followed): what the seed draws a
 * value from for a field it does not fill by hand, so a field added to the spec is seeded with no code.
 */
export type FieldShape = { readonly nullable: boolean } & (
  | {
      readonly type: 'string';
      readonly format?: string;
      readonly enum?: readonly string[];
      readonly pattern?: string;
      readonly minLength?: number;
      readonly maxLength?: number;
    }
  | {
      readonly type: 'integer' | 'number';
      readonly enum?: readonly number[];
      readonly minimum?: number;
      readonly maximum?: number;
      readonly exclusiveMinimum?: number;
      readonly exclusiveMaximum?: number;
    }
  | { readonly type: 'boolean' }
  | { readonly type: 'array'; readonly items: FieldShape }
  | {
      readonly type: 'object';
      readonly properties: Readonly<Record<string, FieldShape>>;
      readonly required: readonly string[];
    }
  | { readonly type: 'unknown' }
);

export interface FieldModel {
  readonly name: string;
  readonly onCreate: CreateDefault;
  /** The shape of its values (what a seed draws from). */
  readonly shape?: FieldShape | undefined;
}

export interface ResourceModel {
  /** The list path's segment: `customers`, `blog_posts`. */
  readonly kind: string;
  /** The component schema of one object: `Customer`. */
  readonly schema: string;
  /** How messages name one object: `customer`, `blog post`. */
  readonly noun: string;
  /** Ids are `<idPrefix>_` and the object's sequence number on `idDigits` digits, as the spec's examples. */
  readonly idPrefix: string;
  readonly idDigits: number;
  /** The spec's operations on the resource, with their success status. */
  readonly operations: { readonly [V in ResourceVerb]?: { readonly operationId: string; readonly status: number } };
  /** The webhook events its writes cause; absent for a resource the API cannot write. */
  readonly events?:
    | { readonly created: WebhookEventType; readonly updated: WebhookEventType; readonly deleted: WebhookEventType }
    | undefined;
  /** Every field besides `id` and `created_time`, in the schema's order. */
  readonly fields: readonly FieldModel[];
}

/** An object of any resource, as stored and answered. */
export interface ResourceObject {
  readonly id: string;
  readonly created_time: string;
  readonly [field: string]: unknown;
}

/** The id of object number `seq` (ids are never reused: deleted objects keep theirs). */
export function resourceId(model: ResourceModel, seq: number): string {
  return `${model.idPrefix}_${String(seq).padStart(model.idDigits, '0')}`;
}

/**
 * The object a creation stores: `id`, `created_time`, then every field of the model in the schema's
 * order (given, or its create default), then any other field given (a resource's schema may be open).
 */
export function newObject(
  model: ResourceModel,
  id: string,
  createdTime: string,
  given: Readonly<Record<string, unknown>>,
): ResourceObject {
  const object: Record<string, unknown> = { id, created_time: createdTime };
  for (const { name, onCreate } of model.fields) {
    const value = given[name];
    if (value !== undefined) object[name] = value;
    else if (typeof onCreate === 'object' && 'value' in onCreate) object[name] = copyOf(onCreate.value);
    else if (typeof onCreate === 'object') {
      const from = object[onCreate.from] ?? given[onCreate.from];
      if (from !== undefined) object[name] = from;
    } else if (onCreate === 'required') throw new Error(`a new ${model.noun} needs ${name}`);
  }
  for (const [name, value] of Object.entries(given)) {
    if (value !== undefined && !(name in object)) object[name] = value;
  }
  return object as ResourceObject;
}

/** A default value, copied when it is an object or array (a stored default is never shared). */
const copyOf = (value: unknown): unknown =>
  value !== null && typeof value === 'object' ? structuredClone(value) : value;

/** `current` with `changes` applied: the fields named change (`null` clears a nullable one), the others keep their values. */
export function changedObject(
  model: ResourceModel,
  current: ResourceObject,
  changes: Readonly<Record<string, unknown>>,
): ResourceObject {
  const next: Record<string, unknown> = { ...current };
  for (const [name, value] of Object.entries(changes)) {
    if (name === 'id' || name === 'created_time') throw new Error(`the ${name} of a ${model.noun} cannot change`);
    if (value !== undefined) next[name] = value;
  }
  return next as ResourceObject;
}
