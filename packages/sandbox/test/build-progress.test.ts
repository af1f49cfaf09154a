// `npm start` / `npm run sandbox` say which package is being built while nx works (a cold build takes a
// minute or two), and end with a summary: how many packages were built and how many came from the cache.
// The lines below are nx 23's `--outputStyle=stream` output, as recorded for the sandbox's build.
import { describe, expect, test } from 'vitest';
import { buildProgress } from '../../../tools/lib/build-and-run.mjs';

const PLAN = ' NX   Running target build for project @commerce-kit/sandbox and 8 tasks it depends on:';
const TASKS = [
  '@commerce-kit/api-types:generate',
  '@commerce-kit/theme-config:generate',
  '@commerce-kit/api-types:build',
  '@commerce-kit/theme-config:build',
  '@commerce-kit/webhooks:build',
  '@commerce-kit/api-client:generate',
  '@commerce-kit/sandbox:generate',
  '@commerce-kit/api-client:build',
  '@commerce-kit/sandbox:build',
];

/** nx's output for the run: each task's line (with `[local cache]` for the cached ones) and some of its output. */
function nxOutput(cached: (task: string) => boolean): string[] {
  return [
    '',
    PLAN,
    '',
    ...TASKS.flatMap((task) => [
      '',
      `> nx run ${task}${cached(task) ? '  [local cache]' : ''}`,
      '',
      `${task.split(':')[0]}: > ${task.split(':')[0]}@0.1.0 ${task.split(':')[1]}`,
      '\u001b[34mCLI\u001b[39m Building entry: {"index":"src/index.ts"}',
    ]),
    '',
    ' NX   Successfully ran target build for project @commerce-kit/sandbox and 8 tasks it depends on',
    '',
    'Nx read the output from the cache instead of running the command for 4 out of 9 tasks.',
  ];
}

function follow(lines: readonly string[]): { printed: string[]; progress: ReturnType<typeof buildProgress> } {
  const progress = buildProgress();
  const printed = lines.map((line) => progress.line(line)).filter((line): line is string => line !== undefined);
  return { printed, progress };
}

describe('buildProgress', () => {
  test('a cold build: one line per task as it starts, then how many packages were built', () => {
    const { printed, progress } = follow(nxOutput(() => false));
    expect(printed).toEqual([
      '[1/9] generating code of @commerce-kit/api-types',
      '[2/9] generating code of @commerce-kit/theme-config',
      '[3/9] building @commerce-kit/api-types',
      '[4/9] building @commerce-kit/theme-config',
      '[5/9] building @commerce-kit/webhooks',
      '[6/9] generating code of @commerce-kit/api-client',
      '[7/9] generating code of @commerce-kit/sandbox',
      '[8/9] building @commerce-kit/api-client',
      '[9/9] building @commerce-kit/sandbox',
    ]);
    expect(progress.summary(108_400)).toBe('built 5 packages (0 from cache) in 108 s');
  });

  test('partly cached: only the tasks that run are shown; the summary counts the cached packages', () => {
    const cached = new Set([
      '@commerce-kit/api-types:generate',
      '@commerce-kit/api-types:build',
      '@commerce-kit/theme-config:generate',
      '@commerce-kit/webhooks:build',
    ]);
    const { printed, progress } = follow(nxOutput((task) => cached.has(task)));
    expect(printed).toEqual([
      '[4/9] building @commerce-kit/theme-config',
      '[6/9] generating code of @commerce-kit/api-client',
      '[7/9] generating code of @commerce-kit/sandbox',
      '[8/9] building @commerce-kit/api-client',
      '[9/9] building @commerce-kit/sandbox',
    ]);
    expect(progress.summary(35_251)).toBe('built 5 packages (2 from cache) in 35 s');
  });

  test('everything from the cache: nothing but the summary', () => {
    const { printed, progress } = follow(nxOutput(() => true));
    expect(printed).toEqual([]);
    expect(progress.summary(453)).toBe('all 5 packages from cache (0.5 s)');
    expect(progress.tasks).toHaveLength(9);
  });

  test.each([['[remote cache]'], ['[existing outputs match the cache, left as is]']])(
    '%s counts as from the cache',
    (note) => {
      const progress = buildProgress();
      expect(progress.line(`> nx run @commerce-kit/webhooks:build  ${note}`)).toBeUndefined();
      expect(progress.summary(2_000)).toBe('all 1 package from cache (2.0 s)');
    },
  );

  test('coloured output and a run without dependencies', () => {
    const progress = buildProgress();
    expect(
      progress.line(
        '\u001b[1m\u001b[46m NX \u001b[49m\u001b[22m   Running target build for project @commerce-kit/webhooks:',
      ),
    ).toBeUndefined();
    expect(progress.line('\u001b[2m> \u001b[22mnx run @commerce-kit/webhooks:build')).toBe(
      '[1/1] building @commerce-kit/webhooks',
    );
    expect(progress.summary(12_000)).toBe('built 1 package (0 from cache) in 12 s');
  });
});
