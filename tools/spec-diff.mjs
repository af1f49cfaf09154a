// `npm run spec:diff [-- --base REF] [--root DIR]`: what changed in specs/ since the last release, and whether
// users break.
//
// Both halves of the spec are compared, each change classified as breaking or not:
// - The OpenAPI document (specs/openapi.yaml, with its x-derive request schemas expanded): the operations of
//   `paths` (users send the parameters and bodies, read the responses); the webhooks of `webhooks` (the
//   platform sends the payload, so it is classified as a response is: a field removed from it breaks the apps
//   that receive it, one added does not; the apps send the responses, classified as requests); and every named
//   schema of `components.schemas`, each a published type of api-types. A named schema some operation or
//   webhook reaches is compared where it is used, once per direction (one both sent and read is compared as
//   both, and a change breaking either use is breaking); one nothing reaches is compared on its own, as
//   `#/components/schemas/X`, in both directions at once (users may build it or read it), without following
//   its `$ref`s to other named schemas, so no change is reported twice.
// - The theme-kit interfaces (specs/theme-kit/*.ts), through the JSON Schemas published from them
//   (THEME_SCHEMA_DIRS; theme-context.schema.json is what templates read: output; the others validate what
//   users write). When specs/theme-kit is byte-identical to the base's (the common case: every `npm test`),
//   the committed generated schemas are compared (a few `git show`s, about a CPU-second for the whole run).
//   When it differs, the generators (tools/theme-config and tools/theme-kit `generate({ root })`) make the
//   schemas of both sides from the specs, the base's written out of git into a temporary directory, so an
//   interface edited without running the generators is caught (about 13 CPU-seconds more, measured 2026-11).
//
// A breaking change needs a changeset added since the base that bumps every package generated from that half
// with a breaking bump (minor at 0.x, major from 1.0), or the command exits 1 (also when a spec half cannot be
// read or generated). Exit 2 on a usage error: an unknown flag, a --base that is no commit, a --root that is
// not a directory, not a git work tree or has no specs/. Every rule has a fixture in
// tools/test/fixtures/spec-diff/ (the test derives the list of rules from this file).
//
// The base is `--base REF`, else the newest release tag (`@commerce-kit/<name>@x.y.z`), else, while nothing is
// released, the parent commit (HEAD~1). Old files are read with `git show REF:path`.
//
// No maintained library fits (checked 2026-11): openapi-diff 0.24 refuses OpenAPI 3.1 ("Swagger Parser only
// supports versions 3.0.x"); @useoptic/openapi-utilities' `diff` is a JSON-path diff of dereferenced documents
// with no classification (that lives in Optic's rulesets and CLI), so the classification below would be all
// of the work either way. This walks the documents itself: operations by method and path, parameters by
// location and name, bodies and responses by media type, schemas recursively through local `$ref`s.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { expandOpenApi } from './lib/openapi-document.mjs';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
export const OPENAPI_FILE = 'specs/openapi.yaml';
/** The theme-kit half's source: the interfaces the theme schemas are generated from. */
export const THEME_SPEC_DIR = 'specs/theme-kit';
export const THEME_SCHEMA_DIRS = [
  'packages/theme-config/src/generated/schemas',
  'packages/theme-kit/src/generated/schemas',
];
/** The packages generated from each half of the spec: each needs the breaking bump. */
export const GENERATED_FROM = {
  openapi: ['@commerce-kit/api-types', '@commerce-kit/api-client', '@commerce-kit/sandbox'],
  'theme-kit': ['@commerce-kit/theme-config', '@commerce-kit/theme-kit'],
};
// What templates read (the drops' context) is output; every other theme schema validates what users write.
const OUTPUT_SCHEMAS = new Set(['theme-context.schema.json']);
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * @typedef {{ breaking: boolean, rule: string, where: string, message: string, spec: 'openapi' | 'theme-kit' }} Change
 */

const COMPONENT_SCHEMAS = '#/components/schemas/';
const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const show = (value) => JSON.stringify(value);

/** The name of the component schema a `{ $ref: '#/components/schemas/X' }` points at, else undefined. */
function namedSchema(value) {
  const ref = isObject(value) ? value.$ref : undefined;
  return typeof ref === 'string' &&
    ref.startsWith(COMPONENT_SCHEMAS) &&
    !ref.slice(COMPONENT_SCHEMAS.length).includes('/')
    ? ref.slice(COMPONENT_SCHEMAS.length)
    : undefined;
}

