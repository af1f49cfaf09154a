/**
 * The rate limiter's state in Redis, per key: a sorted set of request starts (score and member
 * carry the start time in Redis server milliseconds) and a string holding the end of a 429 pause.
 * Times come from Redis `TIME`, never from the processes, so clock skew between machines cannot
 * let more requests through.
 * @internal
 */
import { LUA_NOW_MS, LuaScript } from '../lua-script.js';

/**
 * KEYS[1] the log of starts, KEYS[2] the pause. ARGV[1] limit (-1: no limit), ARGV[2] window in ms
 * (padding included), ARGV[3] a member unique to this call.
 * Returns 0 after recording a start, or the milliseconds to wait (> 0).
 */
export const TAKE = new LuaScript(`${LUA_NOW_MS}
local now = now_ms()
local paused = tonumber(redis.call('GET', KEYS[2]) or '0')
if paused > now then return paused - now end
local limit = tonumber(ARGV[1])
if limit < 0 then return 0 end
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  return 0
end
local leaving = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
return math.max(1, tonumber(leaving[2]) + window - now)
`);

/**
 * KEYS[1] the pause. ARGV[1] its length in ms from now (> 0). Extends a pause, never shortens one.
 * Returns the pause's end in Redis milliseconds.
 */
export const PAUSE = new LuaScript(`${LUA_NOW_MS}
local now = now_ms()
local length = tonumber(ARGV[1])
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local ends = now + length
if ends > current then
  redis.call('SET', KEYS[1], ends, 'PX', length)
  return ends
end
return current
`);
