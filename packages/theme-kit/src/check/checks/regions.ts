/** The `editable_region` tags of every source, where they stand (shared by the two region checks). */
import type { CheckContext, Location } from '../context.js';

/** A region tag with a literal name: where the tag starts, and the span of the name when it is editable. */
export interface RegionTag {
  readonly name: string;
  readonly where: Location;
  readonly span: Location | undefined;
}

export function regionTags(context: CheckContext): RegionTag[] {
  const out: RegionTag[] = [];
  for (const source of context.sources) {
    for (const use of source.parsed.uses?.regions ?? []) {
      out.push({
        name: use.name,
        where: source.locate(use.line, use.column),
        span: use.span && source.editable ? source.locateSpan(use.span) : undefined,
      });
    }
  }
  return out;
}
