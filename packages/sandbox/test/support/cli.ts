import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built CLI (the test target depends on the package's build). */
export const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/cli.js');

export interface RunningCli {
  readonly child: ChildProcess;
  readonly url: string;
  readonly accessToken: string;
  readonly stdout: () => string;
  readonly stderr: () => string;
  readonly exited: Promise<number | null>;
}

/**
 * Starts `commerce-sandbox` (the built one, or a copy at `cli`, or a script that runs it such as
 * `tools/start.mjs`) and waits for its banner. `detached` makes it the leader of a process group of its own
 * (what a terminal's Ctrl-C reaches: `process.kill(-pid, 'SIGINT')`).
 */
export async function startCli(
  args: readonly string[],
  {
    cli = CLI,
    env,
    detached = false,
  }: { readonly cli?: string | undefined; readonly env?: NodeJS.ProcessEnv; readonly detached?: boolean } = {},
): Promise<RunningCli> {
  if (!existsSync(cli))
    throw new Error(`${cli} is missing: build the package first (npx nx run @commerce-kit/sandbox:build)`);
  const child = spawn(process.execPath, [cli, '--port', '0', '--quiet', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(env === undefined ? {} : { env }),
    detached,
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const banner = await new Promise<string>((resolve, reject) => {
    const check = (): void => {
      if (out.includes('Ctrl-C stops the sandbox.')) resolve(out);
    };
    child.stdout!.on('data', check);
    void exited.then((code) => reject(new Error(`the CLI exited with ${code} before its banner:\n${err}`)));
  });
  return {
    child,
    url: /running at (\S+)/.exec(banner)![1]!,
    accessToken: /access token\s+(\S+)/.exec(banner)![1]!,
    stdout: () => out,
    stderr: () => err,
    exited,
  };
}
