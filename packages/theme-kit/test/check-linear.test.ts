// `check`'s work grows with the size of a template, not with its square, shown without a clock: LiquidJS's
// own position function (a scan from the start of the source per token) is never called, every source is
// indexed for line and column once, and LiquidJS's parser never takes tokens from the front of a long
// array (`Array#shift` moves the whole rest of it). Before, a 0.44 MB template took 33 s of CPU.
import path from 'node:path';
import { Token } from 'liquidjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkSnapshot } from '../src/check/run.js';
import type { ThemeSnapshot } from '../src/workspace/snapshot.js';

const counter = vi.hoisted(() => ({ indexed: 0 }));

vi.mock('@commerce-kit/internal/line-index', async (importOriginal) => {
  const original = await importOriginal<typeof import('@commerce-kit/internal/line-index')>();
  /** The line index, counting the characters it reads. */
  class CountingLineIndex extends original.LineIndex {
    constructor(text: string) {
      super(text);
      counter.indexed += text.length;
    }
  }
  return { ...original, LineIndex: CountingLineIndex };
});

const ROOT = path.join(path.sep, 'theme');
const ROW =
  '<section>{% for category in categories %}{% if category.title != blank %}<h2>{{ category.title | upcase | escape }}</h2>{% endif %}' +
  '{% for product in category.products limit: 3 %}<p>{{ product.title | truncate: 20 }} {{ product.price | money }}</p>{% endfor %}{% endfor %}</section>\n';
const BROKEN_ROW = '<p>{{ product.title | upcas }}</p>{% if x %}\n';

function snapshot(template: string): ThemeSnapshot {
  const page = JSON.stringify({ title: 'Home', metaDescription: 'x', template: 'index' });
  return {
    root: ROOT,
    configDir: ROOT,
    files: new Map([['templates/index.liquid', template]]),
    assets: [],
    configTexts: new Map([['page.stk.config.json', { file: path.join(ROOT, 'page.stk.config.json'), text: page }]]),
  };
}

/** Runs a check, measuring the work that would be quadratic. */
function measure(template: string): { diagnostics: number; indexed: number; scans: number; longestShift: number } {
  counter.indexed = 0;
  const scans = vi.spyOn(Token.prototype, 'getPosition');
  const shift = Array.prototype.shift;
  let longestShift = 0;
  // A plain wrapper (a vitest spy records its calls with arrays of its own, and would recurse).
  Array.prototype.shift = function shiftMeasured(this: unknown[]) {
    if (this.length > longestShift) longestShift = this.length;
    return Reflect.apply(shift, this, []);
  };
  let diagnostics: number;
  try {
    diagnostics = checkSnapshot(snapshot(template)).diagnostics.length;
  } finally {
    Array.prototype.shift = shift;
  }
  const result = { diagnostics, indexed: counter.indexed, scans: scans.mock.calls.length, longestShift };
  vi.restoreAllMocks();
  return result;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('linear work', () => {
  it('a template of realistic rows: each source indexed once, no scan from the start, no shift of the token list', () => {
    const small = measure(ROW.repeat(250)); // 70 KB, 6,500 tokens
    const large = measure(ROW.repeat(500));
    expect(small.diagnostics).toBe(0);
    expect(large.diagnostics).toBe(0);
    expect(large.scans).toBe(0);
    expect(large.longestShift).toBeLessThan(100);
    // The template once, and the small texts around it (the config file, the built-in templates).
    expect(large.indexed).toBeLessThan(ROW.length * 500 + 50_000);
    expect(large.indexed - small.indexed).toBeLessThanOrEqual(ROW.length * 250);
  });

  it('a template with two errors on every row: every error reported, the work still linear', () => {
    const small = measure(BROKEN_ROW.repeat(100));
    const large = measure(BROKEN_ROW.repeat(200));
    expect(small.diagnostics).toBe(200);
    expect(large.diagnostics).toBe(400);
    expect(large.scans).toBe(0);
    expect(large.longestShift).toBeLessThan(100);
    // The template, and each tag parsed on its own (a few times its own length).
    expect(large.indexed - small.indexed).toBeLessThanOrEqual(BROKEN_ROW.length * 100 * 4);
  });
});
