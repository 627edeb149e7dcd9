"""A pass serves its queues side by side: one queue's Redis round trips do not hold up
the others (engine.Matchmaker.run_pass)."""
from __future__ import annotations

import asyncio

from services.matchmaking.catalogue import Catalogue, GameInfo
from services.matchmaking.engine import CountingPublisher, Matchmaker
from tests.matchmaking.conftest import fast_config, make_ticket, names


class _Instant:
    async def create(self, game, game_id, players, ranked, timeout, options=None) -> None:
        return None


async def test_one_queue_waiting_on_redis_does_not_hold_up_another(store):
    catalogue = Catalogue([GameInfo("quick", 2, 4, "in-process")])
    mm = Matchmaker(store, catalogue, _Instant(), CountingPublisher(), fast_config(presence_timeout_s=None))
    for ranked in (True, False):
        for _ in range(2):
            await store.create(make_ticket(names(1), lo=2, hi=2, ranked=ranked, game="quick"))
    second_started = asyncio.Event()
    read = store.searching_and_seen

    async def slow_first_read(queue, limit, with_seen=True):
        if not second_started.is_set() and not getattr(slow_first_read, "first", None):
            slow_first_read.first = queue
            # served one after the other, the second queue's read never starts while this waits
            await asyncio.wait_for(second_started.wait(), 2.0)
        else:
            second_started.set()
        return await read(queue, limit, with_seen)

    store.searching_and_seen = slow_first_read
    stats = await mm.run_pass()
    await mm.drain()
    assert stats.queues == 2 and stats.claimed == 2 and mm.matches_created == 2
