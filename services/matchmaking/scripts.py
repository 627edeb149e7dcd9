"""The Lua scripts of the ticket store (services/matchmaking/store.py), one per
change of state; the keys they are given are named in services/matchmaking/keys.py."""
from __future__ import annotations

CREATE = """
-- KEYS: ticket, queue zset, queue data, queues set, live keys...
-- ARGV: ticket_id, queue, created_at, summary, the ticket's hash as one JSON object (one
-- argument instead of ~36: the client's encoding of arguments is what bulk enqueues cost)
if redis.call('EXISTS', KEYS[1]) == 1 then return {'duplicate-id', ARGV[1]} end
for i = 5, #KEYS do
  local held = redis.call('GET', KEYS[i])
  if held then return {'live', tostring(i - 4), held} end
end
local fields = {}
for k, v in pairs(cjson.decode(ARGV[5])) do
  fields[#fields + 1] = k
  fields[#fields + 1] = v
end
redis.call('HSET', KEYS[1], unpack(fields))
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
redis.call('HSET', KEYS[3], ARGV[1], ARGV[4])
redis.call('SADD', KEYS[4], ARGV[2])
for i = 5, #KEYS do redis.call('SET', KEYS[i], ARGV[1]) end
return {'ok'}
"""

INVITE = """
-- A party's invitation: stored, not queued; the inviter's live key only.
-- KEYS: ticket, the inviter's live key, the invitees' invitation sets...
-- ARGV: ticket_id, field, value, ...
if redis.call('EXISTS', KEYS[1]) == 1 then return {'duplicate-id', ARGV[1]} end
local held = redis.call('GET', KEYS[2])
if held then return {'live', '1', held} end
local fields = {}
for i = 2, #ARGV do fields[#fields + 1] = ARGV[i] end
redis.call('HSET', KEYS[1], unpack(fields))
redis.call('SET', KEYS[2], ARGV[1])
for i = 3, #KEYS do redis.call('SADD', KEYS[i], ARGV[1]) end
return {'ok'}
"""

ACCEPT = """
-- A member accepts an invitation; the last acceptance queues the party.
-- KEYS: ticket, the member's live key, queue zset, queue data, queues set, the member's invitation set
-- ARGV: ticket_id, player, now, queue, summary (with created_at = now)
local st = redis.call('HMGET', KEYS[1], 'state', 'accepted', 'players', 'version')
if not st[1] then return {'missing'} end
if st[1] ~= 'inviting' then return {st[1]} end
local accepted = cjson.decode(st[2])
for _, p in ipairs(accepted) do if p == ARGV[2] then return {'again'} end end
local held = redis.call('GET', KEYS[2])
if held and held ~= ARGV[1] then return {'live', held} end
accepted[#accepted + 1] = ARGV[2]
redis.call('SET', KEYS[2], ARGV[1])
redis.call('SREM', KEYS[6], ARGV[1])
local version = tonumber(st[4]) + 1
if #accepted == #cjson.decode(st[3]) then
  redis.call('HSET', KEYS[1], 'state', 'searching', 'accepted', cjson.encode(accepted), 'created_at', ARGV[3],
             'updated_at', ARGV[3], 'version', version, 'reason', '')
  redis.call('ZADD', KEYS[3], ARGV[3], ARGV[1])
  redis.call('HSET', KEYS[4], ARGV[1], ARGV[5])
  redis.call('SADD', KEYS[5], ARGV[4])
  return {'queued'}
end
redis.call('HSET', KEYS[1], 'accepted', cjson.encode(accepted), 'updated_at', ARGV[3], 'version', version)
return {'ok'}
"""

CLAIM = """
-- Claims every ticket of a table, or none.
-- KEYS: queue zset, queue data, pending zset, match key, ticket keys...
-- ARGV: match_id, lease deadline, match json, owner, ticket ids...
local n = #KEYS - 4
for i = 1, n do
  if redis.call('HGET', KEYS[4 + i], 'state') ~= 'searching' then return {0, ARGV[4 + i]} end
end
for i = 1, n do
  local id = ARGV[4 + i]
  redis.call('HSET', KEYS[4 + i], 'state', 'claimed', 'match_id', ARGV[1])
  redis.call('ZREM', KEYS[1], id)
  redis.call('HDEL', KEYS[2], id)
end
redis.call('HSET', KEYS[4], 'match', ARGV[3], 'owner', ARGV[4], 'lease', ARGV[2])
redis.call('ZADD', KEYS[3], ARGV[2], ARGV[1])
return {1}
"""

COMPLETE = """
-- The game exists: the table's tickets become matched. Returns each ticket this call changed,
-- as one JSON object per ticket: the caller publishes them without reading them back, and one
-- bulk string is far cheaper to parse client-side than a hash's field/value pairs.
-- KEYS: pending zset, match key, the queue's seen hash, ticket keys (n), live keys...
-- ARGV: match_id, now, game_id, table_size, ttl, n, seats json per ticket (n)
local n = tonumber(ARGV[6])
local mine = {}
local done = {}
for i = 1, n do
  local key = KEYS[3 + i]
  local st = redis.call('HMGET', key, 'state', 'match_id', 'ticket_id', 'version')
  if st[1] == 'claimed' and st[2] == ARGV[1] then
    redis.call('HSET', key, 'state', 'matched', 'game_id', ARGV[3], 'table_size', ARGV[4],
               'seats', ARGV[6 + i], 'updated_at', ARGV[2], 'reason', '', 'version', tonumber(st[4]) + 1)
    redis.call('EXPIRE', key, ARGV[5])
    redis.call('HDEL', KEYS[3], st[3])
    mine[st[3]] = true
    local flat = redis.call('HGETALL', key)
    local h = {}
    for j = 1, #flat, 2 do h[flat[j]] = flat[j + 1] end
    done[#done + 1] = cjson.encode(h)
  end
end
for i = 4 + n, #KEYS do
  local held = redis.call('GET', KEYS[i])
  if held and mine[held] then redis.call('DEL', KEYS[i]) end
end
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('DEL', KEYS[2])
return done
"""

