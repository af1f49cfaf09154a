/**
 * The response check of a read answered from the store (`Reply.stored`): the page's envelope and each
 * stored document against the spec, with what each document was already found to be kept. A stored
 * object is the same JSON text from one read to the next until it changes, and a validator's answer
 * depends on nothing but the text it is given: so a document that passed an item validator in this
 * exact form is not parsed and checked again (the objects of a page a client reads over and over, or
 * the pages that overlap while it walks a list). A changed object is a new text, checked when first
 * answered. The envelope (`limit`, `has_more`, that `data` is an array) is checked on every answer.
 */
import type { StoredBody } from './reply.js';
import type { ValidationError, Validator } from '../validation/validator.js';

/** Documents remembered per validator; past this, the oldest is forgotten (it is checked again if read). */
export const PASSED_LIMIT = 2048;

/** The exact JSON texts that passed each validator. */
const passed = new WeakMap<Validator<unknown>, Set<string>>();

/**
 * The lists of documents (by identity: the store hands out the same array while nothing changed) whose
 * every document passed each item validator. A list is never changed once made (`readonly string[]`).
 */
const passedLists = new WeakMap<Validator<unknown>, WeakSet<readonly string[]>>();

/** The failures of a validator's last call (never empty: a refusal without errors still is one). */
export function failuresOf(validate: Validator<unknown>): readonly ValidationError[] {
  const errors = validate.errors ?? [];
  return errors.length > 0 ? errors : [{ instancePath: '', schemaPath: '', keyword: 'schema', params: {} }];
}

/** The failures of one document (their `instancePath` under `prefix`), or undefined when it matches. */
function documentErrors(
  validate: Validator<unknown>,
  json: string,
  prefix: string,
): readonly ValidationError[] | undefined {
  let texts = passed.get(validate);
  if (texts?.has(json)) return undefined;
  // The text the store holds is the JSON.stringify of an object; a parse failure would be a bug, reported as one.
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return [
      {
        instancePath: prefix,
        schemaPath: '',
        keyword: 'json',
        params: {},
        message: `is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
      },
    ];
  }
  if (!validate(value))
    return failuresOf(validate).map((error) => ({ ...error, instancePath: `${prefix}${error.instancePath}` }));
  if (texts === undefined) {
    texts = new Set();
    passed.set(validate, texts);
  }
  if (texts.size >= PASSED_LIMIT) texts.delete(texts.values().next().value!);
  texts.add(json);
  return undefined;
}

/**
 * What is wrong with a stored body against a documented response (its validator `validate`, and `items`
 * for a list envelope), in ajv's format: an empty list when it matches. A page with an `items` validator
 * is checked as its envelope plus each document; any other stored body is parsed and checked whole.
 */
export function storedBodyErrors(
  validate: Validator<unknown>,
  items: Validator<unknown> | undefined,
  stored: StoredBody,
): readonly ValidationError[] {
  const { envelope, documents } = stored;
  if (envelope === undefined) {
    if (documents.length !== 1)
      return [{ instancePath: '', schemaPath: '', keyword: 'type', params: {}, message: 'must be one object' }];
    return documentErrors(validate, documents[0]!, '') ?? [];
  }
  if (items === undefined) {
    const body = { ...envelope, data: documents.map((json) => JSON.parse(json) as unknown) };
    return validate(body) ? [] : failuresOf(validate);
  }
  const errors: ValidationError[] = [];
  if (!validate({ ...envelope, data: [] })) errors.push(...failuresOf(validate));
  let lists = passedLists.get(items);
  if (lists?.has(documents)) return errors;
  let failed = false;
  for (let i = 0; i < documents.length; i++) {
    const found = documentErrors(items, documents[i]!, `/data/${i}`);
    if (found !== undefined) {
      errors.push(...found);
      failed = true;
    }
  }
  if (!failed) {
    if (lists === undefined) {
      lists = new WeakSet();
      passedLists.set(items, lists);
    }
    lists.add(documents);
  }
  return errors;
}
