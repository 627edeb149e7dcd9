"""The Lua scripts the Store (boards.py) runs in Redis (Valkey).

A script runs whole or not at all and costs one round trip, which is what the leaderboard's
guarantees rest on: a batch of games is written in order, each game all or nothing and exactly
once (APPLY_LUA); a page of a board comes in one reply, read from one generation (BOARD_LUA);
a rebuilt generation is swapped in only once it has caught up (SWAP_LUA). They are kept here as
text, apart from the Python that builds their arguments, so each can be read whole. The script
that reads what a batch is rated from (READ_LUA) lives with the snapshot it fills (snapshot.py).

The scripts spell the keys of keys.py themselves (`lb:` + the generation + a key), so a change
to the key layout changes them too.
"""

APPLY_LUA = r"""
-- One batch of games, in order, each all or nothing.
-- ARGV[1] target generation, ARGV[2] "1": the target must be the live one,
-- ARGV[3] history limit, ARGV[4] JSON list of games, each
--   {field=ledger field, seq=stream sequence, ledger=ledger value,
--    ops={checks=[[key,games]], hashes=[[key,f,v,...]], zadds=[[key,score,member,...]],
--         pushes=[[key,value]], sadds=[[key,member]]}}
-- Returns one status per game up to the first that is not written: ok, or dup (in the
-- ledger already), conflict (a player's games is not what the rating was computed from)
-- or moved (the target is not live); the games after that one are not looked at.
local gen = ARGV[1]
if ARGV[2] == '1' then
  local live = redis.call('GET', 'lb:gen') or '1'
  if live ~= gen then return {'moved'} end
end
local p = 'lb:' .. gen .. ':'
local keep = tonumber(ARGV[3]) - 1
local function apply(g)
  if redis.call('HEXISTS', p .. 'done', g.field) == 1 then return 'dup' end
  local ops = g.ops
  for _, c in ipairs(ops.checks) do
    local n = redis.call('HGET', p .. c[1], 'games') or '0'
    if n ~= c[2] then return 'conflict' end
  end
  for _, h in ipairs(ops.hashes) do
    local args = {}
    for i = 2, #h do args[#args + 1] = h[i] end
    redis.call('HSET', p .. h[1], unpack(args))
  end
  for _, z in ipairs(ops.zadds) do redis.call('ZADD', p .. z[1], unpack(z, 2)) end
  for _, l in ipairs(ops.pushes) do
    if redis.call('LPUSH', p .. l[1], l[2]) > keep + 1 then redis.call('LTRIM', p .. l[1], 0, keep) end
  end
  for _, s in ipairs(ops.sadds) do redis.call('SADD', p .. s[1], s[2]) end
  redis.call('HSET', p .. 'done', g.field, g.ledger)
  return 'ok'
end
local out = {}
local last = tonumber(redis.call('GET', p .. 'seq') or '0')
local top, top_text = last, nil
for _, g in ipairs(cjson.decode(ARGV[4])) do
  local status = apply(g)
  out[#out + 1] = status
  if status ~= 'ok' then break end
  local seq = tonumber(g.seq)
  if seq > top then top, top_text = seq, g.seq end
end
if top_text then redis.call('SET', p .. 'seq', top_text) end
return out
"""

BOARD_LUA = r"""
-- A page of a board in the live generation, in one round trip and one reply (JSON):
-- [board size, the player's rank (0-based) or false, [member, score, ...], [each member's
-- rating hash as a flat HGETALL]].
-- ARGV[1] board key, ARGV[2] rating key prefix ("r:<game>:"), then
--   "page", first, last (0-based ranks)  |  "around", player, radius
local p = 'lb:' .. (redis.call('GET', 'lb:gen') or '1') .. ':'
local board = p .. ARGV[1]
local total = redis.call('ZCARD', board)
local rank, first, last = false, tonumber(ARGV[4]), tonumber(ARGV[5])
if ARGV[3] == 'around' then
  rank = redis.call('ZREVRANK', board, ARGV[4])
  if not rank then return cjson.encode({total, false, {}, {}}) end
  first, last = math.max(0, rank - tonumber(ARGV[5])), rank + tonumber(ARGV[5])
end
local rows = redis.call('ZREVRANGE', board, first, last, 'WITHSCORES')
local hashes = {}
for i = 1, #rows, 2 do hashes[#hashes + 1] = redis.call('HGETALL', p .. ARGV[2] .. rows[i]) end
return cjson.encode({total, rank, rows, hashes})
"""

SWAP_LUA = r"""
-- ARGV[1] new generation, ARGV[2] old generation expected live.
-- Swap only when the new generation has caught up with the live one.
local live = redis.call('GET', 'lb:gen') or '1'
if live ~= ARGV[2] then return 'moved' end
local new_seq = tonumber(redis.call('GET', 'lb:' .. ARGV[1] .. ':seq') or '0')
local old_seq = tonumber(redis.call('GET', 'lb:' .. live .. ':seq') or '0')
if new_seq < old_seq then return 'behind' end
redis.call('SET', 'lb:gen', ARGV[1])
return 'ok'
"""
