// The app's data in a file (`npm run example -- --database FILE`): what it kept is there after a restart,
// and tokens the platform no longer takes (the sandbox is new on each start) send the browser to Install.
// Without a browser: the requests a browser would make, with the cookies by hand.
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { startExample, type RunningExample } from '../src/example.js';
import { installByHand } from './support/install.js';

let example: RunningExample | undefined;

afterEach(async () => {
  await example?.close();
  example = undefined;
});

/** Install → Allow → callback, as the browser does it; resolves with the session cookie. */
async function install(running: RunningExample): Promise<string> {
  return (await installByHand(running.url, running.sandbox.url)).session;
}

test('with a database file, a session outlives a restart, and tokens of another platform mean Install again', async () => {
  const database = path.join(testTempDir('example-app-'), 'app.sqlite');

  example = await startExample({ port: 0, sandboxPort: 0, database });
  const session = await install(example);
  const page = await fetch(`${example.url}/customers`, { headers: { cookie: session } });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('data-id="cus_');
  await example.close();

  // A new sandbox (new credentials, new tokens) and the same app database.
  example = await startExample({ port: 0, sandboxPort: 0, database });
  expect(example.app.db.prepare('SELECT count(*) AS n FROM installations').get()).toEqual({ n: 1 });
  const refused = await fetch(`${example.url}/customers`, { headers: { cookie: session } });
  expect(refused.status).toBe(401);
  expect(await refused.text()).toContain('Install again');
  // …which works.
  const again = await install(example);
  expect((await fetch(`${example.url}/customers`, { headers: { cookie: again } })).status).toBe(200);
});
