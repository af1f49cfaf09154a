// The seed data's fake-data generator loads English only: '@faker-js/faker' itself loads all 70 of faker's
// locales, about 0.3 s of CPU at every sandbox start.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

describe('faker in the build', () => {
  it('the code imports faker by locale entry, never its all-locale main entry', () => {
    const code = readdirSync(DIST).filter((file) => /\.c?js$/.test(file));
    const specifiers = code.flatMap((file) =>
      [...readFileSync(path.join(DIST, file), 'utf8').matchAll(/["'](@faker-js\/faker[^"']*)["']/g)].map((m) => m[1]),
    );
    expect(specifiers).toContain('@faker-js/faker/locale/en');
    expect(specifiers).not.toContain('@faker-js/faker');
  });
});
