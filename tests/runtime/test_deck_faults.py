"""When the deck service is away: nothing half-made, and the game picks up
where it stopped once a replica can reach the deck again."""
from __future__ import annotations

import asyncio

import grpc
import pytest
from foodgames.v1 import game_pb2, game_pb2_grpc

from shared.channels import client_channel
from shared.eventstore.connections import connect
from shared.eventstore.jetstream import JetStreamEventStore
from shared.protojson import to_dict
from shared.runtime.bootstrap import start_rules_server
from shared.runtime.deck import SeededDeck
from tests.games.counter import GAME


class DeckDown(SeededDeck):
    """A deck that commits but cannot shuffle, or cannot even commit."""

    def __init__(self, commit_works: bool):
        super().__init__()
        self.commit_works = commit_works

    async def commit(self, game_id, game, players):
        if not self.commit_works:
            raise ConnectionError("deck unreachable")
        return await super().commit(game_id, game, players)

    async def shuffle(self, game_id, deck, cards, k):
        raise ConnectionError("deck unreachable")


@pytest.fixture
async def servers(settings, nats_url):
    started = []

    async def start(deck):
        nc = await connect(nats_url)
        store = JetStreamEventStore(nc)
        await store.ensure_stream()
        server = await start_rules_server(GAME, settings, 0, store, deck)
        started.append((server, nc))
        return server

    yield start
    for server, nc in started:
        await server.stop(grace=None)
        await server.runtime.close()
        await nc.drain()


async def test_a_game_the_deck_cannot_commit_is_unavailable_and_not_created(servers, token):
    server = await servers(DeckDown(commit_works=False))
    async with client_channel(f"127.0.0.1:{server.port}", token("svc:matchmaking", "service")) as channel:
        with pytest.raises(grpc.aio.AioRpcError) as err:
            await game_pb2_grpc.GameServiceStub(channel).CreateGame(
                game_pb2.CreateGameRequest(game_id="no-deck-1", players=["ann", "bob"]))
    assert err.value.code() == grpc.StatusCode.UNAVAILABLE and "deck" in err.value.details()
    assert await server.runtime.store.version("games.counter.no-deck-1") == 0


async def test_a_deal_that_failed_is_made_when_another_replica_is_asked(servers, token):
    broken, healthy = await servers(DeckDown(commit_works=True)), await servers(SeededDeck())
    async with client_channel(f"127.0.0.1:{broken.port}", token("svc:matchmaking", "service")) as a, \
            client_channel(f"127.0.0.1:{healthy.port}", token("ann")) as b:
        created = await game_pb2_grpc.GameServiceStub(a).CreateGame(
            game_pb2.CreateGameRequest(game_id="no-deck-2", players=["ann", "bob"]))
        await asyncio.sleep(0.2)  # the broken replica's deal has failed by now
        assert "ShuffleApplied" not in [e.type for e in await broken.runtime.store.read("games.counter.no-deck-2")]
        api = game_pb2_grpc.GameServiceStub(b)
        for _ in range(100):
            view = to_dict((await api.GetView(game_pb2.GetViewRequest(game_id=created.game_id, seat=0))).view)
            if view["my_card"]:
                break
            await asyncio.sleep(0.02)
        assert view["my_card"], "the healthy replica never dealt"
        types = [e.type for e in await healthy.runtime.store.read("games.counter.no-deck-2")]
        assert types.count("ShuffleApplied") == 1
