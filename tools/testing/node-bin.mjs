// Running a package's binary as a user does: a child Node process with an environment free of what the
// test run itself carries.

/**
 * The environment without the variables `npm test` may set for itself (`FORCE_COLOR=0`, ...) that would
 * change what a binary prints, plus `extra`.
 * @param {Record<string, string>} [extra]
 * @returns {NodeJS.ProcessEnv}
 */
export function cleanEnv(extra = {}) {
  const env = { ...process.env };
  for (const name of ['FORCE_COLOR', 'NO_COLOR', 'SOURCE_DATE_EPOCH', 'NODE_OPTIONS']) delete env[name];
  return { ...env, ...extra };
}