/** Resolves local `$ref`s (`#/a/b`) against `root`, following chains; anything else is returned as given. */
function deref(root, value) {
  let current = value;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string' && hops < 32; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) return current;
    let target = root;
    for (const part of ref.slice(2).split('/')) {
      const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
      target = isObject(target) || Array.isArray(target) ? target[key] : undefined;
    }
    if (target === undefined) return current;
    // Sibling keywords beside a $ref (3.1: description, examples) narrow nothing: the target is the schema.
    current = target;
  }
  return current;
}

/** The JSON types a schema admits (`type` as a string or an array; `nullable` of 3.0), or undefined for any. */
function typesOf(schema) {
  if (!isObject(schema) || schema.type === undefined) return undefined;
  const types = new Set(Array.isArray(schema.type) ? schema.type : [schema.type]);
  if (schema.nullable === true) types.add('null');
  // An integer is a number: a number accepted where an integer was is a widening, not a new type.
  return types;
}

const admits = (types, type) => types.has(type) || (type === 'integer' && types.has('number'));

/**
 * Compares two schemas. `direction` is 'request' (users send what it describes: accepting less breaks them),
 * 'response' (users read it: giving more kinds of value, or fewer fields, breaks them) or 'both' (a published
 * type no operation reaches: users may write it or read it, so a change that breaks either side breaks).
 */
class SchemaDiffer {
  constructor(beforeRoot, afterRoot, spec, changes) {
    this.beforeRoot = beforeRoot;
    this.afterRoot = afterRoot;
    this.spec = spec;
    this.changes = changes;
    this.seen = new Set();
    /** The named schemas (`#/components/schemas/X`, same name on both sides) compared so far. */
    this.visited = new Set();
    /** Set while each named schema is compared on its own: a `$ref` to another named one is not followed. */
    this.namedPass = false;
  }

  add(breaking, rule, where, message) {
    this.changes.push({ breaking, rule, where, message, spec: this.spec });
  }

  compare(rawBefore, rawAfter, where, direction) {
    const named = namedSchema(rawBefore);
    if (named !== undefined && named === namedSchema(rawAfter)) {
      if (this.namedPass) return;
      this.visited.add(named);
    }
    // A recursive schema (a menu link's children) is compared once per pair of references and direction.
    const key = `${rawBefore?.$ref ?? ''}|${rawAfter?.$ref ?? ''}|${direction}`;
    if (rawBefore?.$ref && rawAfter?.$ref) {
      if (this.seen.has(key)) return;
      this.seen.add(key);
    }
    const before = deref(this.beforeRoot, rawBefore);
    const after = deref(this.afterRoot, rawAfter);
    if (!isObject(before) || !isObject(after)) return;
    // Whether accepting less (narrowing) breaks users, and whether admitting more (widening) does.
    const narrowBreaks = direction !== 'response';
    const widenBreaks = direction !== 'request';

    const beforeTypes = typesOf(before);
    const afterTypes = typesOf(after);
    if (beforeTypes && afterTypes) {
      const dropped = [...beforeTypes].filter((t) => !admits(afterTypes, t));
      const added = [...afterTypes].filter((t) => !admits(beforeTypes, t));
      if (dropped.length > 0)
        this.add(narrowBreaks, 'type-narrowed', where, `type narrowed: ${show(before.type)} -> ${show(after.type)}`);
      if (added.length > 0)
        this.add(widenBreaks, 'type-widened', where, `type widened: ${show(before.type)} -> ${show(after.type)}`);
    } else if (!beforeTypes && afterTypes && !before.oneOf && !before.anyOf && !before.allOf) {
      this.add(narrowBreaks, 'type-narrowed', where, `type narrowed: any -> ${show(after.type)}`);
    }

    if (before.format !== after.format) {
      if (after.format !== undefined && before.format === undefined)
        this.add(narrowBreaks, 'format-narrowed', where, `format added: ${after.format}`);
      else if (after.format === undefined)
        this.add(widenBreaks, 'format-widened', where, `format removed: ${before.format}`);
      else this.add(true, 'format-changed', where, `format changed: ${before.format} -> ${after.format}`);
    }

    this.compareConstraints(before, after, where, narrowBreaks, widenBreaks);

    if (Array.isArray(before.enum) || Array.isArray(after.enum)) {
      const beforeEnum = Array.isArray(before.enum) ? before.enum : undefined;
      const afterEnum = Array.isArray(after.enum) ? after.enum : undefined;
      if (beforeEnum && afterEnum) {
        for (const member of beforeEnum)
          if (!afterEnum.some((m) => same(m, member)))
            this.add(true, 'enum-member-removed', where, `enum member removed: ${show(member)}`);
        for (const member of afterEnum)
          if (!beforeEnum.some((m) => same(m, member)))
            this.add(false, 'enum-member-added', where, `enum member added: ${show(member)}`);
      } else if (afterEnum) this.add(narrowBreaks, 'enum-added', where, `values restricted to ${show(afterEnum)}`);
      else this.add(widenBreaks, 'enum-removed', where, 'enum restriction removed');
    }
    if ('const' in before || 'const' in after) {
      if (!same(before.const, after.const))
        this.add(true, 'const-changed', where, `const changed: ${show(before.const)} -> ${show(after.const)}`);
    }

    if ('default' in before || 'default' in after) {
      if (!same(before.default, after.default))
        this.add(true, 'default-changed', where, `default changed: ${show(before.default)} -> ${show(after.default)}`);
    }

    this.compareProperties(before, after, where, direction);

    if (before.items !== undefined && after.items !== undefined)
      this.compare(before.items, after.items, `${where}[]`, direction);
    if (isObject(before.additionalProperties) && isObject(after.additionalProperties))
      this.compare(before.additionalProperties, after.additionalProperties, `${where}{}`, direction);

    for (const keyword of ['oneOf', 'anyOf', 'allOf']) {
      const b = Array.isArray(before[keyword]) ? before[keyword] : [];
      const a = Array.isArray(after[keyword]) ? after[keyword] : [];
      for (let i = 0; i < Math.min(a.length, b.length); i++)
        this.compare(b[i], a[i], `${where}(${keyword}[${i}])`, direction);
      if (keyword === 'allOf') continue;
      if (a.length < b.length)
        this.add(narrowBreaks, 'type-narrowed', where, `${keyword} lost ${b.length - a.length} alternative(s)`);
      else if (a.length > b.length)
        this.add(widenBreaks, 'type-widened', where, `${keyword} gained ${a.length - b.length} alternative(s)`);
    }
  }

