"""Live tables against real servers: the counter game's rules engine (tests/games/counter.py)
over real gRPC, its games on the suite's NATS JetStream, with short clocks and grace periods."""
from __future__ import annotations

import asyncio
import contextlib
import time

import pytest
from foodgames.v1 import game_pb2, game_pb2_grpc

from shared.auth import mint_token
from shared.channels import client_channel
from shared.gamestream import subject_for
from shared.runtime.bootstrap import open_game_store, start_rules_server
from shared.runtime.deck import SeededDeck
from shared.runtime.live import LivePolicy
from tests.games.counter import GAME
from tests.tasks import print_task_stacks

# Short enough for fast tests, long enough for a loaded 2-core machine to keep up.
POLICY = LivePolicy(grace_s=0.3, takeover_after_timeouts=2, takeover_after_away_s=30.0, no_show_s=30.0)


@pytest.fixture(scope="session")
def settings(tmp_path_factory):
    from shared.config import Settings
    return Settings(data_dir=tmp_path_factory.mktemp("live"), token_key="live-test-key-" + "y" * 32)


@contextlib.asynccontextmanager
async def engine(settings, nats_url, policy: LivePolicy = POLICY, port: int = 0, replicas: bool = False):
    """A counter rules engine wired as `foodgames serve` wires one, with `policy` (`replicas`: as
    one of several, clocks by lease and presence decided with the others, as `serve` runs)."""
    nc, store = await open_game_store(nats_url, GAME.name)
    server = await start_rules_server(GAME, settings, port, store, SeededDeck(), policy=policy, replicas=replicas)
    try:
        yield server
    finally:
        # each step bounded: an engine that does not stop fails the test, saying where (with
        # every task's stack), instead of hanging the suite
        for name, step in (("stop", lambda: server.stop(grace=None)), ("close", server.runtime.close),
                           ("drain", nc.drain)):
            try:
                await asyncio.wait_for(step(), 20)
            except TimeoutError:
                print_task_stacks()
                raise AssertionError(f"the engine's {name} did not end within 20 s") from None


class Client:
    """A player's gRPC client of one engine."""

    def __init__(self, settings, port: int, player: str, role: str = "player"):
        self.channel = client_channel(f"127.0.0.1:{port}", mint_token(settings, player, role))
        self.api = game_pb2_grpc.GameServiceStub(self.channel)

    async def close(self):
        await self.channel.close()


@contextlib.asynccontextmanager
async def clients(settings, port: int, *players: str):
    made = [Client(settings, port, p) for p in players]
    try:
        yield made
    finally:
        for c in made:
            await c.close()


async def create(settings, port: int, players, clock: game_pb2.Clock | None = None, ranked: bool = False,
                 options=None) -> str:
    """A table made over gRPC as the matchmaker makes one (service role); its id."""
    from shared.protojson import to_struct
    mm = Client(settings, port, "svc:matchmaking", "service")
    try:
        response = await mm.api.CreateGame(game_pb2.CreateGameRequest(
            players=list(players), ranked=ranked, clock=clock,
            options=to_struct(options) if options else None))
        return response.game_id
    finally:
        await mm.close()


async def stored(store, game_id: str):
    """Every stored command of the counter game `game_id`."""
    return await store.read_commands(subject_for(GAME.name, game_id))


def events_of(commands, kind: str):
    return [e for c in commands for e in c.events if e.type == kind]


async def eventually(check, timeout: float = 15.0, pause: float = 0.05):
    """Waits until `check()` (sync or async) is truthy and returns it; fails after `timeout`."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if asyncio.iscoroutine(value):
            value = await value
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout} s: {getattr(check, '__name__', check)}")
        await asyncio.sleep(pause)
