// Starts server.mjs in a child process and resolves its base URL and a stop function.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export async function startServer(customers = 100_000) {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./server.mjs', import.meta.url)), String(customers)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => {
      child.stdin.end();
      child.kill();
    },
  };
}