  compareConstraints(before, after, where, narrowBreaks, widenBreaks) {
    // Larger lower bounds and smaller upper bounds accept less.
    for (const [keyword, tighter] of [
      ['minLength', (b, a) => a > b],
      ['maxLength', (b, a) => a < b],
      ['minimum', (b, a) => a > b],
      ['maximum', (b, a) => a < b],
      ['exclusiveMinimum', (b, a) => a > b],
      ['exclusiveMaximum', (b, a) => a < b],
      ['minItems', (b, a) => a > b],
      ['maxItems', (b, a) => a < b],
      ['minProperties', (b, a) => a > b],
      ['maxProperties', (b, a) => a < b],
    ]) {
      const b = before[keyword];
      const a = after[keyword];
      if (same(a, b)) continue;
      const narrowed = typeof a === 'number' && (typeof b !== 'number' || tighter(b, a));
      if (narrowed)
        this.add(narrowBreaks, 'constraint-narrowed', where, `${keyword} narrowed: ${show(b)} -> ${show(a)}`);
      else this.add(widenBreaks, 'constraint-widened', where, `${keyword} widened: ${show(b)} -> ${show(a)}`);
    }
    if (before.pattern !== after.pattern) {
      if (after.pattern === undefined) this.add(widenBreaks, 'constraint-widened', where, 'pattern removed');
      else
        this.add(true, 'pattern-changed', where, `pattern changed: ${show(before.pattern)} -> ${show(after.pattern)}`);
    }
    if (before.additionalProperties !== false && after.additionalProperties === false)
      this.add(narrowBreaks, 'constraint-narrowed', where, 'additional properties no longer allowed');
  }

