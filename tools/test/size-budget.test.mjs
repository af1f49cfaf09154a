// Size budget (openapi-typescript style): every ESM file a package ships must stay under
// the gzip budget in tools/size-budget.json. Update budgets deliberately with
// `node tools/packaging/size-report.mjs --update`.
import { describe, expect, test } from 'vitest';
import { budgetFor, formatBytes, measureDist, readBudgets } from '../packaging/size-budget.mjs';
import { assertBuilt, publishedPackages } from '../packaging/workspace.mjs';

const budgets = readBudgets();
const packages = publishedPackages();

describe('size budget (gzip, tools/size-budget.json)', () => {
  test('every published package has a budget', () => {
    const unbudgeted = packages.map((pkg) => pkg.name).filter((name) => !budgets.packages[name]);
    expect(unbudgeted, 'add these packages to tools/size-budget.json').toEqual([]);
  });

  test.each(packages.map((pkg) => [pkg.name, pkg]))('%s stays within its gzip budget', (_name, pkg) => {
    assertBuilt(pkg);
    const sizes = measureDist(pkg.dir);
    expect(sizes.length, `${pkg.relDir}/dist has no .js files`).toBeGreaterThan(0);

    const rows = sizes.map(({ file, raw, gzip }) => ({ file, raw, gzip, budget: budgetFor(budgets, pkg.name, file) }));
    // Always print the measurements: they are what a reviewer needs to adjust the budget.
    console.info(
      `${pkg.name}\n${rows
        .map(
          ({ file, raw, gzip, budget }) =>
            `  ${file}: ${formatBytes(gzip)} gzip (${formatBytes(raw)} raw), budget ${budget === null ? 'none' : formatBytes(budget)}`,
        )
        .join('\n')}`,
    );

    const missing = rows.filter((row) => row.budget === null).map((row) => row.file);
    expect(missing, `no budget for these files of ${pkg.name} (add them or a "dist/*.js" fallback)`).toEqual([]);
    const over = rows
      .filter((row) => row.budget !== null && row.gzip > row.budget)
      .map((row) => `${row.file}: ${row.gzip} B gzip > budget ${row.budget} B`);
    expect(over, `${pkg.name} is over its size budget`).toEqual([]);
  });
});
