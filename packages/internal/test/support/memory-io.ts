/** A CliIO writing into strings. */
import { Writable } from 'node:stream';
import type { CliIO, OutputStream } from '../../cli/io.js';

function memoryStream(): OutputStream & { text(): string } {
  let text = '';
  const stream = new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return Object.assign(stream, { isTTY: false, text: () => text });
}

export function memoryIO(cwd = '/work'): CliIO & { out: () => string; err: () => string } {
  const stdout = memoryStream();
  const stderr = memoryStream();
  return { stdout, stderr, cwd, env: {}, out: () => stdout.text(), err: () => stderr.text() };
}
