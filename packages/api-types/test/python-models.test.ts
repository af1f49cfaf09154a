// Loads every spec example through the generated Python models (quicktype dataclasses) with python3:
// from_dict must accept it and to_dict must give back the same JSON.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { operationExamples, schemaExamples } from './spec-examples.js';

const MODELS_DIR = fileURLToPath(new URL('../src/generated/models/python/', import.meta.url));

const ROUND_TRIP = `
import json, sys
sys.path.insert(0, sys.argv[1])
import commerce_kit_api as models
results = []
for case in json.load(sys.stdin):
    cls = getattr(models, case["model"], None)
    if cls is None or not hasattr(cls, "from_dict"):
        results.append({"where": case["where"], "status": "no-class"})
        continue
    try:
        back = cls.from_dict(case["value"]).to_dict()
        results.append({"where": case["where"], "status": "ok", "back": back})
    except Exception as error:
        results.append({"where": case["where"], "status": "error", "error": repr(error)})
print(json.dumps(results))
`;

interface PyResult {
  where: string;
  status: 'ok' | 'error' | 'no-class';
  back?: unknown;
  error?: string;
}

/** Objects only: quicktype emits classes for object schemas; scalars and enums have no from_dict. */
const cases = [...schemaExamples(), ...operationExamples()].filter(
  (c): c is typeof c & { schema: { ref: string } } =>
    'ref' in c.schema &&
    c.value !== null &&
    typeof c.value === 'object' &&
    !Array.isArray(c.value) &&
    Object.keys(c.value).length > 0,
);

/** Keys whose value the model cannot keep: properties a schema leaves open (additionalProperties). */
function known(value: unknown, back: unknown): unknown {
  if (Array.isArray(value) && Array.isArray(back)) return value.map((v, i) => known(v, back[i]));
  if (value && typeof value === 'object' && back && typeof back === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => k in back)
        .map(([k, v]) => [k, known(v, (back as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

describe('Python models (quicktype) load every spec example', () => {
  const run = spawnSync('python3', ['-c', ROUND_TRIP, MODELS_DIR], {
    input: JSON.stringify(cases.map((c) => ({ where: c.where, model: c.schema.ref, value: c.value }))),
    encoding: 'utf8',
  });

  it('python3 runs the models module', () => {
    expect(run.error, 'python3 must be installed to run the Python contract tests').toBeUndefined();
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  const results: PyResult[] = run.status === 0 ? (JSON.parse(run.stdout) as PyResult[]) : [];
  it('checks a meaningful number of examples', () => {
    expect(results.filter((r) => r.status === 'ok').length).toBeGreaterThan(40);
  });

  it.each(cases.map((c, index) => [c.where, c, index] as const))('%s', (_where, testCase, index) => {
    const result = results[index];
    expect(result?.status, result?.error).not.toBe('error');
    if (result?.status === 'ok') {
      // Every key the model knows comes back unchanged; keys of open objects are dropped by design.
      expect(result.back).toEqual(known(testCase.value, result.back));
      expect(Object.keys(result.back as object).length).toBeGreaterThan(0);
    }
  });
});
