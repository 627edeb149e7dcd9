"""Wires a rules service: NATS event store, deck client, runtime, gRPC server."""
from __future__ import annotations

import asyncio

import nats
from foodgames.v1 import game_pb2, game_pb2_grpc

from shared.config import Settings
from shared.eventstore.jetstream import JetStreamEventStore, connect
from shared.games import Game
from shared.runtime.deck import DeckPort
from shared.runtime.deck_client import DeckClient
from shared.gamestream import subject_for
from shared.runtime.game import GameRuntime
from shared.runtime.servicer import GameServicer
from shared.service import start_server

GAME_SERVICE = game_pb2.DESCRIPTOR.services_by_name["GameService"].full_name


async def start_rules_server(game: Game, settings: Settings, port: int, store, deck: DeckPort):
    runtime = GameRuntime(game.rules, store, deck, moves=game.moves)
    rules = game.rules
    server = await start_server(rules.name, port, settings,
                                [(game_pb2_grpc.add_GameServiceServicer_to_server, GameServicer(runtime))],
                                [GAME_SERVICE])
    server.runtime = runtime  # type: ignore[attr-defined]
    return server


async def open_game_store(nats_url: str, game: str, replicas: int = 1,
                          duplicate_window_s: float = 120.0) -> tuple[nats.NATS, JetStreamEventStore]:
    """The rules service's connection and event store, hearing other replicas' writes so that
    reading a warm game asks the server nothing."""
    # no_echo: our own appends must not come back as hints of another replica's writes
    nc = await connect(nats_url, name=game, no_echo=True)
    store = JetStreamEventStore(nc, replicas=replicas, duplicate_window_s=duplicate_window_s)
    await store.ensure_stream()
    await store.listen_for_other_writers(subject_for(game, "*"))
    return nc, store


async def serve_game(game: Game, settings: Settings, port: int) -> None:
    """Run a game's rules engine until cancelled."""
    nc, store = await open_game_store(settings.nats_url, game.name, settings.stream_replicas,
                                      settings.duplicate_window_s)
    deck = DeckClient(settings)
    server = await start_rules_server(game, settings, port, store, deck)
    try:
        await server.wait_for_termination()
    except asyncio.CancelledError:
        pass
    finally:
        await server.stop(grace=2)
        await server.runtime.close()
        await deck.close()
        await nc.drain()
