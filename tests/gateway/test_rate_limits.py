"""The rates are counted in each replica's memory and shared through Valkey in batches
(services/gateway/ratelimit.py): a replica decides a call without a Valkey round trip, and the
replicas' counts add up in Valkey."""
from __future__ import annotations

import asyncio
import time
import uuid

from services.gateway.ratelimit import RateLimiter
from tests.ratewindow import in_one_window


def window_key(prefix: str, kind: str, who: str) -> str:
    return f"{prefix}:{kind}:{who}:{int(time.time() // 60)}"


async def test_a_replica_refuses_the_call_over_the_limit_before_any_sync(stack):
    """Given a limit of 3 a minute and a replica that has not synced with Valkey yet, when a
    player calls 4 times, then the fourth is refused: the replica's own count decides."""
    await in_one_window()
    limiter = RateLimiter(stack.redis_url, prefix=f"gateway:test:{uuid.uuid4().hex}", sync_s=3600)
    try:
        answers = [(await limiter.allow("player", "ann", 3))[0] for _ in range(4)]
        assert answers == [True, True, True, False]
        assert await limiter.redis.get(window_key(limiter.prefix, "player", "ann")) is None  # nothing sent yet
    finally:
        await limiter.close()


async def test_calls_being_sent_to_valkey_still_count(stack):
    """Given a limit of 3 a minute and 3 calls let through, when a call comes while the sync
    that sends those 3 waits on Valkey, then it is refused."""
    await in_one_window()
    limiter = RateLimiter(stack.redis_url, prefix=f"gateway:test:{uuid.uuid4().hex}", sync_s=3600)
    try:
        assert [(await limiter.allow("player", "cy", 3))[0] for _ in range(3)] == [True, True, True]
        syncing = asyncio.create_task(limiter.sync())
        await asyncio.sleep(0)  # the sync has sent its pipeline and waits for the answer
        assert not syncing.done()
        assert (await limiter.allow("player", "cy", 3))[0] is False
        await syncing
        assert int(await limiter.redis.get(window_key(limiter.prefix, "player", "cy"))) == 3
        assert (await limiter.allow("player", "cy", 3))[0] is False
    finally:
        await limiter.close()


async def test_replicas_add_up_their_calls_in_valkey(stack):
    """Given two replicas with a limit of 4 a minute, when a lets 2 calls through and syncs and
    then b lets 2 through and syncs, then Valkey holds 4 and b refuses its next call; a, which
    last heard 2 from Valkey, lets one more through and refuses from its next sync on (a replica
    learns the others' calls when it next sends its own: the overshoot docs/gateway.md names)."""
    await in_one_window()
    prefix = f"gateway:test:{uuid.uuid4().hex}"
    a = RateLimiter(stack.redis_url, prefix=prefix, sync_s=0.05)
    b = RateLimiter(stack.redis_url, prefix=prefix, sync_s=0.05)
    key = window_key(prefix, "address", "10.0.0.7")
    try:
        for limiter in (a, b):
            assert [(await limiter.allow("address", "10.0.0.7", 4))[0] for _ in range(2)] == [True, True]
            await asyncio.sleep(0.3)  # synced: every 0.05 s while it has unsent counts
        assert int(await a.redis.get(key)) == 4
        assert (await b.allow("address", "10.0.0.7", 4))[0] is False
        assert (await a.allow("address", "10.0.0.7", 4))[0] is True
        await asyncio.sleep(0.3)
        assert int(await a.redis.get(key)) == 5
        assert (await a.allow("address", "10.0.0.7", 4))[0] is False
    finally:
        await a.close()
        await b.close()


async def test_with_valkey_away_a_replica_still_counts_its_own_calls():
    """Given Valkey away, when a player calls twice with a limit of 1 a minute, then the first
    is let through and the second refused, with the seconds until the window ends."""
    limiter = RateLimiter("redis://127.0.0.1:1/0", sync_s=0.01)
    try:
        first, second = [await limiter.allow("player", "bo", 1) for _ in range(2)]
        assert first[0] is True and second[0] is False and 1 <= second[1] <= 61
        await asyncio.sleep(0.1)  # a failed sync keeps the count
        assert (await limiter.allow("player", "bo", 1))[0] is False
    finally:
        await limiter.close()