  compareProperties(before, after, where, direction) {
    const narrowBreaks = direction !== 'response';
    const widenBreaks = direction !== 'request';
    const beforeProps = isObject(before.properties) ? before.properties : {};
    const afterProps = isObject(after.properties) ? after.properties : {};
    const beforeRequired = new Set(Array.isArray(before.required) ? before.required : []);
    const afterRequired = new Set(Array.isArray(after.required) ? after.required : []);
    const removed = Object.keys(beforeProps).filter((name) => !(name in afterProps));
    const added = Object.keys(afterProps).filter((name) => !(name in beforeProps));
    for (const name of removed) {
      // A field gone and one come with the same schema is a rename.
      const renamedTo = added.find((other) => same(beforeProps[name], afterProps[other]));
      if (renamedTo !== undefined) {
        added.splice(added.indexOf(renamedTo), 1);
        this.add(true, 'field-renamed', `${where}.${name}`, `field renamed to ${renamedTo}`);
      } else this.add(true, 'field-removed', `${where}.${name}`, 'field removed');
    }
    for (const name of added) {
      if (narrowBreaks && afterRequired.has(name))
        this.add(true, 'field-required', `${where}.${name}`, 'required field added');
      else this.add(false, 'field-added', `${where}.${name}`, 'field added');
    }
    for (const name of Object.keys(beforeProps)) {
      if (!(name in afterProps)) continue;
      const was = beforeRequired.has(name);
      const is = afterRequired.has(name);
      if (!was && is) this.add(narrowBreaks, 'field-required', `${where}.${name}`, 'field made required');
      if (was && !is) this.add(widenBreaks, 'field-optional', `${where}.${name}`, 'field made optional');
      this.compare(beforeProps[name], afterProps[name], `${where}.${name}`, direction);
    }
  }
}

/** The parameters of an operation (path-level ones included, the operation's own winning), by `in:name`. */
function parametersOf(root, pathItem, operation) {
  const found = new Map();
  for (const raw of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]) {
    const parameter = deref(root, raw);
    if (isObject(parameter) && typeof parameter.name === 'string')
      found.set(`${parameter.in}:${parameter.name}`, parameter);
  }
  return found;
}

/** The operations of `paths` (`GET /products`) or of `webhooks` (`webhook POST product_created`), by key. */
function operationsOf(document, section) {
  const found = new Map();
  for (const [name, rawItem] of Object.entries(isObject(document?.[section]) ? document[section] : {})) {
    const pathItem = deref(document, rawItem);
    if (!isObject(pathItem)) continue;
    for (const method of METHODS)
      if (isObject(pathItem[method]))
        found.set(
          section === 'webhooks' ? `webhook ${method.toUpperCase()} ${name}` : `${method.toUpperCase()} ${name}`,
          {
            pathItem,
            operation: pathItem[method],
          },
        );
  }
  return found;
}

/** A route with its parameter names blanked (`/products/{}`), to find an operation whose parameter was renamed. */
const routeShape = (key) => key.replace(/\{[^}]*\}/g, '{}');

/**
 * Classifies every change between two OpenAPI documents (parsed): the operations of `paths`, the webhooks
 * of `webhooks`, and the named schemas no operation or webhook reaches.
 * @returns {Change[]}
 */
