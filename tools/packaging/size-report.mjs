#!/usr/bin/env node
// Prints the gzip size of every package's dist/*.js against its budget.
//   node tools/packaging/size-report.mjs           report only (exit 1 when over budget)
//   node tools/packaging/size-report.mjs --update  rewrite tools/size-budget.json to the
//                                                  current sizes + 30 % headroom
// Run after `npx nx run-many -t build`.
import { writeFileSync } from 'node:fs';
import { BUDGET_FILE, budgetFor, budgetWithHeadroom, formatBytes, measureDist, readBudgets } from './size-budget.mjs';
import { assertBuilt, publishedPackages } from './workspace.mjs';

const update = process.argv.includes('--update');
const budgets = readBudgets();
let over = 0;

for (const pkg of publishedPackages()) {
  assertBuilt(pkg);
  const sizes = measureDist(pkg.dir);
  console.log(pkg.name);
  /** @type {Record<string, number>} */ const next = {};
  for (const { file, raw, gzip } of sizes) {
    const budget = budgetFor(budgets, pkg.name, file);
    const verdict =
      budget === null
        ? 'no budget'
        : gzip > budget
          ? `OVER budget ${formatBytes(budget)}`
          : `budget ${formatBytes(budget)}`;
    if (budget !== null && gzip > budget) over += 1;
    console.log(
      `  ${file.padEnd(40)} ${formatBytes(raw).padStart(10)} raw ${formatBytes(gzip).padStart(10)} gzip  ${verdict}`,
    );
    next[file] = budgetWithHeadroom(gzip);
  }
  if (update) {
    // Keep a fallback for files added later (new subpath entries), at the largest file's budget.
    next['dist/*.js'] = Math.max(...Object.values(next), 1024);
    budgets.packages[pkg.name] = next;
  }
}

if (update) {
  writeFileSync(BUDGET_FILE, `${JSON.stringify(budgets, null, 2)}\n`);
  console.log(`\nwrote ${BUDGET_FILE} (current gzip sizes + 30 % headroom)`);
} else if (over > 0) {
  console.error(`\n${over} file(s) over budget`);
  process.exitCode = 1;
}
