"""Leases in a NATS KV bucket (shared.leases): one holder at a time; taken over when the holder
stops renewing; work runs only while its lease is held."""
from __future__ import annotations

import asyncio
import time
import uuid

import pytest

from shared.eventstore.connections import connect
from shared.leases import Leases

TTL_S = 1.0


@pytest.fixture
async def two(nats_url):
    nc_a, nc_b = await connect(nats_url), await connect(nats_url)
    bucket = f"leases-{uuid.uuid4().hex[:8]}"
    a = await Leases.open(nc_a.jetstream(), bucket, "a", ttl_s=TTL_S)
    b = await Leases.open(nc_b.jetstream(), bucket, "b", ttl_s=TTL_S)
    yield a, b
    await nc_a.drain()
    await nc_b.drain()


async def test_one_holder_at_a_time_and_the_other_takes_it_once_it_is_let_go(two):
    a, b = two
    held = await a.take("t1")
    assert held is not None and await b.take("t1") is None
    assert await a.holder("t1") == "a"
    renewed = await a.renew("t1", held)
    assert renewed is not None and await a.renew("t1", held) is None, "a renewal on a stale revision is refused"
    await a.release("t1", held)
    assert await a.holder("t1") == "a", "a release on a stale revision lets nothing go"
    await a.release("t1", renewed)
    assert await b.take("t1") is not None and await b.holder("t1") == "b"


async def test_a_lease_its_holder_stops_renewing_expires_and_its_renewal_then_fails(two):
    a, b = two
    held = await a.take("t2")
    started = time.monotonic()
    while await b.take("t2") is None:
        await asyncio.sleep(0.05)
    assert time.monotonic() - started >= TTL_S * 0.9, "not taken before its TTL ran out"
    assert await a.renew("t2", held) is None


async def test_work_runs_only_while_held_and_the_waiting_one_runs_it_when_the_holder_dies(two):
    a, b = two
    running: list[str] = []
    a_started = asyncio.Event()

    async def work(who: str, started: asyncio.Event | None = None):
        running.append(who)
        if started is not None:
            started.set()
        try:
            await asyncio.sleep(3600)
        finally:
            running.remove(who)

    holder_a = asyncio.create_task(a.hold("t3", lambda: work("a", a_started)))
    await asyncio.wait_for(a_started.wait(), 5)
    holder_b = asyncio.create_task(b.hold("t3", lambda: work("b")))
    await asyncio.sleep(TTL_S * 2)  # a renews: b keeps waiting
    assert running == ["a"]
    # a dies without letting go: its renewals stop (its task is cut off from NATS, not cancelled)
    a.kv = _Broken()
    for _ in range(200):
        if running == ["b"]:
            break
        assert running.count("a") + running.count("b") <= 1, "never both at once"
        await asyncio.sleep(0.02)
    assert running == ["b"]
    assert holder_a.done() is False  # a waits to take it again, its work stopped
    holder_a.cancel()
    holder_b.cancel()
    await asyncio.gather(holder_a, holder_b, return_exceptions=True)


async def test_work_that_ends_returns_its_result_and_lets_the_lease_go(two):
    a, b = two

    async def work():
        return 42

    assert await a.hold("t4", work) == 42
    assert await b.take("t4") is not None


class _Broken:
    """A KV bucket whose server cannot be reached."""

    def __getattr__(self, name):
        async def fail(*args, **kwargs):
            raise ConnectionError("NATS cannot be reached")
        return fail
