from __future__ import annotations

import contextlib

import pytest

from shared.auth import Identity, mint_token
from shared.channels import client_channel
from shared.config import Settings
from shared.eventstore.connections import connect
from shared.eventstore.jetstream import JetStreamEventStore
from shared.runtime.bootstrap import open_game_store, start_rules_server
from shared.runtime.deck import SeededDeck
from tests.games.counter import GAME, RULES


@pytest.fixture(scope="session")
def settings(tmp_path_factory) -> Settings:
    return Settings(data_dir=tmp_path_factory.mktemp("data"), token_key="test-key-" + "x" * 32)


async def start_counter(settings, nats_url, hints: bool = True):
    """A counter rules service wired as `foodgames serve` wires one (hints=False: a store that
    asks the server before every read of a warm game, as without other-writer hints)."""
    if hints:
        nc, store = await open_game_store(nats_url, RULES.name)
    else:
        nc = await connect(nats_url)
        store = JetStreamEventStore(nc)
        await store.ensure_stream()
    server = await start_rules_server(GAME, settings, 0, store, SeededDeck())
    return server, nc


# A game a test leaves mid-way is not over: every counter engine a later test starts takes the
# clock shards, arms the timers of every live counter game on the worker's stream
# (shared.runtime.clock_owner) and plays their absent seats by their takeover bots. So a test's
# game is only as long as its moves need (a target of 100,000 once kept later tests' engines
# moving a game for the rest of the run, and added tasks to a test that counts them).

# Who sets a table with several players: the matchmaker (a player may seat only themself).
MATCHMAKER = Identity("svc:matchmaking", "service")


async def create_table(server, players, options=None) -> str:
    """A game on `server` made as the matchmaker makes one; its id."""
    return (await server.runtime.create_game(MATCHMAKER, players, options or {})).game_id


@contextlib.asynccontextmanager
async def two_replicas(settings, nats_url, hints: bool = True):
    """Two counter rules services on one stream, as two replicas of one deployment; stopped after."""
    started = [await start_counter(settings, nats_url, hints), await start_counter(settings, nats_url, hints)]
    try:
        yield started
    finally:
        for server, nc in started:
            await server.stop(grace=None)
            await server.runtime.close()
            await nc.drain()


@pytest.fixture
async def counter_server(settings, nats_url):
    server, nc = await start_counter(settings, nats_url)
    yield server
    await server.stop(grace=None)
    await server.runtime.close()
    await nc.drain()


@pytest.fixture
def token(settings):
    def make(player: str, role: str = "player") -> str:
        return mint_token(settings, player, role)
    return make


@pytest.fixture
async def channel_for(counter_server, token):
    channels = []

    def make(player: str | None, role: str = "player", raw_token: str | None = None):
        tok = raw_token if raw_token is not None else token(player, role)
        ch = client_channel(f"127.0.0.1:{counter_server.port}", tok)
        channels.append(ch)
        return ch

    yield make
    for ch in channels:
        await ch.close()
