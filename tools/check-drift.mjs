// Fails when committed generated code differs from what the pipeline writes now (in memory: nothing is
// written). `npm test` makes the same check on the generation its builds run anyway (generatedChanges).
import { checkDrift } from './generators.mjs';

/**
 * Prints each drifted file; returns how many problems there are.
 * @param {Awaited<ReturnType<typeof checkDrift>>} results
 */
export function reportDrift(results) {
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
  if (problems > 0)
    console.error(
      `\n${problems} generated file(s) differ from specs/. Run \`npm run generate\` and commit the result.`,
    );
  else console.log(`drift check: generated code of ${results.map((r) => r.name).join(', ')} matches specs/`);
  return problems;
}

if (process.argv[1] === import.meta.filename) process.exit(reportDrift(await checkDrift()) > 0 ? 1 : 0);
