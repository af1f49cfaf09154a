/** `<program> editor [DIR]`: maps the seven config files to their schemas in DIR's `.vscode/settings.json`. */
import { randomBytes } from 'node:crypto';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from '@commerce-kit/internal/cli/command';
import { EXIT, type CliIO } from '@commerce-kit/internal/cli/io';
import { INSTALLED_SCHEMAS, mergeSchemaMappings, schemaMappings } from './editor-settings.js';
import { errnoCode } from '@commerce-kit/internal/errno';

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes or merges `<workspace>/.vscode/settings.json`, reporting what it did on stdout (or why it did
 * not on stderr, as `<program> <command>: ...`). Resolves to the exit status: 0 done (or nothing to
 * do), 1 not done.
 */
export async function writeEditorSettings(
  io: CliIO,
  workspace: string,
  program: string,
  command: string,
): Promise<number> {
  const file = path.join(workspace, '.vscode', 'settings.json');
  const shown = path.relative(io.cwd, file) || file;
  let text: string | undefined;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (errnoCode(error) !== 'ENOENT') {
      io.stderr.write(`${program} ${command}: cannot read ${shown} (${errnoCode(error)}); it was not changed\n`);
      return EXIT.INVALID;
    }
  }
  const installed = await exists(path.join(workspace, INSTALLED_SCHEMAS, 'store.stk.config.schema.json'));
  const merged = mergeSchemaMappings(text, schemaMappings(installed));
  if (!merged.ok) {
    io.stderr.write(
      `${program} ${command}: ${shown} was not changed: ${merged.reason}.\n` +
        `Fix it, or add the "json.schemas" entries shown in the README by hand, then run \`${program} editor\` again.\n`,
    );
    return EXIT.INVALID;
  }
  if (merged.added.length === 0) {
    io.stdout.write(`kept    ${shown} (all seven config files are already mapped to schemas)\n`);
    return EXIT.OK;
  }
  try {
    await mkdir(path.dirname(file), { recursive: true });
    // Written beside and renamed over: the settings file is never left half-written.
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await writeFile(temp, merged.text, { flag: 'wx' });
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true }).catch(() => undefined);
      throw error;
    }
  } catch (error) {
    io.stderr.write(`${program} ${command}: cannot write ${shown} (${errnoCode(error)})\n`);
    return EXIT.INVALID;
  }
  const where = installed
    ? `the installed package (./${INSTALLED_SCHEMAS})`
    : 'the published URLs (install the package in this folder to work offline)';
  io.stdout.write(
    `${text === undefined ? 'created' : 'updated'} ${shown}: ${merged.added.length} json.schemas ${merged.added.length === 1 ? 'entry' : 'entries'} added` +
      `${merged.kept.length > 0 ? `, ${merged.kept.length} already mapped and kept` : ''}; schemas from ${where}\n`,
  );
  return EXIT.OK;
}

/**
 * The `editor` subcommand: maps the seven config files to their schemas in `DIR/.vscode/settings.json`
 * (default DIR: `io.cwd`), merging with the smallest edit. Exit status 0 done, 1 not written, 2 usage
 * error.
 */
export const editorCommand: Command = {
  name: 'editor',
  summary: "map the seven config files to their schemas in VS Code's .vscode/settings.json",
  usage: '[DIR]',
  help: [
    '  DIR   the folder you open in the editor (default: the current directory)',
    '',
    'Adds a "json.schemas" entry for each config file no entry maps yet; other settings, comments and',
    'formatting are kept. A settings file that cannot be parsed is left untouched (exit status 1).',
  ].join('\n'),
  options: {},
  maxPositionals: 1,
  async run({ program, positionals }, io) {
    return writeEditorSettings(io, path.resolve(io.cwd, positionals[0] ?? '.'), program, 'editor');
  },
};
