// The README's Neovim set-up, as printed: its ```lua block is the init.lua of a headless Neovim (Debian's
// `neovim`, installed by .ci/run) opening a template of a theme that has the kit installed (`npx theme-kit`
// finds it in the theme's node_modules/.bin, offline); the client must attach to the template and to a
// config file, not to another JSON file, and answer with diagnostics and completion.
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { BIN, PACKAGE_ROOT } from './support/bin.js';
import { makeTheme, starterSpec } from './support/theme.js';

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

/** The README's Neovim configuration: its ```lua block. */
function readmeLua(): string {
  const blocks = [...readFileSync(path.join(PACKAGE_ROOT, 'README.md'), 'utf8').matchAll(/```lua\n([\s\S]*?)```/g)];
  expect(blocks).toHaveLength(1);
  return blocks[0]?.[1] ?? '';
}

// Opens the template (already loaded), then a config file and another JSON file, and writes what the
// client saw as JSON to $PROBE_OUT.
const PROBE = `
local out = {}
local function attached(buf)
  return vim.wait(20000, function()
    local clients = vim.lsp.buf_get_clients(buf)
    return #clients > 0 and clients[1].initialized
  end, 20)
end
local ok, err = pcall(function()
  local buf = vim.api.nvim_get_current_buf()
  out.template = attached(buf)
  vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 20)
  out.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do table.insert(out.diagnostics, d.code) end
  local position
  for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    local start = string.find(line, 'store.', 1, true)
    if start then position = { line = i - 1, character = start - 1 + 6 }; break end
  end
  local responses = vim.lsp.buf_request_sync(buf, 'textDocument/completion',
    { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = position }, 20000)
  out.completion = {}
  for _, response in pairs(responses or {}) do
    local items = response.result and (response.result.items or response.result) or {}
    for _, item in ipairs(items) do table.insert(out.completion, item.label) end
  end
  vim.cmd('edit ' .. vim.fn.fnameescape(vim.env.PROBE_THEME .. '/page.stk.config.json'))
  out.config = attached(vim.api.nvim_get_current_buf())
  vim.cmd('edit ' .. vim.fn.fnameescape(vim.env.PROBE_THEME .. '/other.json'))
  out.other_json = #vim.lsp.buf_get_clients(vim.api.nvim_get_current_buf())
end)
if not ok then out.error = tostring(err) end
vim.fn.writefile({ vim.fn.json_encode(out) }, vim.env.PROBE_OUT)
vim.cmd('qa!')
`;

interface ProbeResults {
  readonly error?: string;
  readonly template?: boolean;
  readonly diagnostics?: string[];
  readonly completion?: string[];
  readonly config?: boolean;
  readonly other_json?: number;
}

/** Runs headless Neovim until it quits; resolves when it exits with 0. */
function runNeovim(args: string[], cwd: string, env: Record<string, string>): Promise<void> {
  if (NVIM === undefined) throw new Error("nvim is not installed (.ci/run installs Debian's neovim)");
  return new Promise((resolve, reject) => {
    const child = spawn(NVIM, ['--headless', '--clean', ...args], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 90_000,
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`nvim exited ${code}: ${stderr}`))));
  });
}

describe.skipIf(!RUN)(`the README's Neovim set-up${RUN ? '' : ' (skipped: nvim is not installed here)'}`, () => {
  it('starts `npx theme-kit language-server --stdio` for templates and config files only', {
    timeout: 120_000,
  }, async () => {
    const spec = starterSpec();
    spec['templates/index.liquid'] = `${spec['templates/index.liquid'] as string}\n{{ 'x' | upcasee }}\n`;
    spec['other.json'] = '{}\n';
    const theme = makeTheme(spec);
    // The kit installed in the theme, as npm does it: `npx theme-kit` runs node_modules/.bin/theme-kit.
    mkdirSync(path.join(theme, 'node_modules', '.bin'), { recursive: true });
    writeFileSync(
      path.join(theme, 'node_modules', '.bin', 'theme-kit'),
      `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`,
      {
        mode: 0o755,
      },
    );
    const home = testTempDir('theme-kit-readme-nvim-');
    writeFileSync(path.join(home, 'init.lua'), readmeLua());
    writeFileSync(path.join(home, 'probe.lua'), PROBE);
    const out = path.join(home, 'results.json');
    await runNeovim(
      [
        '-u',
        path.join(home, 'init.lua'),
        path.join(theme, 'templates', 'index.liquid'),
        '-c',
        `luafile ${path.join(home, 'probe.lua')}`,
      ],
      home,
      {
        PROBE_THEME: theme,
        PROBE_OUT: out,
        // npx answers from the theme's own install, never from the registry.
        npm_config_offline: 'true',
        npm_config_update_notifier: 'false',
        XDG_STATE_HOME: home,
        XDG_CACHE_HOME: home,
        XDG_DATA_HOME: home,
        XDG_CONFIG_HOME: home,
      },
    );
    const results = JSON.parse(readFileSync(out, 'utf8')) as ProbeResults;
    // Neovim's LSP log (stdpath('cache') in 0.7, 'state' later) says why a client did not start.
    const log = [path.join(home, 'nvim', 'lsp.log')]
      .map((file) => (existsSync(file) ? readFileSync(file, 'utf8') : ''))
      .join('');
    expect(results.error, log).toBeUndefined();
    expect(results.template, log).toBe(true);
    expect(results.diagnostics).toContain('unknown-filter');
    expect(results.completion).toContain('storeName');
    expect(results.config).toBe(true);
    expect(results.other_json).toBe(0);
  });
});