RELEASE = """
-- The game could not be created: the tickets go back to the queue, waiting time kept.
-- KEYS: pending zset, match key, queue zset, queue data, ticket keys...
-- ARGV: match_id, now, reason, then per ticket: id, created_at, summary
local done = {}
for i = 1, #KEYS - 4 do
  local key = KEYS[4 + i]
  local id, created, summary = ARGV[1 + 3 * i], ARGV[2 + 3 * i], ARGV[3 + 3 * i]
  local st = redis.call('HMGET', key, 'state', 'match_id', 'version')
  if st[1] == 'claimed' and st[2] == ARGV[1] then
    redis.call('HSET', key, 'state', 'searching', 'match_id', '', 'reason', ARGV[3],
               'updated_at', ARGV[2], 'version', tonumber(st[3]) + 1)
    redis.call('ZADD', KEYS[3], created, id)
    redis.call('HSET', KEYS[4], id, summary)
    done[#done + 1] = id
  end
end
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('DEL', KEYS[2])
return done
"""

FINISH = """
-- Cancel or expire a searching ticket (or an invitation: declined, withdrawn or not accepted in time).
-- KEYS: ticket, queue zset, queue data, live keys...
-- ARGV: ticket_id, now, new state, reason, ttl, max_wait ('' for a cancel)
local st = redis.call('HMGET', KEYS[1], 'state', 'created_at', 'version')
if not st[1] then return 'missing' end
if st[1] ~= 'searching' and st[1] ~= 'inviting' then return st[1] end
if ARGV[6] ~= '' and tonumber(st[2]) + tonumber(ARGV[6]) > tonumber(ARGV[2]) then return 'young' end
redis.call('HSET', KEYS[1], 'state', ARGV[3], 'reason', ARGV[4], 'updated_at', ARGV[2],
           'version', tonumber(st[3]) + 1)
redis.call('EXPIRE', KEYS[1], ARGV[5])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('HDEL', KEYS[3], ARGV[1])
for i = 4, #KEYS do
  if redis.call('GET', KEYS[i]) == ARGV[1] then redis.call('DEL', KEYS[i]) end
end
return 'ok'
"""

NOTE = """
-- A searching ticket's reason (what it waits on) changes; the version grows so watchers see it.
-- KEYS: ticket. ARGV: reason, now, only if the reason is now this ('' : whatever it is)
local st = redis.call('HMGET', KEYS[1], 'state', 'reason', 'version')
if st[1] ~= 'searching' then return 0 end
local reason = st[2] or ''
if reason == ARGV[1] or (ARGV[3] ~= '' and reason ~= ARGV[3]) then return 0 end
redis.call('HSET', KEYS[1], 'reason', ARGV[1], 'updated_at', ARGV[2], 'version', tonumber(st[3]) + 1)
return 1
"""

TAKEOVER = """
-- A table whose lease ran out (its replica died or stalled): take it over.
-- KEYS: pending zset, match key. ARGV: match_id, now, new deadline, owner
local lease = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not lease or tonumber(lease) > tonumber(ARGV[2]) then return false end
local match = redis.call('HGET', KEYS[2], 'match')
if not match then redis.call('ZREM', KEYS[1], ARGV[1]) return false end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
redis.call('HSET', KEYS[2], 'owner', ARGV[4], 'lease', ARGV[3])
return match
"""

READ_QUEUE = """
-- A pass's read of a queue in one round trip: the oldest tickets' summaries and (ARGV[2] = '1')
-- when their players were last seen, each as one JSON object {ticket_id: value} so the client
-- parses two strings instead of thousands of replies.
-- KEYS: queue zset, queue data, seen hash. ARGV: limit, with seen
local ids = redis.call('ZRANGE', KEYS[1], 0, tonumber(ARGV[1]) - 1)
local rows, seen = {}, {}
for i = 1, #ids, 1000 do  -- unpack() has a limit; a batch may be larger
  local chunk = {}
  for j = i, math.min(i + 999, #ids) do chunk[#chunk + 1] = ids[j] end
  local got = redis.call('HMGET', KEYS[2], unpack(chunk))
  local at = ARGV[2] == '1' and redis.call('HMGET', KEYS[3], unpack(chunk)) or {}
  for j = 1, #chunk do
    local id = cjson.encode(chunk[j])
    if got[j] then rows[#rows + 1] = id .. ':' .. got[j] end
    if at[j] then seen[#seen + 1] = id .. ':' .. at[j] end
  end
end
return {'{' .. table.concat(rows, ',') .. '}', '{' .. table.concat(seen, ',') .. '}'}
"""

UNLOCK = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""
