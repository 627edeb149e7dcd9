"""The leaderboard told to stop stops, though one step of stopping never ends (a pin release
NATS does not answer, a task that does not answer its cancellation): each step is bounded
(services/leaderboard/bootstrap.py STOP_STEP_S), so `foodgames up` and Kubernetes never have to
kill it."""
from __future__ import annotations

import asyncio

from services.leaderboard import bootstrap
from services.leaderboard.consumer import GameOverConsumer
from shared.config import Settings
from tests.leaderboard.conftest import FOUR_GAMES


async def test_a_stop_step_that_never_ends_is_left_behind_and_the_service_stops(lane, redis_url, nats_url,
                                                                               tmp_path, monkeypatch):
    release = asyncio.Event()

    async def never_stops(self):
        while not release.is_set():  # deaf to its cancellation, as a stuck close is
            try:
                await asyncio.sleep(10)
            except asyncio.CancelledError:
                continue

    # given a leaderboard whose consumer never finishes stopping
    monkeypatch.setattr(bootstrap, "rating_config", lambda env=None: FOUR_GAMES)
    monkeypatch.setattr(bootstrap, "STOP_STEP_S", 0.3)
    monkeypatch.setattr(GameOverConsumer, "stop", never_stops)
    settings = Settings(nats_url=nats_url, redis_url=redis_url, data_dir=tmp_path,
                        token_key="leaderboard-test-key-0123456789abcdef")
    ready = asyncio.Event()
    task = asyncio.create_task(bootstrap.serve(settings, 0, lane.settings, ready=ready))
    await asyncio.wait_for(ready.wait(), 10)
    try:
        # when it is told to stop
        task.cancel()
        done, _ = await asyncio.wait([task], timeout=10)
        # then it stopped all the same, the stuck step left behind
        assert done, "the leaderboard did not stop"
    finally:
        release.set()
