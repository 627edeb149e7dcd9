"""Tickets and tables in Redis (Valkey). Every state change is one Lua script,
so several matchmaker replicas can share one Redis: a ticket is claimed for a
table only while it is still searching, all of a table's tickets or none.

The keys are laid out in services/matchmaking/keys.py, the scripts are in
services/matchmaking/scripts.py, and a table's claim of its tickets is
services/matchmaking/claims.py.
"""
from __future__ import annotations

import json
from dataclasses import replace
from typing import Any, Iterable, Sequence

import orjson
import redis.asyncio as aioredis

from services.matchmaking.claims import TableClaims
from services.matchmaking.keys import TicketKeys
from services.matchmaking.replies import LiveTicketExists, raise_conflict, text
from services.matchmaking.scripts import ACCEPT, CREATE, FINISH, INVITE, NOTE, READ_QUEUE, UNLOCK
from services.matchmaking.tickets import CANCELLED, EXPIRED, Ticket


class TicketStore(TicketKeys):
    def __init__(self, redis: aioredis.Redis, prefix: str = "mm", finished_ttl_s: int = 24 * 3600):
        super().__init__(prefix)
        self.redis = redis
        self.finished_ttl_s = int(finished_ttl_s)
        self._create = redis.register_script(CREATE)
        self._invite = redis.register_script(INVITE)
        self._accept = redis.register_script(ACCEPT)
        self._finish = redis.register_script(FINISH)
        self._note = redis.register_script(NOTE)
        self._unlock = redis.register_script(UNLOCK)
        self._read_queue = redis.register_script(READ_QUEUE)
        self.tables = TableClaims(redis, self, self.finished_ttl_s)

    @classmethod
    def from_url(cls, url: str, **kwargs) -> "TicketStore":
        return cls(aioredis.Redis.from_url(url), **kwargs)

    async def close(self) -> None:
        await self.redis.aclose()

    # -- tickets ------------------------------------------------------------------------

    def _create_args(self, t: Ticket) -> tuple[list[str], list[Any]]:
        keys = [self.ticket_key(t.ticket_id), self.queue_key(t.queue), self.queue_data_key(t.queue),
                self.queues_key, *[self.live_key(t.game, p) for p in t.players]]
        return keys, [t.ticket_id, t.queue, repr(t.created_at), t.summary(),
                      json.dumps(t.to_hash(), separators=(",", ":"))]

    async def create(self, ticket: Ticket) -> None:
        """Queue a new searching ticket; LiveTicketExists when a member holds one for the game."""
        keys, args = self._create_args(ticket)
        raise_conflict(ticket, await self._create(keys=keys, args=args))

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
                raise_conflict(t, r)
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
        if text(result[0]) == "live":
            raise LiveTicketExists(inviter, text(result[2]))
        raise_conflict(ticket, result)

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
        status = text(result[0])
        if status == "live":
            raise LiveTicketExists(player, text(result[1]))
        return status

    async def invitations(self, player: str) -> list[str]:
        """Ids of the invitations naming `player` they have not accepted (some may have ended)."""
        return sorted(text(i) for i in await self.redis.smembers(self.invitations_key(player)))

    async def forget_invitation(self, player: str, ticket_id: str) -> None:
        await self.redis.srem(self.invitations_key(player), ticket_id)

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
        result = text(await self._finish(keys=keys, args=args))
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
        return sorted(text(q) for q in await self.redis.smembers(self.queues_key))

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
        return bool(await self.redis.set(self.lock_key(queue), owner, nx=True,
                                         px=max(1, int(ttl_s * 1000))))

    async def ask_once(self, queue: str, ttl_s: float) -> bool:
        """True for the first caller per queue within `ttl_s` (bot fill asks at most that often)."""
        return bool(await self.redis.set(self.botfill_key(queue), "1", nx=True,
                                         px=max(1, int(ttl_s * 1000))))

    async def unlock_queue(self, queue: str, owner: str) -> None:
        await self._unlock(keys=[self.lock_key(queue)], args=[owner])

    # -- tables (services/matchmaking/claims.py) ----------------------------------------

    async def claim_many(self, matches: Sequence[dict], lease_until: float, owner: str) -> list[bool]:
        return await self.tables.claim_many(matches, lease_until, owner)

    async def complete(self, match: dict, now: float) -> list[Ticket]:
        return await self.tables.complete(match, now)

    async def complete_many(self, matches: Sequence[dict], now: float) -> list[list[Ticket]]:
        return await self.tables.complete_many(matches, now)

    async def release(self, match: dict, now: float, reason: str) -> list[str]:
        return await self.tables.release(match, now, reason)

    async def stale_matches(self, now: float, limit: int = 100) -> list[str]:
        return await self.tables.stale_matches(now, limit)

    async def take_over(self, match_id: str, now: float, lease_until: float, owner: str) -> dict | None:
        return await self.tables.take_over(match_id, now, lease_until, owner)
