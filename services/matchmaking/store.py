"""Tickets and tables in Redis (Valkey). Every state change is one Lua script,
so several matchmaker replicas can share one Redis: a ticket is claimed for a
table only while it is still searching, all of a table's tickets or none.

Key layout (prefix P, default "mm"):

  P:t:<ticket_id>          hash   the ticket (tickets.Ticket.to_hash); final tickets expire after a day
  P:q:<queue>              zset   searching tickets of a queue, scored by created_at (oldest first);
                                  queue = "<game>:ranked" or "<game>:casual", then ":<options>"
                                  for a ticket asking for game options (tickets.queue_name)
  P:qd:<queue>             hash   ticket_id -> compact summary the matcher needs (size, range, time, ratings)
  P:queues                 set    queue names that ever had a ticket
  P:live:<game>:<player>   string ticket_id of the player's one live (inviting, searching or claimed)
                                  ticket; an invitation holds only the keys of those who accepted it
  P:inv:<player>           set    ids of invitations naming the player that they have not accepted
  P:m:<match_id>           hash   a table being created: its JSON (seats, tickets, quality), owner, lease
  P:pending                zset   match_id -> lease deadline; past it, any replica takes the table over
  P:lock:<queue>           string which replica runs the matching pass of a queue now (a short lease;
                                  an optimisation only: correctness rests on the claim script)
  P:botfill:<queue>        string bots were asked for this queue lately (lives bot_fill_after_s)

All keys of one call are passed as KEYS. On Redis Cluster they would need one
hash slot per queue (a {queue} hash tag in every key and the queue in the
ticket id); this project runs one Valkey, so they do not have it yet.
"""
from __future__ import annotations

import json
from dataclasses import replace
from typing import Any, Iterable, Sequence

import orjson
import redis.asyncio as aioredis

from services.matchmaking.tickets import CANCELLED, EXPIRED, Ticket

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


class LiveTicketExists(Exception):
    def __init__(self, player: str, ticket_id: str):
        super().__init__(player, ticket_id)
        self.player = player
        self.ticket_id = ticket_id


def _s(v: Any) -> str:
    return v.decode() if isinstance(v, bytes) else str(v)