export function diffOpenApi(before, after) {
  /** @type {Change[]} */
  const changes = [];
  const differ = new SchemaDiffer(before, after, 'openapi', changes);
  const add = (breaking, rule, where, message) => changes.push({ breaking, rule, where, message, spec: 'openapi' });
  for (const section of ['paths', 'webhooks']) {
    const webhook = section === 'webhooks';
    const beforeOps = operationsOf(before, section);
    const afterOps = operationsOf(after, section);
    const afterById = new Map([...afterOps].map(([key, { operation }]) => [operation.operationId, key]));
    const pairs = [];
    for (const [key, b] of beforeOps) {
      if (afterOps.has(key)) {
        pairs.push([key, key]);
        continue;
      }
      const moved =
        (b.operation.operationId && afterById.get(b.operation.operationId)) ??
        (webhook
          ? undefined
          : [...afterOps.keys()].find((other) => !beforeOps.has(other) && routeShape(other) === routeShape(key)));
      if (moved) {
        add(
          true,
          webhook ? 'webhook-renamed' : 'operation-renamed',
          key,
          `${webhook ? 'webhook' : 'operation'} moved to ${moved}`,
        );
        pairs.push([key, moved]);
      } else if (webhook) add(true, 'webhook-removed', key, 'webhook removed');
      else add(true, 'operation-removed', key, 'operation removed');
    }
    const paired = new Set(pairs.map(([, a]) => a));
    for (const key of afterOps.keys())
      if (!beforeOps.has(key) && !paired.has(key)) {
        if (webhook) add(false, 'webhook-added', key, 'webhook added');
        else add(false, 'operation-added', key, 'operation added');
      }
    for (const [beforeKey, afterKey] of pairs)
      compareOperation(beforeOps.get(beforeKey), afterOps.get(afterKey), afterKey, webhook);
  }

  /**
   * One operation. Of a path, users send the parameters and the body and read the responses; of a webhook the
   * platform sends the parameters and the body (the payload apps receive: classified as a response is) and
   * apps send the responses (classified as a request is).
   */
  function compareOperation(b, a, where, webhook) {
    const sent = webhook ? 'response' : 'request';
    const replied = webhook ? 'request' : 'response';
    if (b.operation.operationId !== a.operation.operationId)
      add(
        true,
        webhook ? 'webhook-renamed' : 'operation-renamed',
        where,
        `operationId renamed: ${b.operation.operationId} -> ${a.operation.operationId}`,
      );

    const beforeParams = parametersOf(before, b.pathItem, b.operation);
    const afterParams = parametersOf(after, a.pathItem, a.operation);
    for (const [name, parameter] of beforeParams) {
      const next = afterParams.get(name);
      const label = `${where} parameter ${name}`;
      if (!next) {
        const renamed =
          parameter.in === 'path'
            ? [...afterParams.keys()].find((other) => other.startsWith('path:') && !beforeParams.has(other))
            : undefined;
        if (renamed) add(true, 'parameter-renamed', label, `parameter renamed to ${renamed}`);
        else add(true, 'parameter-removed', label, 'parameter removed');
        continue;
      }
      // A webhook's parameter (a header the platform sends) made required is one more guarantee to apps.
      if (!parameter.required && next.required) add(!webhook, 'parameter-required', label, 'parameter made required');
      differ.compare(parameter.schema, next.schema, label, sent);
    }
    for (const [name, parameter] of afterParams) {
      if (beforeParams.has(name) || parameter.in === 'path') continue;
      if (parameter.required && !webhook)
        add(true, 'parameter-required', `${where} parameter ${name}`, 'required parameter added');
      else add(false, 'parameter-added', `${where} parameter ${name}`, 'parameter added');
    }

    const beforeBody = deref(before, b.operation.requestBody);
    const afterBody = deref(after, a.operation.requestBody);
    if (isObject(beforeBody) && !isObject(afterBody)) add(true, 'request-body-removed', where, 'request body removed');
    else if (!isObject(beforeBody) && isObject(afterBody)) {
      if (afterBody.required) add(!webhook, 'request-body-required', where, 'required request body added');
      else add(false, 'request-body-added', where, 'request body added');
    } else if (isObject(beforeBody) && isObject(afterBody)) {
      if (!beforeBody.required && afterBody.required)
        add(!webhook, 'request-body-required', where, 'request body made required');
      for (const [type, media] of Object.entries(beforeBody.content ?? {})) {
        const next = afterBody.content?.[type];
        if (!next) add(true, 'media-type-removed', `${where} request ${type}`, 'request media type removed');
        else differ.compare(media.schema, next.schema, `${where} request ${type}`, sent);
      }
    }

    const beforeResponses = isObject(b.operation.responses) ? b.operation.responses : {};
    const afterResponses = isObject(a.operation.responses) ? a.operation.responses : {};
    for (const [status, rawResponse] of Object.entries(beforeResponses)) {
      const label = `${where} response ${status}`;
      if (!(status in afterResponses)) {
        add(true, 'response-status-removed', label, 'response status removed');
        continue;
      }
      const response = deref(before, rawResponse);
      const next = deref(after, afterResponses[status]);
      for (const [type, media] of Object.entries(response?.content ?? {})) {
        const nextMedia = next?.content?.[type];
        if (!nextMedia) add(true, 'media-type-removed', `${label} ${type}`, 'response media type removed');
        else differ.compare(media.schema, nextMedia.schema, `${label} ${type}`, replied);
      }
    }
    for (const status of Object.keys(afterResponses))
      if (!(status in beforeResponses))
        add(false, 'response-status-added', `${where} response ${status}`, 'response status added');
  }

  // Every named schema is published (a type of api-types). One an operation or a webhook reaches was compared
  // above, once per direction it is used in, under the first operation that uses it that way: a schema both
  // sent and read is compared as a request and as a response, and a change that breaks either use is a
  // breaking line (a field made optional: "ok" under the request, "BREAKING" under the response). One nothing
  // reaches (or only removed operations did) is compared here, on its own (`#/components/schemas/X`), in
  // both directions at once: users may build it or read it, so breaking either way is breaking. A `$ref` in
  // it to another named schema is not followed (that one is compared on its own or was above): no change is
  // reported twice.
  const beforeSchemas = isObject(before?.components?.schemas) ? before.components.schemas : {};
  const afterSchemas = isObject(after?.components?.schemas) ? after.components.schemas : {};
  const reached = new Set(differ.visited);
  differ.namedPass = true;
  for (const name of Object.keys(beforeSchemas)) {
    const where = `${COMPONENT_SCHEMAS}${name}`;
    if (!(name in afterSchemas)) add(true, 'schema-removed', where, 'schema removed');
    else if (!reached.has(name)) differ.compare(beforeSchemas[name], afterSchemas[name], where, 'both');
  }
  for (const name of Object.keys(afterSchemas))
    if (!(name in beforeSchemas)) add(false, 'schema-added', `${COMPONENT_SCHEMAS}${name}`, 'schema added');
  return dedupe(changes);
}

