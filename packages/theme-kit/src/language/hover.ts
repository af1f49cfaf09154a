/** Hover: an object's or member's type and description with the mock store's value; filters and tags with their signature. */
import type { Hover, Position } from 'vscode-languageserver';
import { CONTRACT_FILTERS } from '../render/contract.js';
import { type LanguageContext, type LiquidDoc, offsetAt, rangeOf } from './context.js';
import { FILTER_DOCS, filterSignature, TAG_DOCS } from './docs.js';
import { lex, pathsOf, statementAt, stringContent } from './liquid-document.js';
import { stringRole } from './names.js';
import { enumMembers, typeLabel } from './schema.js';
import { type Step, scopeAt, stepsOf, targetOf, typeOf } from './scope.js';

/** The value at `steps` from `value`, as Liquid reads it (own properties only; `first` / `last` / `size`). */
export function valueAt(value: unknown, steps: readonly Step[]): unknown {
  let current = value;
  for (const step of steps) {
    if (current === null || current === undefined) return undefined;
    if (step.kind === 'dynamic') return undefined;
    if (step.kind === 'item') {
      current = Array.isArray(current) ? current[0] : undefined;
      continue;
    }
    const key = step.name;
    if (Array.isArray(current)) {
      if (/^\d+$/.test(key) && step.kind === 'key') current = current[Number(key)];
      else if (key === 'first') current = current[0];
      else if (key === 'last') current = current.at(-1);
      else if (key === 'size') current = current.length;
      else current = undefined;
    } else if (typeof current === 'string') current = key === 'size' ? current.length : undefined;
    else if (typeof current === 'object' && Object.hasOwn(current, key))
      current = (current as Record<string, unknown>)[key];
    else current = undefined;
  }
  return current;
}

const MAX_VALUE = 240;

/** A value as a hover shows it: JSON for a scalar, the count for an array, shortened JSON for an object. */
export function formatValue(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `${value.length} ${value.length === 1 ? 'item' : 'items'}`;
  let json: string;
  try {
    json = JSON.stringify(value);
  } catch {
    return undefined;
  }
  return json.length > MAX_VALUE ? `${json.slice(0, MAX_VALUE)}…` : json;
}

const markdown = (parts: ReadonlyArray<string | undefined>): Hover['contents'] => ({
  kind: 'markdown',
  value: parts.filter((part): part is string => part !== undefined && part !== '').join('\n\n'),
});

function hoverLiquid(ctx: LanguageContext, doc: LiquidDoc, offset: number): Hover | null {
  const statement = statementAt(doc.statements, offset);
  if (!statement) return null;
  const range = (begin: number, end: number) => rangeOf(doc.lines, begin, end);
  if (
    statement.kind === 'tag' &&
    offset >= statement.nameBegin &&
    offset <= statement.nameEnd &&
    statement.name !== ''
  ) {
    const name =
      statement.name.startsWith('end') && TAG_DOCS[statement.name.slice(3)] ? statement.name.slice(3) : statement.name;
    const tag = TAG_DOCS[name];
    if (!tag) return null;
    return {
      contents: markdown([`\`\`\`liquid\n${tag.syntax}\n\`\`\``, tag.description]),
      range: range(statement.nameBegin, statement.nameEnd),
    };
  }
  const lexemes = lex(doc.text, statement.argsBegin, statement.argsEnd);
  const index = lexemes.findIndex((lexeme) => lexeme.begin <= offset && offset < lexeme.end);
  const lexeme = lexemes[index];
  if (!lexeme) return null;
  if (lexeme.type === 'ident' && lexemes[index - 1]?.text === '|') {
    if (!CONTRACT_FILTERS.has(lexeme.text)) return null;
    return {
      contents: markdown([
        `\`\`\`liquid\n| ${filterSignature(lexeme.text)}\n\`\`\``,
        FILTER_DOCS[lexeme.text]?.description,
      ]),
      range: range(lexeme.begin, lexeme.end),
    };
  }
  if (lexeme.type === 'string') {
    const role = stringRole(statement, lexemes, index);
    if (role?.kind !== 'snippet') return null;
    const content = stringContent(lexeme);
    if (!ctx.snapshot.files.has(`snippets/${content.value}.liquid`)) return null;
    const params = ctx.snippetParams(content.value);
    return {
      contents: markdown([
        `Snippet \`snippets/${content.value}.liquid\``,
        params.length > 0 ? `Parameters: ${params.map((p) => `\`${p}\``).join(', ')}` : undefined,
      ]),
      range: range(content.begin, content.end),
    };
  }
  for (const path of pathsOf(lexemes)) {
    const stepIndex = path.steps.findIndex((step) => step.begin <= offset && offset < step.end);
    if (stepIndex < 0) continue;
    const steps = path.steps.slice(0, stepIndex + 1);
    const scope = scopeAt(doc.statements, doc.text, offset, ctx.roots(doc), doc.scopes);
    const target = targetOf(scope, steps[0]!.name, stepsOf(steps));
    if (!target) return null;
    const { schema, description } = typeOf(target);
    if (!schema) return null;
    const members = enumMembers(schema);
    const value = target.root === undefined ? undefined : valueAt(ctx.values(doc)?.[target.root], target.steps);
    const shown = formatValue(value);
    const expression = steps
      .map((step, i) =>
        i === 0 ? step.name : step.kind === 'name' ? `.${step.name}` : `[${JSON.stringify(step.name)}]`,
      )
      .join('');
    return {
      contents: markdown([
        `\`\`\`ts\n${expression}: ${typeLabel(schema)}\n\`\`\``,
        description,
        members ? `One of: ${members.map((m) => `\`${JSON.stringify(m)}\``).join(', ')}` : undefined,
        shown === undefined ? undefined : `Mock store value: \`${shown}\``,
      ]),
      range: range(path.steps[stepIndex]!.begin, path.steps[stepIndex]!.end),
    };
  }
  return null;
}

/** Hover at `position` of `file`. */
export function hoverAt(ctx: LanguageContext, file: string, position: Position): Hover | null {
  const doc = ctx.document(file);
  if (doc?.kind !== 'liquid') return null;
  return hoverLiquid(ctx, doc, offsetAt(doc.lines, doc.text.length, position));
}
