/** Starts a test redis-server, prints its pid and port, and waits to be killed. */
import { startRedisServer } from '../../src/testing/index.js';

const server = await startRedisServer();
process.stdout.write(`pid ${server.pid} ${server.port}\n`);
setInterval(() => undefined, 60_000);
