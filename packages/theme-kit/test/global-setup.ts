/** Builds the package once when its `dist/cli.js` is missing or stale (the binary tests run it). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOnce } from '../../../tools/testing/build-once.mjs';

export default function setup(): void {
  buildOnce(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
}