/** One line per distinct change (a schema reached by several operations is reported once per place). */
function dedupe(changes) {
  const seen = new Set();
  return changes.filter((change) => {
    const key = `${change.spec}|${change.where}|${change.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Classifies every change between two sets of theme-kit JSON Schemas (file name -> parsed schema).
 * @param {Map<string, unknown>} before
 * @param {Map<string, unknown>} after
 * @returns {Change[]}
 */
export function diffThemeSchemas(before, after) {
  /** @type {Change[]} */
  const changes = [];
  for (const [file, schema] of before) {
    if (!after.has(file)) {
      changes.push({
        breaking: true,
        rule: 'schema-removed',
        where: file,
        message: 'schema removed',
        spec: 'theme-kit',
      });
      continue;
    }
    const next = after.get(file);
    const differ = new SchemaDiffer(schema, next, 'theme-kit', changes);
    differ.compare(schema, next, file, OUTPUT_SCHEMAS.has(file) ? 'response' : 'request');
    // Definitions no root reaches are still published interfaces.
    const beforeDefs = { ...(schema?.definitions ?? {}), ...(schema?.$defs ?? {}) };
    const afterDefs = { ...(next?.definitions ?? {}), ...(next?.$defs ?? {}) };
    for (const name of Object.keys(beforeDefs))
      if (!(name in afterDefs))
        changes.push({
          breaking: true,
          rule: 'schema-removed',
          where: `${file}#${name}`,
          message: 'definition removed',
          spec: 'theme-kit',
        });
  }
  for (const file of after.keys())
    if (!before.has(file))
      changes.push({ breaking: false, rule: 'schema-added', where: file, message: 'schema added', spec: 'theme-kit' });
  return dedupe(changes);
}

// --- git and changesets ---------------------------------------------------------------------------------

function git(root, args) {
  return execFileSync('git', args, {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 << 20,
  });
}

function tryGit(root, args) {
  try {
    return git(root, args);
  } catch {
    return undefined;
  }
}

/** `--base`, else the newest release tag, else HEAD~1; undefined when none exists (a first commit). */
export function resolveBase(root, explicit) {
  if (explicit !== undefined)
    return tryGit(root, ['rev-parse', '--verify', '--quiet', `${explicit}^{commit}`]) ? explicit : undefined;
  const tags = (tryGit(root, ['tag', '--list', '@commerce-kit/*@*', '--sort=-creatordate']) ?? '')
    .split('\n')
    .filter((tag) => /^@commerce-kit\/[\w.-]+@\d+\.\d+\.\d+$/.test(tag));
  if (tags.length > 0) return tags[0];
  return tryGit(root, ['rev-parse', '--verify', '--quiet', 'HEAD~1^{commit}']) ? 'HEAD~1' : undefined;
}

function readThemeSchemasAt(root, ref) {
  const schemas = new Map();
  for (const dir of THEME_SCHEMA_DIRS) {
    if (ref === undefined) {
      const full = path.join(root, dir);
      if (!existsSync(full)) continue;
      for (const file of readdirSync(full).sort())
        if (file.endsWith('.schema.json')) schemas.set(file, JSON.parse(readFileSync(path.join(full, file), 'utf8')));
    } else {
      const listed = tryGit(root, ['ls-tree', '--name-only', `${ref}:${dir}`]) ?? '';
      for (const file of listed.split('\n').filter((f) => f.endsWith('.schema.json')))
        schemas.set(file, JSON.parse(git(root, ['show', `${ref}:${dir}/${file}`])));
    }
  }
  return schemas;
}

/** Whether specs/theme-kit in the work tree (committed or not, untracked files included) is the base's, byte for byte. */
export function themeSpecsUnchanged(root, base) {
  // `git diff --quiet` exits 1 when something differs (tryGit: undefined).
  if (tryGit(root, ['diff', '--quiet', base, '--', THEME_SPEC_DIR]) === undefined) return false;
  return (tryGit(root, ['ls-files', '--others', '--exclude-standard', '--', THEME_SPEC_DIR]) ?? '').trim() === '';
}

