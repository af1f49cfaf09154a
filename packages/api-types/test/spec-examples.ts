// Reads the complete OpenAPI document (specs/openapi.yaml with its derived request schemas written out,
// packages/api-types/src/generated/openapi.yaml) and lists every example it holds: the contract-test fixtures.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const SPEC_FILE = fileURLToPath(new URL('../../api-types/src/generated/openapi.yaml', import.meta.url));

type Json = unknown;
interface SchemaObject {
  examples?: Json[];
  'x-invalid-examples'?: InvalidExample[];
  [key: string]: unknown;
}
export interface InvalidExample {
  summary: string;
  value: Json;
  /** JSON pointer (ajv `instancePath`) of the expected error. */
  pointer: string;
  /** The JSON Schema keyword expected to fail. */
  keyword: string;
}
export interface Spec {
  paths: Record<string, Record<string, unknown>>;
  webhooks: Record<string, Record<string, unknown>>;
  components: {
    schemas: Record<string, SchemaObject>;
    examples: Record<string, { value: Json }>;
    [key: string]: unknown;
  };
}

export const spec = parse(readFileSync(SPEC_FILE, 'utf8')) as Spec;

/** A fixture: where it sits in the spec, what it is, and what must validate it. */
export interface ExampleCase {
  where: string;
  value: Json;
  /** Component schema name when the schema is a `$ref` to one, else the inline schema. */
  schema: { ref: string } | { inline: Record<string, unknown> };
}

const REF = '#/components/';

/** Follows `$ref`s to `#/components/...` until a node that is not a reference. */
export function resolve<T>(node: unknown): T {
  let current = node as Record<string, unknown>;
  while (current && typeof current.$ref === 'string' && current.$ref.startsWith(REF)) {
    const [kind, name] = current.$ref.slice(REF.length).split('/') as [string, string];
    current = (spec.components[kind] as Record<string, Record<string, unknown>>)[name]!;
  }
  return current as T;
}

function schemaOf(schema: Record<string, unknown>): ExampleCase['schema'] {
  const ref = schema.$ref;
  if (typeof ref === 'string' && ref.startsWith(`${REF}schemas/`)) return { ref: ref.slice(`${REF}schemas/`.length) };
  return { inline: schema };
}

interface MediaType {
  schema: Record<string, unknown>;
  example?: Json;
  examples?: Record<string, unknown>;
}

function mediaTypeCases(where: string, content: Record<string, MediaType> | undefined): ExampleCase[] {
  const cases: ExampleCase[] = [];
  for (const [mediaType, media] of Object.entries(content ?? {})) {
    if ('example' in media)
      cases.push({ where: `${where} ${mediaType}`, value: media.example, schema: schemaOf(media.schema) });
    for (const [name, example] of Object.entries(media.examples ?? {})) {
      const { value } = resolve<{ value: Json }>(example);
      cases.push({ where: `${where} ${mediaType} example ${name}`, value, schema: schemaOf(media.schema) });
    }
  }
  return cases;
}

interface Parameter {
  name: string;
  in: string;
  schema: Record<string, unknown>;
  example?: Json;
}
interface Operation {
  operationId: string;
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
}

function operationCases(prefix: string, operation: Operation): ExampleCase[] {
  const cases: ExampleCase[] = [];
  for (const raw of operation.parameters ?? []) {
    const parameter = resolve<Parameter>(raw);
    if ('example' in parameter) {
      cases.push({
        where: `${prefix} parameter ${parameter.in}:${parameter.name}`,
        value: parameter.example,
        schema: schemaOf(parameter.schema),
      });
    }
  }
  if (operation.requestBody) {
    cases.push(
      ...mediaTypeCases(
        `${prefix} request body`,
        resolve<{ content: Record<string, MediaType> }>(operation.requestBody).content,
      ),
    );
  }
  for (const [status, raw] of Object.entries(operation.responses)) {
    const response = resolve<{ content?: Record<string, MediaType>; headers?: Record<string, unknown> }>(raw);
    cases.push(...mediaTypeCases(`${prefix} response ${status}`, response.content));
    for (const [header, rawHeader] of Object.entries(response.headers ?? {})) {
      const h = resolve<{ schema: Record<string, unknown>; example?: Json }>(rawHeader);
      if ('example' in h)
        cases.push({
          where: `${prefix} response ${status} header ${header}`,
          value: h.example,
          schema: schemaOf(h.schema),
        });
    }
  }
  return cases;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Every operation of `paths` and `webhooks`, with its method and path (or webhook name). */
export function operations(): Array<{ prefix: string; operation: Operation }> {
  const out: Array<{ prefix: string; operation: Operation }> = [];
  for (const [group, items] of [
    ['paths', spec.paths],
    ['webhooks', spec.webhooks],
  ] as const) {
    for (const [key, item] of Object.entries(items)) {
      for (const method of METHODS) {
        const operation = item[method] as Operation | undefined;
        if (operation) out.push({ prefix: `${group} ${method.toUpperCase()} ${key}`, operation });
      }
    }
  }
  return out;
}

/** Examples attached to operations: parameters, request bodies, responses and their headers. */
export function operationExamples(): ExampleCase[] {
  return operations().flatMap(({ prefix, operation }) => operationCases(prefix, operation));
}

/** `examples` of each component schema. */
export function schemaExamples(): ExampleCase[] {
  return Object.entries(spec.components.schemas).flatMap(([name, schema]) =>
    (schema.examples ?? []).map((value, index) => ({
      where: `schema ${name} example ${index}`,
      value,
      schema: { ref: name },
    })),
  );
}

/** `x-invalid-examples` of each component schema: values that must fail, and where. */
export function invalidExamples(): Array<{ name: string; example: InvalidExample }> {
  return Object.entries(spec.components.schemas).flatMap(([name, schema]) =>
    (schema['x-invalid-examples'] ?? []).map((example) => ({ name, example })),
  );
}
