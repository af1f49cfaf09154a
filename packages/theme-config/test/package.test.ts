import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from './helpers.js';

const pkg = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as {
  engines?: { node?: string };
  dependencies?: Record<string, string>;
};

describe('package.json', () => {
  it('requires a Node that can require() the ESM-only faker from the CJS build (>= 20.19)', () => {
    // faker 10 ships ESM only; dist/index.cjs require()s it, which Node supports unflagged from 20.19 (and 22.12).
    expect(pkg.dependencies?.['@faker-js/faker']).toMatch(/^\^10\./);
    const match = /^>=\s*(\d+)\.(\d+)/.exec(pkg.engines?.node ?? '');
    expect(match, `engines.node is ${String(pkg.engines?.node)}`).not.toBeNull();
    const [major, minor] = [Number(match![1]), Number(match![2])];
    expect(major > 20 || (major === 20 && minor >= 19)).toBe(true);
  });
});
