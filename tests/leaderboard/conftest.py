"""Helpers of the leaderboard tests: a private stream per test (so tests never
see each other's games on the shared NATS), game-over messages, random games."""
from __future__ import annotations

import asyncio
import itertools
import json
import random
import sys
import uuid
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

import foodgames.v1  # noqa: E402

# The generated protobuf code of this checkout first, before the one the editable install
# maps `foodgames` to (another checkout's proto/gen when this one is a git worktree; the
# same directory in the main checkout, where this changes nothing). It applies to the
# modules not imported yet, which includes leaderboard_pb2 when these tests start.
_GEN = Path(__file__).resolve().parents[2] / "proto" / "gen" / "foodgames"
for _package, _dir in ((sys.modules["foodgames"], _GEN), (foodgames.v1, _GEN / "v1")):
    if str(_dir) not in list(_package.__path__):
        _package.__path__.insert(0, str(_dir))

from services.leaderboard.boards import Store
from services.leaderboard.consumer import ConsumerSettings, GameOverConsumer, ensure_streams
from services.leaderboard.ratings import RatingConfig

_ids = itertools.count(1)
# The leaderboard keeps the results of the games it is configured with (in service: every
# registered game); these tests play all four, whatever this install registers.
FOUR_GAMES = RatingConfig(games=("foodie-forest", "food-fight", "foodtown-throwdown", "forestaurant"),
                          coop_games=("forestaurant",))
T0 = datetime(2026, 11, 2, 12, 0, tzinfo=timezone.utc)  # a Monday


def game_over_body(game: str, game_id: str, players, placings, at: datetime, points=None,
                   team_won=None, difficulty=None, schema_version: int = 1, extra_events=()) -> dict:
    data = {"game": game, "game_id": game_id, "players": list(players),
            "points": list(points if points is not None else [10 - p for p in placings]),
            "placings": list(placings), "team_won": team_won, "difficulty": difficulty}
    events = [*extra_events, {"type": "GameOver", "schema_version": schema_version, "data": data}]
    return {"command_id": f"c-{game_id}", "version": 42, "recorded_at": at.isoformat(), "events": events}


def random_games(rng: random.Random, n: int, pool: int = 40, start: datetime = T0,
                 games=("foodie-forest", "food-fight", "foodtown-throwdown", "forestaurant")) -> list[dict]:
    """n finished games in time order: 2-5 players, ties now and then, some co-op."""
    names = [f"p{i:03d}" for i in range(pool)]
    out, t = [], start
    for i in range(n):
        t += timedelta(minutes=rng.randint(1, 600))
        game = rng.choice(games)
        k = rng.randint(1, 5) if game == "forestaurant" else rng.randint(2, 5)
        players = rng.sample(names, k)
        if game == "forestaurant":
            out.append(game_over_body(game, f"g{i}", players, [1] * k, t, points=[rng.randint(0, 40)] * k,
                                      team_won=rng.random() < 0.5, difficulty=rng.choice(["easy", "hard"])))
            continue
        points = [rng.randint(0, 6) for _ in players]
        placings = [1 + sum(q > p for q in points) for p in points]
        out.append(game_over_body(game, f"g{i}", players, placings, t, points=points))
    return out


class Lane:
    """One test's private stream, durable and dead-letter subject."""

    def __init__(self, nc):
        n = f"{next(_ids)}x{uuid.uuid4().hex[:6]}"
        self.nc = nc
        self.js = nc.jetstream()
        self.settings = ConsumerSettings(stream=f"LBT{n}", subject_prefix=f"lbt{n}.games",
                                         durable=f"lb{n}", deadletter_subject=f"lbt{n}.deadletter",
                                         deadletter_stream=f"LBTDL{n}", ratings_prefix=f"lbt{n}.ratings",
                                         ack_wait_s=2.0, fetch_timeout_s=0.2, pin_timeout_s=5.0)

    async def create(self):
        await ensure_streams(self.js, self.settings)
        return self

    def subject(self, body: dict) -> str:
        d = body["events"][-1]["data"]
        return f"{self.settings.subject_prefix}.{d['game']}.{d['game_id']}"

    async def publish(self, body, subject: str | None = None, msg_id: str | None = None):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        headers = {"Nats-Msg-Id": msg_id or uuid.uuid4().hex,
                   "traceparent": "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"}
        return await self.js.publish(subject or self.subject(body), data, headers=headers)

    def consumer(self, store: Store, nc=None, **changes) -> GameOverConsumer:
        """A replica of the lane's consumer (on its own connection when `nc` is given)."""
        from dataclasses import replace
        return GameOverConsumer(nc or self.nc, store, replace(self.settings, **changes))

    async def delete(self):
        for name in (self.settings.stream, self.settings.deadletter_stream):
            try:
                await self.js.delete_stream(name)
            except Exception:  # noqa: BLE001
                pass


@pytest.fixture
async def lane(nc):
    lane = await Lane(nc).create()
    yield lane
    await lane.delete()


@pytest.fixture
async def store(redis_url):
    s = Store.from_url(redis_url, config=FOUR_GAMES)
    yield s
    await s.close()


async def wait_until(predicate, timeout: float = 15.0, interval: float = 0.02):
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        value = predicate()
        if asyncio.iscoroutine(value):
            value = await value
        if value:
            return value
        if asyncio.get_running_loop().time() > deadline:
            raise TimeoutError("condition not met in time")
        await asyncio.sleep(interval)


async def consume_all(consumer: GameOverConsumer, games: int, timeout: float = 30.0):
    """Run the consumer until `games` new games are rated, then stop it."""
    task = asyncio.create_task(consumer.run())
    try:
        await wait_until(lambda: consumer.stats["games"] >= games or task.done(), timeout)
        if task.done():
            task.result()
    finally:
        await consumer.stop()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
