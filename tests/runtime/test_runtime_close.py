"""An engine stops even when a part of it does not: each step of GameRuntime.close() is bounded
(shared/runtime/game.py CLOSE_STEP_S), so `foodgames up` and Kubernetes never have to kill it."""
from __future__ import annotations

import asyncio
from dataclasses import replace

from shared.leases import Leases
from shared.runtime import clock_owner
from shared.runtime import game as runtime_game
from shared.runtime.bootstrap import serve_game
from tests.games.counter import GAME
from tests.live.conftest import eventually
from tests.runtime.conftest import start_counter


async def test_given_a_background_task_that_ignores_its_cancellation_when_the_runtime_closes_then_it_ends(
        settings, nats_url, monkeypatch):
    monkeypatch.setattr(runtime_game, "CLOSE_STEP_S", 0.5)
    server, nc = await start_counter(settings, nats_url)
    release = asyncio.Event()

    async def stubborn():  # as a takeover bot's search in its thread: cancelling does not stop it
        while not release.is_set():
            try:
                await release.wait()
            except asyncio.CancelledError:
                continue

    try:
        await server.stop(grace=None)
        server.runtime.spawn(stubborn())
        await asyncio.sleep(0)
        # when the runtime closes, then close() returns though the task goes on
        closing = asyncio.ensure_future(server.runtime.close())
        done, _ = await asyncio.wait([closing], timeout=20)
        assert done, "close() waited for a task that does not end"
        closing.result()
        assert server.runtime.closed
    finally:
        release.set()
        await nc.drain()


async def _clock_holders(nc) -> dict[str, str]:
    """Who holds each shard's clock lease of the counter game (shared.runtime.clock_owner)."""
    leases = await Leases.open(nc.jetstream(), clock_owner.BUCKET, "a-reader", ttl_s=clock_owner.TTL_S)
    keys = [f"{GAME.name}.{shard}" for shard in range(clock_owner.SHARDS)]
    holders = {key: await leases.holder(key) for key in keys}
    return {key: owner for key, owner in holders.items() if owner}


async def test_given_a_serving_engine_when_it_is_stopped_then_it_lets_go_of_its_clocks_at_once(
        settings, nats_url, nc):
    # a stop (SIGTERM: `foodgames up`, a rolling update) runs the engine's whole close: its clocks'
    # leases let go of, so that another replica takes the clocks over now, not once they run out
    before = set((await _clock_holders(nc)).values())
    serving = asyncio.create_task(serve_game(GAME, replace(settings, nats_url=nats_url), 0))

    async def ours():
        new = set((await _clock_holders(nc)).values()) - before
        return new.pop() if new else None

    try:
        owner = await eventually(ours)
    finally:
        serving.cancel()
        await asyncio.gather(serving, return_exceptions=True)
    assert owner not in (await _clock_holders(nc)).values(), "its leases let go of as it stopped"
