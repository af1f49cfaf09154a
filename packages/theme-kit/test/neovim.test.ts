// A real third-party LSP client: headless Neovim (Debian's `neovim`, installed by .ci/run) starts
// `theme-kit language-server --stdio` through its built-in client (test/fixtures/neovim/init.lua), opens a
// starter theme's template, and writes the diagnostics, completion, hover and definition it got as JSON.
import { spawn } from 'node:child_process';
import { accessSync, constants, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { BIN } from './support/bin.js';
import { makeTheme, starterSpec } from './support/theme.js';

const INIT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/neovim/init.lua');

/** `nvim` on the PATH, or undefined. */
function findNeovim(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'nvim');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

const NVIM = findNeovim();
/** Runs where Neovim is installed, and in CI, where its absence must fail (.ci/run installs it). */
const RUN = NVIM !== undefined || Boolean(process.env.CI);

interface NeovimResults {
  readonly error?: string;
  readonly diagnostics?: Array<{
    lnum: number;
    col: number;
    end_col: number;
    code: string;
    source: string;
    message: string;
  }>;
  readonly completion?: string[];
  readonly hover?: string;
  readonly definition?: string[];
}

/** Runs headless Neovim with the fixture's init.lua until it quits; resolves with its exit status. */
function runNeovim(env: Record<string, string>): Promise<number | null> {
  if (NVIM === undefined) throw new Error("nvim is not installed (.ci/run installs Debian's neovim)");
  return new Promise((resolve, reject) => {
    const child = spawn(NVIM, ['--headless', '--clean', '-u', INIT], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 90_000,
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(code) : reject(new Error(`nvim exited ${code}: ${stderr}`))));
  });
}

describe.skipIf(!RUN)(`headless Neovim's LSP client${RUN ? '' : ' (skipped: nvim is not installed here)'}`, () => {
  it('gets diagnostics, completion, hover and definition from theme-kit language-server', {
    timeout: 120_000,
  }, async () => {
    const spec = starterSpec();
    const index = spec['templates/index.liquid'] as string;
    // A misspelt filter, so there is a diagnostic to wait for.
    spec['templates/index.liquid'] = index.replace(
      '{{ store.storeDescription }}',
      '{{ store.storeDescription | upcasee }}',
    );
    const theme = makeTheme(spec);
    const home = testTempDir('theme-kit-nvim-');
    const out = path.join(home, 'results.json');
    writeFileSync(out, '');
    await runNeovim({
      THEME_KIT_NODE: process.execPath,
      THEME_KIT_CLI: BIN,
      THEME_KIT_THEME: theme,
      THEME_KIT_NVIM_OUT: out,
      // Neovim's state (the LSP log) in the test's directory, not the user's.
      XDG_STATE_HOME: home,
      XDG_CACHE_HOME: home,
      XDG_DATA_HOME: home,
      XDG_CONFIG_HOME: home,
    });
    const results = JSON.parse(readFileSync(out, 'utf8')) as NeovimResults;
    expect(results.error).toBeUndefined();

    const lines = (spec['templates/index.liquid'] as string).split('\n');
    const line = lines.findIndex((text) => text.includes('| upcasee'));
    const filter = results.diagnostics?.find((d) => d.code === 'unknown-filter');
    expect(filter).toMatchObject({
      lnum: line,
      col: (lines[line] ?? '').indexOf('upcasee'),
      end_col: (lines[line] ?? '').indexOf('upcasee') + 'upcasee'.length,
      source: 'theme-kit',
    });
    expect(filter?.message).toContain('upcase');

    expect(results.completion).toContain('storeName');
    expect(results.hover).toContain('Northwind Supply Co.');
    expect(results.definition).toEqual([path.join(theme, 'snippets/header.liquid')]);
  });
});
