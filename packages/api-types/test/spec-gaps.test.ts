// docs/spec-gaps.md and the spec's `x-unspecified` markers name the same places: every REST row points
// at markers that exist, and every marker in the spec is listed by a row.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { spec } from './spec-examples.js';

const GAPS = readFileSync(new URL('../../../docs/spec-gaps.md', import.meta.url), 'utf8');

function restRows(): Array<{ id: string; pointers: string[] }> {
  const section = GAPS.slice(GAPS.indexOf('## REST API'), GAPS.indexOf('\n## ', GAPS.indexOf('## REST API') + 1));
  const rows: Array<{ id: string; pointers: string[] }> = [];
  for (const line of section.split('\n')) {
    const cells = line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (cells.length !== 5 || !/^\d+$/.test(cells[0] ?? '')) continue;
    rows.push({ id: cells[0]!, pointers: [...(cells[4] ?? '').matchAll(/`(\/[^`]*)`/g)].map((m) => m[1]!) });
  }
  return rows;
}

function resolvePointer(root: unknown, pointer: string): unknown {
  let node = root;
  for (const raw of pointer.split('/').slice(1)) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null || !(token in node)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

function markers(node: unknown, pointer = ''): string[] {
  if (typeof node !== 'object' || node === null) return [];
  const here = !Array.isArray(node) && 'x-unspecified' in node ? [pointer] : [];
  return [
    ...here,
    ...Object.entries(node).flatMap(([key, value]) =>
      key === 'x-unspecified' ? [] : markers(value, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`),
    ),
  ];
}

describe('docs/spec-gaps.md (REST) and the x-unspecified markers agree', () => {
  const rows = restRows();

  it('reads the REST table', () => {
    expect(rows.length).toBeGreaterThanOrEqual(15);
  });

  it.each(rows.map((row) => [row.id, row] as const))('row %s points at x-unspecified markers', (_id, row) => {
    expect(row.pointers.length, `row ${row.id} names no spec location`).toBeGreaterThan(0);
    for (const pointer of row.pointers) {
      const node = resolvePointer(spec, pointer) as Record<string, unknown> | undefined;
      expect(node, `${pointer} does not exist in the spec`).toBeDefined();
      expect(typeof node?.['x-unspecified'], `${pointer} has no x-unspecified`).toBe('string');
    }
  });

  it('every x-unspecified marker of the spec is listed by a row', () => {
    const listed = new Set(rows.flatMap((row) => row.pointers));
    const unlisted = markers(spec).filter((pointer) => !listed.has(pointer));
    expect(unlisted).toEqual([]);
  });

  it('the spec declares no Accept, Content-Type or Authorization header parameter (OpenAPI ignores them; tools that do not would refuse curl)', () => {
    const headerParameters = (node: unknown): string[] => {
      if (typeof node !== 'object' || node === null) return [];
      const record = node as Record<string, unknown>;
      const here = record['in'] === 'header' && typeof record['name'] === 'string' ? [record['name']] : [];
      return [...here, ...Object.values(record).flatMap(headerParameters)];
    };
    const names = headerParameters(spec).map((name) => name.toLowerCase());
    expect(names).toContain('x-service-signature'); // the walk does find header parameters
    expect(names.filter((name) => ['accept', 'content-type', 'authorization'].includes(name))).toEqual([]);
  });
});