/** The theme JSON Schemas (file name -> parsed) the generators make from `root`'s specs/theme-kit. */
async function generateThemeSchemas(root) {
  // Loaded only here: typescript-json-schema and the validator bundling are seconds, not for the fast path.
  const [config, kit] = await Promise.all([import('./theme-config/generate.mjs'), import('./theme-kit/generate.mjs')]);
  const schemas = new Map();
  for (const files of [await config.generate({ root }), await kit.generate({ root })])
    for (const [file, text] of files)
      if (file.endsWith('.schema.json') && THEME_SCHEMA_DIRS.includes(path.posix.dirname(file)))
        schemas.set(path.posix.basename(file), JSON.parse(text));
  return schemas;
}

/** The base's specs/ written out into a temporary directory (removed by the caller); undefined when it has none. */
function checkoutSpecs(root, ref) {
  if (!tryGit(root, ['ls-tree', '--name-only', ref, '--', THEME_SPEC_DIR])?.trim()) return undefined;
  const archive = execFileSync('git', ['archive', '--format=tar', ref, '--', 'specs'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 256 << 20,
  });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'spec-diff-base-'));
  try {
    execFileSync('tar', ['-x', '-C', dir], { input: archive, stdio: ['pipe', 'ignore', 'pipe'] });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return dir;
}

/**
 * The theme schemas of the base and of the work tree. When specs/theme-kit is unchanged, the committed
 * generated schemas (fast: `git show`s); when it changed, what specs/theme-kit generates on each side, so an
 * interface edited without running the generators is compared too.
 * @returns {Promise<{ before: Map<string, unknown>, after: Map<string, unknown>, generated: boolean, baseFallback?: string }>}
 */
async function themeSchemasOf(root, base) {
  if (themeSpecsUnchanged(root, base))
    return { before: readThemeSchemasAt(root, base), after: readThemeSchemasAt(root, undefined), generated: false };
  const after = await generateThemeSchemas(root);
  const baseDir = checkoutSpecs(root, base);
  if (baseDir === undefined) return { before: readThemeSchemasAt(root, base), after, generated: true };
  try {
    return { before: await generateThemeSchemas(baseDir), after, generated: true };
  } catch (error) {
    // An old base the generators of today cannot read: its schemas as they were committed then.
    const reason = error instanceof Error ? error.message : String(error);
    return { before: readThemeSchemasAt(root, base), after, generated: true, baseFallback: reason };
  } finally {
    rmSync(baseDir, { recursive: true, force: true });
  }
}

function readOpenApiAt(root, ref) {
  const text =
    ref === undefined
      ? readFileSync(path.join(root, OPENAPI_FILE), 'utf8')
      : tryGit(root, ['show', `${ref}:${OPENAPI_FILE}`]);
  // Compared as tools read it: the x-derive request schemas written out (an older spec has none).
  return text === undefined ? undefined : expandOpenApi(parseYaml(text));
}

/** The bump each package gets from the changesets added since `base` (committed or not): the largest. */
export function changesetBumps(root, base) {
  const added = new Set(
    (git(root, ['diff', '--name-only', '--diff-filter=A', base, '--', '.changeset']) ?? '')
      .split('\n')
      .concat((tryGit(root, ['ls-files', '--others', '--exclude-standard', '--', '.changeset']) ?? '').split('\n'))
      .filter((file) => /^\.changeset\/[^/]+\.md$/.test(file) && !file.endsWith('README.md')),
  );
  const rank = { patch: 1, minor: 2, major: 3 };
  /** @type {Map<string, 'patch' | 'minor' | 'major'>} */
  const bumps = new Map();
  for (const file of added) {
    const full = path.join(root, file);
    if (!existsSync(full)) continue;
    const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(full, 'utf8'));
    for (const line of front?.[1].split(/\r?\n/) ?? []) {
      const match = /^\s*["']?([^"':\s]+)["']?\s*:\s*(patch|minor|major)\s*$/.exec(line);
      if (match && rank[match[2]] > (rank[bumps.get(match[1])] ?? 0)) bumps.set(match[1], match[2]);
    }
  }
  return bumps;
}

/** The breaking bump of a package: minor while its version is 0.x, major from 1.0. */
export function breakingBump(root, name) {
  for (const folder of readdirSync(path.join(root, 'packages'))) {
    const file = path.join(root, 'packages', folder, 'package.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8'));
    if (manifest.name === name) return /^0\./.test(manifest.version ?? '0.0.0') ? 'minor' : 'major';
  }
  return 'minor';
}

