/**
 * Precompiled validators (ajv standalone, bundled: no `eval`, no dependencies) for every component
 * schema of `specs/openapi.yaml`. Each is a type guard; after a failed call its `errors` list what is
 * wrong, with `instancePath` as a JSON pointer.
 *
 * @packageDocumentation
 */
export * from './generated/validators.js';
