"""Rules engines of every registered game, in this process, on real gRPC servers over the
suite's real NATS JetStream (tests/conftest.py), with seeded shuffles (no deck service)."""
from __future__ import annotations

import random
import uuid
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

import pytest

from shared import games
from shared.auth import Identity, mint_token
from shared.channels import client_channel
from shared.config import Settings
from shared.runtime.bootstrap import open_game_store, start_rules_server
from shared.runtime.deck import SeededDeck
from shared.runtime.game import GameRecord, GameRuntime

# Who sets a table with several players: the matchmaker (a player may seat only themself).
MATCHMAKER = Identity("svc:matchmaking", "service")
OPERATOR = Identity("operator", "operator")
# Options that make whole games short (a few dozen moves), for tests that play many.
SHORT = {"food-fight": {"vp_to_win": 3}, "foodtown-throwdown": {"target_stars": 2, "max_rounds": 3}}


class RecordingRuntime(GameRuntime):
    """The runtime as served, keeping the live state of every game at every version it held:
    what the live views were made from (a view is rules.view of that state)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.live: dict[str, dict[int, Any]] = defaultdict(dict)

    def _remember(self, record: GameRecord) -> GameRecord:
        self.live[record.game_id][record.version] = record.state
        return super()._remember(record)


@dataclass
class Tables:
    settings: Settings
    servers: dict[str, Any]  # game name -> its gRPC server (server.runtime: its RecordingRuntime)

    def runtime(self, game: str) -> RecordingRuntime:
        return self.servers[game].runtime

    def channel_to(self, game: str, player: str, role: str = "player"):
        return client_channel(self.settings.address(game), mint_token(self.settings, player, role))


@pytest.fixture(scope="session")
def replay_settings(tmp_path_factory) -> Settings:
    return Settings(data_dir=tmp_path_factory.mktemp("replay"), token_key="replay-test-key-" + "r" * 32)


@pytest.fixture
async def tables(replay_settings, nats_url, monkeypatch):
    import shared.runtime.bootstrap as bootstrap

    # every served game's runtime records its live states (the servicer and everything else as served)
    monkeypatch.setattr(bootstrap, "GameRuntime", RecordingRuntime)
    started, addresses = {}, {}
    connections = []
    try:
        for game in games.all_games().values():
            nc, store = await open_game_store(nats_url, game.name)
            connections.append(nc)
            server = await start_rules_server(game, replay_settings, 0, store, SeededDeck())
            started[game.name] = server
            addresses[game.name] = f"127.0.0.1:{server.port}"
        yield Tables(replay_settings.with_(addresses=addresses), started)
    finally:
        for server in started.values():
            await server.stop(grace=None)
            await server.runtime.close()
        for nc in connections:
            await nc.drain()


# -- playing whole games in this process ------------------------------------------------------

async def create(runtime: GameRuntime, players, options=None, ranked=False) -> str:
    """A game made as the matchmaker makes one, dealt; its id."""
    record = await runtime.create_game(MATCHMAKER, players, options or {}, ranked)
    await runtime.settle(record.game_id)
    return record.game_id


async def play_random(runtime: GameRuntime, game_id: str, rng: random.Random, max_moves: int | None = None,
                      bots: list | None = None) -> int:
    """Moves chosen at random from the legal ones (or by `bots[seat]` from the seat's view), each
    submitted as its player, until the game is over (or `max_moves`); the moves made."""
    rules = runtime.rules
    made = 0
    while max_moves is None or made < max_moves:
        record = await runtime.load(game_id, trust_hints=True)  # the warm state: no read from the store
        if record.over:
            break
        seat = rng.choice(sorted(rules.to_act(record.state)))
        legal = rules.legal_moves(record.state, seat)
        move = (bots[seat].choose(rules.view(record.state, seat), legal) if bots else rng.choice(legal))
        await runtime.submit_move(Identity(record.players[seat], "player"), game_id, seat, uuid.uuid4().hex, None, move)
        made += 1
    await runtime.settle(game_id)  # the reveal
    return made
