/**
 * What a name means at a point of a Liquid document: the contract's objects, the loop variables of the
 * `for` / `tablerow` tags around it (`{% for c in categories %}` binds `c` to a category), `forloop`, and
 * the variables `assign` / `capture` / `increment` made before it. A variable is resolved to a path from a
 * contract object where it can be (so hover can show the mock store's value), else to a type.
 */
import { lex, type Lexeme, type PathStep, readPath, type Statement } from './liquid-document.js';
import { describe, FORLOOP, itemOf, type JsonSchema, keyOf, memberOf, TABLEROWLOOP } from './schema.js';

/** A step from a root: a member, a key, an item (`[0]`, a loop's element), or a computed key. */
export interface Step {
  readonly kind: 'name' | 'key' | 'item' | 'dynamic';
  readonly name: string;
}

/** Where a value comes from: a contract object and steps from it, or a type with no value behind it. */
export interface Target {
  /** The contract object's name (its value is in the mock store), or undefined for a local of known type. */
  readonly root: string | undefined;
  readonly schema: JsonSchema | undefined;
  readonly steps: readonly Step[];
}

/** The variables defined at a point. */
export interface Scope {
  /** Contract objects the file sees. */
  readonly roots: ReadonlyMap<string, JsonSchema>;
  /** Locals (innermost loop variables first, then `assign`s), by name. */
  readonly locals: ReadonlyMap<string, Target>;
  /** The tags of the blocks open at the point, innermost last (`for`, `if`, ...). */
  readonly open: readonly string[];
}

const BLOCK_TAGS = new Set(['if', 'unless', 'for', 'case', 'capture', 'tablerow', 'comment', 'raw']);

const STRING_TYPE: JsonSchema = { type: 'string' };
const NUMBER_TYPE: JsonSchema = { type: 'number' };
const BOOLEAN_TYPE: JsonSchema = { type: 'boolean' };

/** Filters that keep the kind of their input (an array stays the same array's type). */
const SAME_FILTERS = new Set([
  'where',
  'reject',
  'sort',
  'sort_natural',
  'reverse',
  'uniq',
  'compact',
  'concat',
  'default',
]);
const ITEM_FILTERS = new Set(['first', 'last', 'find']);
const NUMBER_FILTERS = new Set([
  'size',
  'plus',
  'minus',
  'times',
  'divided_by',
  'modulo',
  'abs',
  'ceil',
  'floor',
  'round',
  'at_least',
  'at_most',
  'sum',
  'find_index',
]);

/** Steps of a path's lexemes (the root excluded). */
export function stepsOf(path: readonly PathStep[]): Step[] {
  return path.slice(1).map((step) => ({
    kind: step.kind === 'name' ? 'name' : step.kind === 'key' ? 'key' : 'dynamic',
    name: step.name,
  }));
}

/** The type at the end of `target`'s steps, and the description of the last member. */
export function typeOf(
  target: Target,
  extra: readonly Step[] = [],
): { schema: JsonSchema | undefined; description: string | undefined } {
  let schema = target.schema;
  let description = schema ? describe(schema) : undefined;
  for (const step of [...target.steps, ...extra]) {
    if (!schema) return { schema: undefined, description: undefined };
    if (step.kind === 'name') schema = memberOf(schema, step.name);
    else if (step.kind === 'key') schema = keyOf(schema, /^\d+$/.test(step.name) ? Number(step.name) : step.name);
    else schema = itemOf(schema);
    description = schema ? describe(schema) : undefined;
  }
  return { schema, description };
}

/** The target a path starts from: a local or a contract object. */
export function targetOf(scope: Scope, root: string, steps: readonly Step[]): Target | undefined {
  const local = scope.locals.get(root);
  if (local) return { root: local.root, schema: local.schema, steps: [...local.steps, ...steps] };
  const schema = scope.roots.get(root);
  if (schema) return { root, schema, steps };
  return undefined;
}

/** The target of an expression (`categories | first`, `store.name`, `'text'`), or undefined when unknown. */
function expressionTarget(scope: Scope, lexemes: readonly Lexeme[], from: number): Target | undefined {
  const head = lexemes[from];
  if (!head) return undefined;
  let target: Target | undefined;
  let i = from + 1;
  if (head.type === 'string') target = { root: undefined, schema: STRING_TYPE, steps: [] };
  else if (head.type === 'number') target = { root: undefined, schema: NUMBER_TYPE, steps: [] };
  else if (head.type === 'ident' && (head.text === 'true' || head.text === 'false'))
    target = { root: undefined, schema: BOOLEAN_TYPE, steps: [] };
  else if (head.type === 'ident') {
    const path = readPath(lexemes, from);
    if (!path || path.trailingDot !== undefined || path.openBracket !== undefined) return undefined;
    target = targetOf(scope, path.steps[0]!.name, stepsOf(path.steps));
    i = path.last;
  } else if (head.text === '(') {
    return { root: undefined, schema: { type: 'array', items: { type: 'integer' } }, steps: [] };
  }
  // filters
  while (target && i < lexemes.length) {
    if (lexemes[i]!.text !== '|') break;
    const name = lexemes[i + 1]?.text ?? '';
    i += 2;
    while (i < lexemes.length && lexemes[i]!.text !== '|') i++;
    if (SAME_FILTERS.has(name)) continue;
    if (ITEM_FILTERS.has(name)) target = { ...target, steps: [...target.steps, { kind: 'item', name: '' }] };
    else if (NUMBER_FILTERS.has(name)) target = { root: undefined, schema: NUMBER_TYPE, steps: [] };
    else target = { root: undefined, schema: STRING_TYPE, steps: [] };
  }
  return target;
}

