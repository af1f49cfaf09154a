/**
 * A Lua script run with EVALSHA, falling back to EVAL the first time a server has not seen it (after
 * a restart or SCRIPT FLUSH). Every key a script touches is passed in KEYS (never built inside the
 * script), and each script's keys share one hash tag.
 * @internal
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

export class LuaScript {
  readonly #lua: string;
  readonly #sha: string;

  constructor(lua: string) {
    this.#lua = lua;
    this.#sha = createHash('sha1').update(lua).digest('hex');
  }

  async run(client: Redis, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
    try {
      return await client.evalsha(this.#sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return client.eval(this.#lua, keys.length, ...keys, ...args);
    }
  }
}

/** Redis server time in milliseconds, for scripts: the one clock every process sharing a key agrees on. @internal */
export const LUA_NOW_MS = `local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
`;