class TicketStore:
    def __init__(self, redis: aioredis.Redis, prefix: str = "mm", finished_ttl_s: int = 24 * 3600):
        self.redis = redis
        self.prefix = prefix
        self.finished_ttl_s = int(finished_ttl_s)
        self._create = redis.register_script(CREATE)
        self._invite = redis.register_script(INVITE)
        self._accept = redis.register_script(ACCEPT)
        self._claim = redis.register_script(CLAIM)
        self._complete = redis.register_script(COMPLETE)
        self._release = redis.register_script(RELEASE)
        self._finish = redis.register_script(FINISH)
        self._note = redis.register_script(NOTE)
        self._takeover = redis.register_script(TAKEOVER)
        self._unlock = redis.register_script(UNLOCK)
        self._read_queue = redis.register_script(READ_QUEUE)

    @classmethod
    def from_url(cls, url: str, **kwargs) -> "TicketStore":
        return cls(aioredis.Redis.from_url(url), **kwargs)

    async def close(self) -> None:
        await self.redis.aclose()

    # -- keys ---------------------------------------------------------------------------

    def ticket_key(self, ticket_id: str) -> str:
        return f"{self.prefix}:t:{ticket_id}"

    def queue_key(self, queue: str) -> str:
        return f"{self.prefix}:q:{queue}"

    def queue_data_key(self, queue: str) -> str:
        return f"{self.prefix}:qd:{queue}"

    def seen_key(self, queue: str) -> str:
        return f"{self.prefix}:qs:{queue}"

    def live_key(self, game: str, player: str) -> str:
        return f"{self.prefix}:live:{game}:{player}"

    def invitations_key(self, player: str) -> str:
        return f"{self.prefix}:inv:{player}"

    def match_key(self, match_id: str) -> str:
        return f"{self.prefix}:m:{match_id}"

    @property
    def queues_key(self) -> str:
        return f"{self.prefix}:queues"

    @property
    def pending_key(self) -> str:
        return f"{self.prefix}:pending"

    # -- tickets ------------------------------------------------------------------------

    def _create_args(self, t: Ticket) -> tuple[list[str], list[Any]]:
        keys = [self.ticket_key(t.ticket_id), self.queue_key(t.queue), self.queue_data_key(t.queue),
                self.queues_key, *[self.live_key(t.game, p) for p in t.players]]
        return keys, [t.ticket_id, t.queue, repr(t.created_at), t.summary(),
                      json.dumps(t.to_hash(), separators=(",", ":"))]

    async def create(self, ticket: Ticket) -> None:
        """Queue a new searching ticket; LiveTicketExists when a member holds one for the game."""
        keys, args = self._create_args(ticket)
        self._raise_conflict(ticket, await self._create(keys=keys, args=args))

    async def create_many(self, tickets: Sequence[Ticket]) -> list[Exception | None]:
        """Pipelined create (bulk loads, the benchmark); one result per ticket."""
        async with self.redis.pipeline(transaction=False) as pipe:
            for t in tickets:
                keys, args = self._create_args(t)
                await self._create(keys=keys, args=args, client=pipe)
            results = await pipe.execute()
        out: list[Exception | None] = []
        for t, r in zip(tickets, results):
            try:
                self._raise_conflict(t, r)
                out.append(None)
            except Exception as exc:  # noqa: BLE001
                out.append(exc)
        return out

    async def invite(self, ticket: Ticket) -> None:
        """Store a party's invitation (state inviting, not queued): the inviter's live ticket, an
        open invitation of every other member; LiveTicketExists when the inviter holds one."""
        inviter = ticket.accepted[0]
        keys = [self.ticket_key(ticket.ticket_id), self.live_key(ticket.game, inviter),
                *[self.invitations_key(p) for p in ticket.players if p != inviter]]
        fields = [x for kv in ticket.to_hash().items() for x in kv]
        result = await self._invite(keys=keys, args=[ticket.ticket_id, *fields])
        if _s(result[0]) == "live":
            raise LiveTicketExists(inviter, _s(result[2]))
        self._raise_conflict(ticket, result)

    async def accept(self, ticket: Ticket, player: str, now: float) -> str:
        """`player` accepts the invitation. "ok" (others still to accept), "queued" (the last
        acceptance: the party is in the queue, waiting from now), "again" (accepted before),
        or why not: the ticket's state or "missing"; LiveTicketExists when the player holds
        another live ticket of the game."""
        queued = replace(ticket, created_at=now)  # its summary, should this be the last acceptance
        keys = [self.ticket_key(ticket.ticket_id), self.live_key(ticket.game, player), self.queue_key(ticket.queue),
                self.queue_data_key(ticket.queue), self.queues_key, self.invitations_key(player)]
        args = [ticket.ticket_id, player, repr(now), ticket.queue, queued.summary()]
        result = await self._accept(keys=keys, args=args)
        status = _s(result[0])
        if status == "live":
            raise LiveTicketExists(player, _s(result[1]))
        return status

    async def invitations(self, player: str) -> list[str]:
        """Ids of the invitations naming `player` they have not accepted (some may have ended)."""
        return sorted(_s(i) for i in await self.redis.smembers(self.invitations_key(player)))

    async def forget_invitation(self, player: str, ticket_id: str) -> None:
        await self.redis.srem(self.invitations_key(player), ticket_id)

    @staticmethod
    def _raise_conflict(ticket: Ticket, result) -> None:
        status = _s(result[0])
        if status == "ok":
            return
        if status == "live":
            raise LiveTicketExists(ticket.players[int(result[1]) - 1], _s(result[2]))
        raise ValueError(f"ticket id {ticket.ticket_id} is taken")

    async def get(self, ticket_id: str) -> Ticket | None:
        h = await self.redis.hgetall(self.ticket_key(ticket_id))
        return Ticket.from_hash(h) if h else None

    async def get_many(self, ticket_ids: Iterable[str]) -> list[Ticket | None]:
        async with self.redis.pipeline(transaction=False) as pipe:
            for tid in ticket_ids:
                pipe.hgetall(self.ticket_key(tid))
            rows = await pipe.execute()
        return [Ticket.from_hash(h) if h else None for h in rows]

    async def finish(self, ticket: Ticket, state: str, reason: str, now: float,
                     max_wait_s: float | None = None) -> str:
        """Cancel (or, with max_wait_s, expire) a searching ticket. Returns "ok",
        or why not: its state ("claimed", "matched", ...), "missing" or "young"."""
        assert state in (CANCELLED, EXPIRED)
        keys = [self.ticket_key(ticket.ticket_id), self.queue_key(ticket.queue),
                self.queue_data_key(ticket.queue), *[self.live_key(ticket.game, p) for p in ticket.players]]
        args = [ticket.ticket_id, repr(now), state, reason, self.finished_ttl_s,
                "" if max_wait_s is None else repr(max_wait_s)]
        result = _s(await self._finish(keys=keys, args=args))
        if result == "ok":
            await self.redis.hdel(self.seen_key(ticket.queue), ticket.ticket_id)
        return result

    async def note(self, ticket_id: str, reason: str, now: float, only_if: str = "") -> bool:
        """Set a searching ticket's reason (with `only_if`, only while it is that reason): whether
        it changed (then its version grew)."""
        return bool(await self._note(keys=[self.ticket_key(ticket_id)], args=[reason, repr(now), only_if]))

    # -- presence -----------------------------------------------------------------------

    async def touch(self, ticket: Ticket, now: float) -> None:
        """One of the ticket's players is there now (watching it or asking about it)."""
        await self.redis.hset(self.seen_key(ticket.queue), ticket.ticket_id, repr(now))

    async def seen(self, queue: str, ticket_ids: Sequence[str]) -> dict[str, float]:
        """When each ticket's players were last there (tickets never seen are left out)."""
        if not ticket_ids:
            return {}
        rows = await self.redis.hmget(self.seen_key(queue), list(ticket_ids))
        return {tid: float(row) for tid, row in zip(ticket_ids, rows) if row is not None}

    # -- the matcher's reads ------------------------------------------------------------

    async def queues(self) -> list[str]:
        return sorted(_s(q) for q in await self.redis.smembers(self.queues_key))

    async def searching(self, queue: str, limit: int) -> list[tuple[str, dict]]:
        """The oldest `limit` searching tickets of a queue: (ticket_id, summary)."""
        return (await self.searching_and_seen(queue, limit, with_seen=False))[0]

    async def searching_and_seen(self, queue: str, limit: int,
                                 with_seen: bool = True) -> tuple[list[tuple[str, dict]], dict[str, float]]:
        """`searching` and `seen` of those tickets in one round trip (a matching pass's read)."""
        rows, seen = await self._read_queue(keys=[self.queue_key(queue), self.queue_data_key(queue),
                                                  self.seen_key(queue)], args=[limit, "1" if with_seen else "0"])
        # JSON objects keep their order: oldest first
        return list(orjson.loads(rows).items()), {tid: float(at) for tid, at in orjson.loads(seen).items()}

    async def queue_length(self, queue: str) -> int:
        return await self.redis.zcard(self.queue_key(queue))

    async def lock_queue(self, queue: str, owner: str, ttl_s: float) -> bool:
        return bool(await self.redis.set(f"{self.prefix}:lock:{queue}", owner, nx=True,
                                         px=max(1, int(ttl_s * 1000))))

    async def ask_once(self, queue: str, ttl_s: float) -> bool:
        """True for the first caller per queue within `ttl_s` (bot fill asks at most that often)."""
        return bool(await self.redis.set(f"{self.prefix}:botfill:{queue}", "1", nx=True,
                                         px=max(1, int(ttl_s * 1000))))

    async def unlock_queue(self, queue: str, owner: str) -> None:
        await self._unlock(keys=[f"{self.prefix}:lock:{queue}"], args=[owner])

    # -- tables -------------------------------------------------------------------------

    def _claim_args(self, match: dict, lease_until: float, owner: str):
        ids = [t["ticket_id"] for t in match["tickets"]]
        keys = [self.queue_key(match["queue"]), self.queue_data_key(match["queue"]), self.pending_key,
                self.match_key(match["match_id"]), *[self.ticket_key(i) for i in ids]]
        return keys, [match["match_id"], repr(lease_until), orjson.dumps(match), owner, *ids]

    async def claim_many(self, matches: Sequence[dict], lease_until: float, owner: str) -> list[bool]:
        """Claim each table's tickets atomically (all of a table or none); pipelined."""
        if not matches:
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            for m in matches:
                keys, args = self._claim_args(m, lease_until, owner)
                await self._claim(keys=keys, args=args, client=pipe)
            results = await pipe.execute()
        return [int(r[0]) == 1 for r in results]

    def _complete_args(self, match: dict, now: float):
        tickets = match["tickets"]
        keys = [self.pending_key, self.match_key(match["match_id"]), self.seen_key(match["queue"]),
                *[self.ticket_key(t["ticket_id"]) for t in tickets],
                *[self.live_key(match["game"], p) for t in tickets for p in t["players"]]]
        seats = match["seats"]
        args = [match["match_id"], repr(now), match["game_id"], len(match["players"]), self.finished_ttl_s,
                len(tickets), *[orjson.dumps({p: seats[p] for p in t["players"]}) for t in tickets]]
        return keys, args

    async def complete(self, match: dict, now: float) -> list[Ticket]:
        """Mark the table's tickets matched; returns the tickets this call changed, as they are
        now (empty when another replica completed the table first)."""
        return (await self.complete_many([match], now))[0]

    async def complete_many(self, matches: Sequence[dict], now: float) -> list[list[Ticket]]:
        """`complete` for several tables in one round trip (each table still all or none)."""
        if not matches:
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            for m in matches:
                keys, args = self._complete_args(m, now)
                await self._complete(keys=keys, args=args, client=pipe)
            results = await pipe.execute()
        return [[Ticket.from_hash(orjson.loads(row)) for row in changed] for changed in results]

    async def release(self, match: dict, now: float, reason: str) -> list[str]:
        """Put the table's tickets back in the queue with their waiting time kept."""
        tickets = match["tickets"]
        keys = [self.pending_key, self.match_key(match["match_id"]), self.queue_key(match["queue"]),
                self.queue_data_key(match["queue"]), *[self.ticket_key(t["ticket_id"]) for t in tickets]]
        args = [match["match_id"], repr(now), reason]
        for t in tickets:
            args += [t["ticket_id"], repr(t["created_at"]), t["summary"]]
        return [_s(x) for x in await self._release(keys=keys, args=args)]

    async def stale_matches(self, now: float, limit: int = 100) -> list[str]:
        return [_s(m) for m in await self.redis.zrangebyscore(self.pending_key, "-inf", now, start=0, num=limit)]

    async def take_over(self, match_id: str, now: float, lease_until: float, owner: str) -> dict | None:
        raw = await self._takeover(keys=[self.pending_key, self.match_key(match_id)],
                                   args=[match_id, repr(now), repr(lease_until), owner])
        return orjson.loads(raw) if raw else None
