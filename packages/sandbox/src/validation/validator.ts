/** The shape of the precompiled (ajv standalone) validators under `src/generated/`. */

/** One failure of a precompiled validator, in ajv's format (`instancePath` is a JSON pointer). */
export interface ValidationError {
  readonly instancePath: string;
  readonly schemaPath: string;
  readonly keyword: string;
  readonly params: Record<string, unknown>;
  readonly message?: string;
}

/** A precompiled validator: a type guard whose `errors` hold the failures of its last call. */
export interface Validator<T> {
  (data: unknown): data is T;
  errors?: readonly ValidationError[] | null;
}
