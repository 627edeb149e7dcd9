"""The Valkey probe a health check follows (shared.health.RedisProbe) stops when asked, even when
the cancellation reaches it mid-ping as another error: a leaderboard's stop once waited out its
5 s bound on a probe that pinged on (two replicas under uvloop, `foodgames up --replicas 2`)."""
from __future__ import annotations

import asyncio
import time

import redis.asyncio as aioredis

from shared.health import RedisProbe


class CancelBecomesTimeout:
    """The real client, whose ping lets a cancellation out as a TimeoutError: what a client's
    own timeout handling can make of a cancel that lands as its timer fires."""

    def __init__(self, client):
        self.client, self.pings = client, 0
        self.in_flight = asyncio.Event()

    async def ping(self):
        self.pings += 1
        self.in_flight.set()
        try:
            await asyncio.sleep(0.05)  # a slow answer: the stop lands in it
            return await self.client.ping()
        except asyncio.CancelledError:
            raise TimeoutError("the ping timed out") from None
        finally:
            self.in_flight.clear()


async def test_a_probe_whose_cancellation_comes_out_as_a_timeout_still_stops(redis_url):
    # given a probe pinging a real Valkey through a client that turns a cancel into a timeout
    client = aioredis.Redis.from_url(redis_url)
    pinging = CancelBecomesTimeout(client)
    probe = RedisProbe(pinging, interval_s=0.01).start()
    try:
        while pinging.pings < 3:
            await asyncio.sleep(0.01)
        assert probe.is_connected
        # when it is stopped mid-ping
        await pinging.in_flight.wait()
        started = time.monotonic()
        await asyncio.wait_for(probe.stop(), 3)
        # then it has stopped, and pings no more
        assert time.monotonic() - started < 1.5
        assert probe._task.done()
        pings = pinging.pings
        await asyncio.sleep(0.1)
        assert pinging.pings == pings
    finally:
        await client.aclose()
