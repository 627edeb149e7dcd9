"""A rebuild from the stream equals the live boards, and swaps in atomically."""
from __future__ import annotations

import asyncio
import random

import pytest

from services.leaderboard.rebuild import rebuild
from tests.leaderboard.conftest import consume_all, random_games, wait_until


# 250 games in make test, 1000 in make test-slow (the same check over more games and players)
@pytest.mark.parametrize("count,pool", [(250, 60), pytest.param(1000, 150, marks=pytest.mark.slow)])
async def test_rebuild_equals_live_after_many_games(lane, store, count, pool):
    games = random_games(random.Random(2026), count, pool=pool)
    await asyncio.gather(*(lane.publish(body) for body in games[:count // 2]))
    await asyncio.gather(*(lane.publish(body) for body in games[count // 2:]))
    await lane.publish(b"not json", subject=f"{lane.settings.subject_prefix}.foodie-forest.bad")
    consumer = lane.consumer(store)
    await consume_all(consumer, count, timeout=60)
    live = await store.dump()
    assert await store.live_gen() == 1
    assert len(live["done"]) == count

    stats = await rebuild(lane.nc, store, lane.settings, grace_s=0)
    assert stats["games"] == count and stats["skipped"] == 1
    assert await store.live_gen() == 2
    assert await store.dump() == live  # every rating, board, history, ledger entry
    assert await store.r.keys("lb:1:*") == []  # the old generation is gone


async def test_rebuild_while_the_consumer_runs(lane, store):
    games = random_games(random.Random(5), 300, pool=40)
    for body in games[:200]:
        await lane.publish(body)
    consumer = lane.consumer(store)
    task = asyncio.create_task(consumer.run())
    await wait_until(lambda: consumer.stats["games"] >= 50)

    async def publish_more():
        for body in games[200:]:
            await lane.publish(body)

    await asyncio.gather(rebuild(lane.nc, store, lane.settings, grace_s=0.2), publish_more())
    await wait_until(lambda: store.r.hlen(f"lb:{2}:done"), timeout=10)
    await wait_until(lambda: _count(store, 300), timeout=30)
    await consumer.stop()
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    after_live = await store.dump()
    await rebuild(lane.nc, store, lane.settings, grace_s=0)
    assert await store.dump() == after_live


async def _count(store, n):
    gen = await store.live_gen()
    return await store.r.hlen(f"lb:{gen}:done") >= n
