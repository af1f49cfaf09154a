/**
 * A validator's errors -> diagnostics a person understands: `anyOf`/`oneOf` unions collapsed into one
 * line each, every other error mapped by its keyword (`keyword-diagnostics.ts`), duplicates dropped.
 */
import type { RawValidationError } from '../generated/validators.js';
import { childPointer, fromPointer } from '../json/pointer.js';
import { keywordDiagnostic, type MapContext, type MappedDiagnostic } from './keyword-diagnostics.js';
import { article, describeAt, jsonType, valueAt } from './messages.js';
import { isRecommended } from './recommended.js';

export type { MapContext, MappedDiagnostic } from './keyword-diagnostics.js';

/** The errors a union's branches reported (same place or deeper, schema path under the union), by branch. */
function branchesOf(
  union: RawValidationError,
  errors: readonly RawValidationError[],
): Map<string, RawValidationError[]> {
  const prefix = `${union.schemaPath}/`;
  const branches = new Map<string, RawValidationError[]>();
  for (const e of errors) {
    if (e === union || !e.schemaPath.startsWith(prefix) || !e.instancePath.startsWith(union.instancePath)) continue;
    const branch = e.schemaPath.slice(prefix.length).split('/')[0] ?? '';
    branches.set(branch, [...(branches.get(branch) ?? []), e]);
  }
  return branches;
}

/** "Required in `props` or `props.settings`, in either spelling": one missing-property line. */
function missingSomewhere(
  union: RawValidationError,
  related: readonly RawValidationError[],
  ctx: MapContext,
): MappedDiagnostic {
  const names = [...new Set(related.map((e) => String(e.params.missingProperty)))];
  const primary = names.find((n) => !n.startsWith('backgound_')) ?? names[0] ?? '?';
  const viaSettings = related.some((e) => e.instancePath !== union.instancePath);
  const spelled =
    names.length > 1 && names.some((n) => n.startsWith('backgound_'))
      ? ` (or \`${primary.replace('background_', 'backgound_')}\`)`
      : '';
  const where = viaSettings ? ' in `props` or `props.settings`' : '';
  return {
    severity: 'error',
    code: 'missing-property',
    message: `missing required property \`${primary}\`${spelled}${where}${describeAt(fromPointer(union.instancePath), ctx.data)}`,
    pointer: childPointer(union.instancePath, primary),
    locate: union.instancePath,
  };
}

/** A value that matches none of a union's forms (by type, or otherwise). */
function matchesNone(
  union: RawValidationError,
  related: readonly RawValidationError[],
  ctx: MapContext,
): MappedDiagnostic {
  const segments = fromPointer(union.instancePath);
  const allTypes = related.length > 0 && related.every((e) => e.keyword === 'type');
  const expected = [...new Set(related.filter((e) => e.keyword === 'type').map((e) => article(String(e.params.type))))];
  const last = segments[segments.length - 1] ?? 'value';
  return {
    severity: 'error',
    code: allTypes ? 'invalid-type' : 'invalid-value',
    message: allTypes
      ? `\`${last}\` must be ${expected.join(' or ')}, not ${jsonType(valueAt(ctx.data, segments))}`
      : `\`${last}\` matches none of its allowed forms`,
    pointer: union.instancePath,
    locate: union.instancePath,
  };
}

/**
 * Resolves `anyOf`/`oneOf` errors: a branch that failed only on recommended constraints means the value
 * has an allowed form (those failures become the warnings); a union whose branches only miss required
 * properties is one missing-property line; errors deeper down explain themselves; else "matches none".
 */
function collapseUnions(
  errors: readonly RawValidationError[],
  ctx: MapContext,
): Array<RawValidationError | MappedDiagnostic> {
  const consumed = new Set<RawValidationError>();
  const out: Array<RawValidationError | MappedDiagnostic> = [];
  for (const union of errors) {
    if (union.keyword !== 'anyOf' && union.keyword !== 'oneOf') continue;
    const branches = branchesOf(union, errors);
    const related = [...branches.values()].flat();
    for (const e of related) consumed.add(e);
    consumed.add(union);
    const recommendedOnly = [...branches.values()].find((branch) => branch.every(isRecommended));
    if (recommendedOnly) {
      out.push(...recommendedOnly);
    } else if (related.length > 0 && related.every((e) => e.keyword === 'required')) {
      out.push(missingSomewhere(union, related, ctx));
    } else if (
      !errors.some((e) => !related.includes(e) && e !== union && e.instancePath.startsWith(`${union.instancePath}/`))
    ) {
      out.push(matchesNone(union, related, ctx));
    }
    // Otherwise a branch matched the value's type and failed deeper down: those deeper errors say what is wrong.
  }
  for (const error of errors) if (!consumed.has(error)) out.push(error);
  return out;
}

/** Converts a validator's errors to diagnostics (positions are added by the caller). */
export function schemaErrorsToDiagnostics(errors: readonly RawValidationError[], ctx: MapContext): MappedDiagnostic[] {
  const out = collapseUnions(errors, ctx).map((e) => ('keyword' in e ? keywordDiagnostic(e, ctx) : e));
  // One message per place and code: allErrors can report the same fact through two paths. A wrong
  // type where an enumeration is expected is said by the enum message alone (it lists the values).
  const enumAt = new Set(out.filter((d) => d.code === 'invalid-enum').map((d) => d.pointer));
  const seen = new Set<string>();
  return out.filter((d) => {
    if (d.code === 'invalid-type' && enumAt.has(d.pointer)) return false;
    const key = `${d.code}\u0000${d.pointer}\u0000${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
