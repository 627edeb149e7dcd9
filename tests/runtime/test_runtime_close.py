"""An engine stops even when a part of it does not: each step of GameRuntime.close() is bounded
(shared/runtime/game.py CLOSE_STEP_S), so `foodgames up` and Kubernetes never have to kill it."""
from __future__ import annotations

import asyncio

from shared.runtime import game as runtime_game
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
        server.runtime._spawn(stubborn())
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