/** Why `root` cannot be compared (not a directory, not a git work tree, no specs/), or undefined. */
function checkRoot(root) {
  let stat;
  try {
    stat = statSync(root);
  } catch {
    return 'no such directory';
  }
  if (!stat.isDirectory()) return 'not a directory';
  if (tryGit(root, ['rev-parse', '--is-inside-work-tree'])?.trim() !== 'true') return 'not a git work tree';
  if (!existsSync(path.join(root, 'specs'))) return 'has no specs/ directory';
  return undefined;
}

const USAGE = 'usage: npm run spec:diff [-- --base REF] [--root DIR]';

/**
 * Runs the command; returns its exit status (0 no unchangesetted breaking change, 1 one, 2 usage).
 * @param {string[]} argv
 * @param {{ out?: (line: string) => void, err?: (line: string) => void }} [io]
 */
export async function runSpecDiff(argv, { out = console.log, err = console.error } = {}) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { base: { type: 'string' }, root: { type: 'string' }, help: { type: 'boolean' } },
      strict: true,
    }));
  } catch (error) {
    err(`spec:diff: ${error instanceof Error ? error.message : String(error)}`);
    err(USAGE);
    return 2;
  }
  if (values.help) {
    out(USAGE);
    return 0;
  }
  const root = path.resolve(values.root ?? REPO_ROOT);
  const rootProblem = checkRoot(root);
  if (rootProblem !== undefined) {
    err(`spec:diff: --root ${values.root ?? root}: ${rootProblem}`);
    err(USAGE);
    return 2;
  }
  if (values.base !== undefined && values.base.trim() === '') {
    err('spec:diff: --base needs a git revision (a tag, a branch or a commit)');
    return 2;
  }
  const base = resolveBase(root, values.base);
  if (base === undefined) {
    if (values.base !== undefined) {
      err(`spec:diff: --base ${values.base} is not a commit of this repository`);
      return 2;
    }
    out('spec:diff: no release tag and no parent commit to compare with; nothing to check');
    return 0;
  }

  const changes = [];
  try {
    const beforeApi = readOpenApiAt(root, base);
    if (beforeApi !== undefined && existsSync(path.join(root, OPENAPI_FILE)))
      changes.push(...diffOpenApi(beforeApi, readOpenApiAt(root, undefined)));
  } catch (error) {
    // An x-derive the loader refuses (its message names the file, line and column) or YAML it cannot parse.
    err(`spec:diff: cannot read ${OPENAPI_FILE}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  try {
    const { before, after, generated, baseFallback } = await themeSchemasOf(root, base);
    if (baseFallback !== undefined)
      out(
        `spec:diff: ${THEME_SPEC_DIR} differs from ${base}, whose specs the generators cannot read (${baseFallback}): its committed schemas compared with the ones generated now`,
      );
    else if (generated) out(`spec:diff: ${THEME_SPEC_DIR} differs from ${base}: its schemas generated for both sides`);
    changes.push(...diffThemeSchemas(before, after));
  } catch (error) {
    err(
      `spec:diff: cannot generate the theme schemas from ${path.join(root, THEME_SPEC_DIR)}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }

  out(
    `spec:diff: specs/ against ${base}: ${changes.length} change(s), ${changes.filter((c) => c.breaking).length} breaking`,
  );
  for (const change of changes)
    out(
      `  ${change.breaking ? 'BREAKING' : 'ok      '}  [${change.spec}] ${change.where}: ${change.message} (${change.rule})`,
    );

  const bumps = changesetBumps(root, base);
  const rank = { patch: 1, minor: 2, major: 3 };
  let missing = 0;
  for (const [spec, packages] of Object.entries(GENERATED_FROM)) {
    if (!changes.some((c) => c.breaking && c.spec === spec)) continue;
    for (const name of packages) {
      const needed = breakingBump(root, name);
      const given = bumps.get(name);
      if (given !== undefined && rank[given] >= rank[needed]) continue;
      missing++;
      err(
        `spec:diff: a breaking change to the ${spec === 'openapi' ? 'OpenAPI document' : 'theme-kit interfaces'} needs a changeset with "${name}": ${needed}` +
          (given ? ` (the changesets since ${base} give it ${given})` : ` (none since ${base} names it)`),
      );
    }
  }
  return missing > 0 ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename)
  process.exitCode = await runSpecDiff(process.argv.slice(2));
