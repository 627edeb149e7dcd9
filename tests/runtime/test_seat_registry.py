"""Who holds a seat across replicas (shared.runtime.seat_registry), on a real NATS: a replica
whose mirror of the bucket went quiet (its watch's consumer died with a NATS server) cannot
tell a seat away, and sees again once its watch is made again."""
from __future__ import annotations

import asyncio
import uuid

from shared.runtime.seat_registry import RESTART_S, STALE_S, SeatRegistry
from tests.runtime.memory_table import FakeClock


async def _until(check, within_s: float = 5.0) -> None:
    async with asyncio.timeout(within_s):
        while not check():
            await asyncio.sleep(0.02)


async def test_a_replica_whose_mirror_went_quiet_takes_nobody_for_gone_until_it_sees_again(nc):
    # given two replicas of one engine, one holding seat 0 of a game, the other seeing it held
    js = nc.jetstream()
    game, clock = f"seats-test-{uuid.uuid4().hex[:8]}", FakeClock()
    holder = await SeatRegistry.open(js, game, "replica-a", clock)
    other = await SeatRegistry.open(js, game, "replica-b", clock)
    try:
        await holder.vouch("g1", 0, clock.now + 3_000)
        await other.tend()
        await _until(lambda: other.fresh() and other.held("g1", 0))
        # when the other's watch stops delivering (as when its consumer's server died), and the
        # holder's renewals go on unseen past the entry the other saw last
        await other._watcher._sub.unsubscribe()
        clock.advance(2_000)
        await holder.vouch("g1", 0, clock.now + 3_000)
        clock.advance(int(STALE_S * 1000))
        await other.tend()
        await asyncio.sleep(0.3)  # its ping gets no echo
        # then it cannot tell: the seat is not taken for gone
        assert not other.fresh()
        assert other.held("g1", 0)
        # and once stale long enough, its watch is made again and shows the holder's renewal
        clock.advance(int(RESTART_S * 1000))
        await holder.vouch("g1", 0, clock.now + 3_000)
        await other.tend()
        await _until(lambda: other.fresh())
        assert other.held("g1", 0)
        # and when the holder lets go for good, the seat is away, as the live mirror says
        clock.advance(3_500)
        await other.tend()
        await _until(lambda: other.fresh())
        assert not other.held("g1", 0)
    finally:
        await holder.close()
        await other.close()
