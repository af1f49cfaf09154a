/**
 * The delivery queue's Lua scripts. State, per queue:
 * - a stream of accepted deliveries (fields `user`, `key`, `event`), read by the consumer group
 *   `workers`: an entry stays in the group's pending list, owned by one worker, until it is acknowledged;
 * - per user, a list of the ids of their unprocessed deliveries, oldest first: only the head may run;
 * - per delivery key, a marker that it was accepted (the duplicate check, with a TTL);
 * - a stream of deliveries given up on (dead letters).
 * Each script is atomic, so a delivery is never half-accepted and never half-finished.
 * @internal
 */
import { LuaScript } from '../../lua-script.js';

/**
 * Accepts a delivery. KEYS: seen marker, stream, user list. ARGV: TTL (s), user key, delivery key,
 * stored event. Returns the new entry id, or '' for a duplicate.
 */
export const ENQUEUE = new LuaScript(`
if not redis.call('SET', KEYS[1], '1', 'NX', 'EX', ARGV[1]) then return '' end
local id = redis.call('XADD', KEYS[2], '*', 'user', ARGV[2], 'key', ARGV[3], 'event', ARGV[4])
redis.call('RPUSH', KEYS[3], id)
return id
`);

/**
 * May this worker run the entry now? KEYS: stream, user list. ARGV: group, id, consumer.
 * Returns {'go', deliveries} when the entry is this worker's and the oldest of its user;
 * {'wait'} while an older one is unfinished; {'gone'} when it was finished (by anyone);
 * {'other'} when another worker took it over; {'again'} after dropping a stale list head.
 */
export const TURN = new LuaScript(`
local pending = redis.call('XPENDING', KEYS[1], ARGV[1], ARGV[2], ARGV[2], 1)
if #pending == 0 then return {'gone'} end
if pending[1][2] ~= ARGV[3] then return {'other'} end
local head = redis.call('LINDEX', KEYS[2], 0)
if head == ARGV[2] then return {'go', pending[1][4]} end
if not head or not redis.call('LPOS', KEYS[2], ARGV[2]) then
  -- Not in its user's list (the list was removed by hand): run it rather than hold it forever.
  return {'go', pending[1][4]}
end
local older = redis.call('XPENDING', KEYS[1], ARGV[1], head, head, 1)
if #older == 0 then
  -- The head is no longer pending (deleted by hand): it can never finish, drop it.
  redis.call('LREM', KEYS[2], 1, head)
  return {'again'}
end
return {'wait'}
`);

/**
 * Finishes an entry: acknowledges and deletes it, removes it from its user's list, and for a failure
 * copies it to the dead-letter stream. KEYS: stream, user list, dead letters. ARGV: group, id,
 * outcome ('done' | 'failed'), error text, attempts, dead-letter cap. Returns 1 when this call
 * acknowledged it, 0 when someone already had.
 */
export const FINISH = new LuaScript(`
local entry = redis.call('XRANGE', KEYS[1], ARGV[2], ARGV[2])
local acked = redis.call('XACK', KEYS[1], ARGV[1], ARGV[2])
redis.call('LREM', KEYS[2], 1, ARGV[2])
if acked == 1 and ARGV[3] == 'failed' and #entry > 0 then
  redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[6], '*', 'id', ARGV[2], 'error', ARGV[4], 'attempts', ARGV[5], unpack(entry[1][2]))
end
redis.call('XDEL', KEYS[1], ARGV[2])
return acked
`);

/**
 * Heartbeat: resets the idle time of the entries this worker still owns, so no other worker takes
 * them over. KEYS: stream. ARGV: group, consumer, ids... Returns the ids it no longer owns.
 */
export const TOUCH = new LuaScript(`
local lost = {}
for i = 3, #ARGV do
  local id = ARGV[i]
  local pending = redis.call('XPENDING', KEYS[1], ARGV[1], id, id, 1)
  if #pending > 0 and pending[1][2] == ARGV[2] then
    redis.call('XCLAIM', KEYS[1], ARGV[1], ARGV[2], 0, id, 'JUSTID')
  else
    lost[#lost + 1] = id
  end
end
return lost
`);

/**
 * Hands this worker's unfinished entries back at once (on close): marks them idle for `idleMs` so
 * the next worker to look claims them. KEYS: stream. ARGV: group, consumer, idle ms. Returns how many.
 */
export const RELEASE = new LuaScript(`
local pending = redis.call('XPENDING', KEYS[1], ARGV[1], '-', '+', 10000, ARGV[2])
for _, entry in ipairs(pending) do
  redis.call('XCLAIM', KEYS[1], ARGV[1], ARGV[2], 0, entry[1], 'IDLE', ARGV[3], 'JUSTID')
end
return #pending
`);

/**
 * Forgets workers that hold nothing and were last seen more than `idleMs` ago. KEYS: stream.
 * ARGV: group, idle ms. Returns how many.
 */
export const FORGET_IDLE_WORKERS = new LuaScript(`
local removed = 0
for _, info in ipairs(redis.call('XINFO', 'CONSUMERS', KEYS[1], ARGV[1])) do
  local fields = {}
  for i = 1, #info, 2 do fields[info[i]] = info[i + 1] end
  if tonumber(fields['pending']) == 0 and tonumber(fields['idle']) > tonumber(ARGV[2]) then
    redis.call('XGROUP', 'DELCONSUMER', KEYS[1], ARGV[1], fields['name'])
    removed = removed + 1
  end
end
return removed
`);
