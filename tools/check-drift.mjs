// Fails when committed generated code differs from what the pipeline writes now.
import { checkDrift } from './generators.mjs';

const results = await checkDrift();
let problems = 0;
for (const { name, stale, missing, extra, error } of results) {
  if (error) {
    console.error(`drift: ${name}: the generator failed: ${error}`);
    problems += 1;
  }
  for (const [label, files] of [
    ['stale', stale],
    ['missing', missing],
    ['not generated any more', extra],
  ]) {
    for (const file of files) {
      console.error(`drift: ${name}: ${file} is ${label}`);
      problems += 1;
    }
  }
}
if (problems > 0) {
  console.error(`\n${problems} generated file(s) differ from specs/. Run \`npm run generate\` and commit the result.`);
  process.exit(1);
}
console.log(`drift check: generated code of ${results.map((r) => r.name).join(', ')} matches specs/`);
