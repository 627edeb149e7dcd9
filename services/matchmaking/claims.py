"""A table's tickets from the queue to the game: claimed for it all or none,
under a lease, then matched when the game exists or released to the queue when
it could not be created; a table whose lease ran out is taken over."""
from __future__ import annotations

from typing import Sequence

import orjson
import redis.asyncio as aioredis

from services.matchmaking.keys import TicketKeys
from services.matchmaking.replies import text
from services.matchmaking.scripts import CLAIM, COMPLETE, RELEASE, TAKEOVER
from services.matchmaking.tickets import Ticket


class TableClaims:
    def __init__(self, redis: aioredis.Redis, layout: TicketKeys, finished_ttl_s: int):
        self.redis = redis
        self.layout = layout
        self.finished_ttl_s = finished_ttl_s
        self._claim = redis.register_script(CLAIM)
        self._complete = redis.register_script(COMPLETE)
        self._release = redis.register_script(RELEASE)
        self._takeover = redis.register_script(TAKEOVER)

    def _claim_args(self, match: dict, lease_until: float, owner: str):
        ids = [t["ticket_id"] for t in match["tickets"]]
        keys = [self.layout.queue_key(match["queue"]), self.layout.queue_data_key(match["queue"]),
                self.layout.pending_key, self.layout.match_key(match["match_id"]),
                *[self.layout.ticket_key(i) for i in ids]]
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
        keys = [self.layout.pending_key, self.layout.match_key(match["match_id"]),
                self.layout.seen_key(match["queue"]), *[self.layout.ticket_key(t["ticket_id"]) for t in tickets],
                *[self.layout.live_key(match["game"], p) for t in tickets for p in t["players"]]]
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
        keys = [self.layout.pending_key, self.layout.match_key(match["match_id"]),
                self.layout.queue_key(match["queue"]), self.layout.queue_data_key(match["queue"]),
                *[self.layout.ticket_key(t["ticket_id"]) for t in tickets]]
        args = [match["match_id"], repr(now), reason]
        for t in tickets:
            args += [t["ticket_id"], repr(t["created_at"]), t["summary"]]
        return [text(x) for x in await self._release(keys=keys, args=args)]

    async def stale_matches(self, now: float, limit: int = 100) -> list[str]:
        return [text(m) for m in await self.redis.zrangebyscore(self.layout.pending_key, "-inf", now,
                                                                start=0, num=limit)]

    async def take_over(self, match_id: str, now: float, lease_until: float, owner: str) -> dict | None:
        raw = await self._takeover(keys=[self.layout.pending_key, self.layout.match_key(match_id)],
                                   args=[match_id, repr(now), repr(lease_until), owner])
        return orjson.loads(raw) if raw else None
