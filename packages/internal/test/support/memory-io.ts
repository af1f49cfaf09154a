/** In-memory CLI IO for running commands in-process: writable streams that collect text (shared by the packages' CLI tests). */
import { Writable } from 'node:stream';
import type { CliIO, OutputStream } from '../../cli/io.js';

/** A writable that keeps what is written; `isTTY` as given. */
export function memoryStream(isTTY = false): OutputStream & { text(): string } {
  let text = '';
  const stream = new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return Object.assign(stream, { isTTY, text: () => text });
}

/** A CliIO writing into strings. */
export function memoryIO(
  cwd = '/work',
  options: { stdoutTTY?: boolean; stderrTTY?: boolean; env?: Record<string, string> } = {},
): CliIO & { out: () => string; err: () => string } {
  const stdout = memoryStream(options.stdoutTTY);
  const stderr = memoryStream(options.stderrTTY);
  return { stdout, stderr, cwd, env: options.env ?? {}, out: () => stdout.text(), err: () => stderr.text() };
}
