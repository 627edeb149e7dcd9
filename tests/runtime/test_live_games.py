"""Which games an engine resumes at start: those that may still have a deadline, found through
the event store's port (each game's last command, then the creation of those not revealed)."""
from __future__ import annotations

import pytest

from shared import gamestream as env
from shared.eventstore.connections import connect
from shared.eventstore.jetstream import JetStreamEventStore
from shared.eventstore.streams import ensure_stream, games_stream_config
from shared.eventstore.memory import MemoryEventStore
from shared.runtime.game import live_game_ids


def created(ranked: bool = False, clock: bool = False) -> list[dict]:
    out = [env.record(env.GAME_CREATED, {"game": "counter", "ranked": ranked, "players": ["ann", "bob"]})]
    if clock:
        out.append(env.record(env.CLOCK_SET, {"initial_ms": 1000, "increment_ms": 0, "on_timeout": "bot"}))
    return out


@pytest.fixture(params=["memory", "jetstream"])
async def store(request, nats_url):
    if request.param == "memory":
        yield MemoryEventStore()
        return
    nc = await connect(nats_url)
    store = JetStreamEventStore(nc, stream="LIVEGAMES")
    config = games_stream_config()
    config.name, config.subjects = "LIVEGAMES", ["livegames.>"]  # beside the suite's own GAMES stream
    await ensure_stream(store.js, config)
    yield store
    await nc.drain()


def subject_for(game: str, game_id: str) -> str:
    return f"livegames.{game}.{game_id}"


async def test_ranked_or_clocked_games_not_yet_revealed_are_resumed_and_no_others(store):
    games = {"ranked": created(ranked=True), "clocked": created(clock=True), "casual": created(),
             "revealed": created(ranked=True)}
    for game_id, records in games.items():
        await store.append(subject_for("counter", game_id), records, 0, "create")
    await store.append(subject_for("counter", "revealed"), [env.record("SeedRevealed", {})], 1, "reveal")
    await store.append(subject_for("other", "ranked2"), created(ranked=True), 0, "create")
    assert sorted(await live_game_ids(store, subject_for("counter", "*"))) == ["clocked", "ranked"]
