/** The `theme-kit` program: its own commands, and theme-config's `validate`, `mock` and `editor` run as they are. */
import type { CliOptions } from '@commerce-kit/internal/cli/main';
import { languageServerCommand } from './language-server-command.js';
import { VERSION } from './version.js';

// Each command's module is imported when it runs (or its help is asked for), never at the start: `check`
// does not load the dev server or `render`, and `--version` loads none of them (test/cli-build.test.ts).
// The summaries are the commands' own (test/cli-build.test.ts compares them).
const THEME_CONFIG_CLI = () => import('@commerce-kit/theme-config/cli');

/** `theme-kit` and its subcommands. */
export const THEME_KIT_CLI = {
  program: 'theme-kit',
  version: VERSION,
  commands: [
    {
      name: 'init',
      summary: 'write a starter theme that renders at once (templates, snippets, assets, the seven config files)',
      load: async () => (await import('./init-command.js')).initCommand,
    },
    {
      name: 'dev',
      summary: 'serve the theme rendered with the mock store, reloading open pages on every change',
      load: async () => (await import('./dev-command.js')).devCommand,
    },
    {
      name: 'check',
      summary: "check the config files and the theme's templates against each other",
      load: async () => (await import('./check-command.js')).checkCommand,
    },
    {
      name: 'render',
      summary: 'render every page of the theme to static HTML (for snapshot tests and sharing)',
      load: async () => (await import('./render-command.js')).renderCommand,
    },
    {
      name: 'validate',
      summary: 'check the *.stk.config.json files of a theme directory',
      load: async () => (await THEME_CONFIG_CLI()).validateCommand,
    },
    {
      name: 'mock',
      summary: 'generate the mock store data a theme renders, from the *.stk.config.json files',
      load: async () => (await THEME_CONFIG_CLI()).mockCommand,
    },
    {
      name: 'editor',
      summary: "map the seven config files to their schemas in VS Code's .vscode/settings.json",
      load: async () => (await THEME_CONFIG_CLI()).editorCommand,
    },
    {
      name: 'console',
      summary: 'evaluate Liquid on the mock store, with the objects of a page (a REPL; piped input works too)',
      load: async () => (await import('./console-command.js')).consoleCommand,
    },
    languageServerCommand,
  ],
} as const satisfies CliOptions;