/** The state of {@link scopeAt}'s walk after some statements, kept so a later walk resumes there. */
export interface ScopeCheckpoint {
  /** Number of statements read. */
  readonly index: number;
  readonly loops: ReadonlyArray<{ readonly tag: string; readonly name: string; readonly target: Target | undefined }>;
  readonly assigns: ReadonlyMap<string, Target>;
  readonly open: readonly string[];
}

/** Statements between two checkpoints. */
const CHECKPOINT_EVERY = 512;

/**
 * The scope just before `offset`: the statements before it are read in order, from the last of
 * `checkpoints` (a document's cache, extended here) before it, so a request near the end of a large
 * document does not read it all again.
 */
export function scopeAt(
  statements: readonly Statement[],
  text: string,
  offset: number,
  roots: ReadonlyMap<string, JsonSchema>,
  checkpoints: ScopeCheckpoint[] = [],
): Scope {
  // the statements wholly before the offset (the one being edited is not read)
  let limit = 0;
  let lo = 0;
  let hi = statements.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (statements[mid]!.begin < offset) {
      limit = mid + 1;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  let start: ScopeCheckpoint | undefined;
  for (let i = checkpoints.length - 1; i >= 0; i--)
    if (checkpoints[i]!.index <= limit) {
      start = checkpoints[i];
      break;
    }
  const loops = start ? start.loops.map((loop) => ({ ...loop })) : [];
  const assigns = new Map<string, Target>(start?.assigns);
  const open: string[] = start ? [...start.open] : [];
  const scope = (): Scope => {
    const locals = new Map<string, Target>(assigns);
    for (const loop of loops) {
      locals.set(loop.tag === 'for' ? 'forloop' : 'tablerowloop', {
        root: undefined,
        schema: loop.tag === 'for' ? FORLOOP : TABLEROWLOOP,
        steps: [],
      });
      if (loop.target) locals.set(loop.name, loop.target);
      else locals.delete(loop.name);
    }
    return { roots, locals, open };
  };
  for (let index = start?.index ?? 0; index < limit; index++) {
    if (index > 0 && index % CHECKPOINT_EVERY === 0 && index < limit - 1 && (checkpoints.at(-1)?.index ?? 0) < index)
      checkpoints.push({
        index,
        loops: loops.map((loop) => ({ ...loop })),
        assigns: new Map(assigns),
        open: [...open],
      });
    const statement = statements[index]!;
    if (statement.end > offset || statement.kind !== 'tag') continue; // the statement being edited
    const { name } = statement;
    if (name === 'liquid') continue;
    if (BLOCK_TAGS.has(name)) open.push(name);
    else if (name.startsWith('end') && open.at(-1) === name.slice(3)) open.pop();
    if (name === 'for' || name === 'tablerow') {
      const lexemes = lex(text, statement.argsBegin, statement.argsEnd);
      const variable = lexemes[0];
      if (variable?.type === 'ident' && lexemes[1]?.text === 'in') {
        const collection = expressionTarget(scope(), lexemes, 2);
        loops.push({
          tag: name,
          name: variable.text,
          target: collection ? { ...collection, steps: [...collection.steps, { kind: 'item', name: '' }] } : undefined,
        });
      } else loops.push({ tag: name, name: '', target: undefined });
    } else if ((name === 'endfor' || name === 'endtablerow') && loops.length > 0) {
      const tag = name.slice(3);
      const index = loops.map((loop) => loop.tag).lastIndexOf(tag);
      if (index >= 0) loops.splice(index);
    } else if (name === 'assign') {
      const lexemes = lex(text, statement.argsBegin, statement.argsEnd);
      const variable = lexemes[0];
      if (variable?.type === 'ident' && lexemes[1]?.text === '=') {
        const target = expressionTarget(scope(), lexemes, 2);
        assigns.set(variable.text, target ?? { root: undefined, schema: undefined, steps: [] });
      }
    } else if (name === 'capture') {
      const variable = lex(text, statement.argsBegin, statement.argsEnd)[0];
      if (variable)
        assigns.set(variable.type === 'string' ? variable.text.slice(1, -1) : variable.text, {
          root: undefined,
          schema: STRING_TYPE,
          steps: [],
        });
    } else if (name === 'increment' || name === 'decrement') {
      const variable = lex(text, statement.argsBegin, statement.argsEnd)[0];
      if (variable?.type === 'ident') assigns.set(variable.text, { root: undefined, schema: NUMBER_TYPE, steps: [] });
    }
  }
  return scope();
}
