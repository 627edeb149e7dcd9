"""Wires a rules service: NATS event store, deck client, runtime, gRPC server."""
from __future__ import annotations

import asyncio

import nats
from foodgames.v1 import game_pb2, game_pb2_grpc

from shared.config import Settings
from shared.eventstore.connections import connect
from shared.eventstore.jetstream import JetStreamEventStore
from shared.games import Game
from shared.runtime.deck import DeckPort
from shared.runtime.deck_client import DeckClient
from shared.gamestream import subject_for
from shared.runtime.game import GameRuntime
from shared.runtime.live import LivePolicy
from shared.runtime.narrate import Narrator
from shared.runtime.servicer import GameServicer
from shared.service import start_server

GAME_SERVICE = game_pb2.DESCRIPTOR.services_by_name["GameService"].full_name

# The largest request message each GameService method reads, in bytes, chosen on purpose. A
# move is small: a game id (64), a move id (128) and a flat move whose longest legal shape (a
# list of 64 texts of 64 characters, shared.moves) is under 5 KiB. A larger message is refused
# with RESOURCE_EXHAUSTED naming the limit, before it is decoded; on a PlayGame stream it is
# that move's answer and the stream goes on.
MOVE_REQUEST_BYTES = 16 * 1024
REQUEST_LIMITS = {
    f"/{GAME_SERVICE}/SubmitMove": MOVE_REQUEST_BYTES,
    f"/{GAME_SERVICE}/PlayGame": MOVE_REQUEST_BYTES,  # each message of the stream
    f"/{GAME_SERVICE}/CreateGame": 64 * 1024,  # players and options
    f"/{GAME_SERVICE}/GetView": 1024,
    f"/{GAME_SERVICE}/ListLegalMoves": 1024,
    f"/{GAME_SERVICE}/WatchGame": 1024,
    f"/{GAME_SERVICE}/SpectateGame": 1024,
    f"/{GAME_SERVICE}/GetReplay": 1024,
    f"/{GAME_SERVICE}/CheckMove": MOVE_REQUEST_BYTES,
    f"/{GAME_SERVICE}/DescribeGame": 1024,
}
# What gRPC reads at all (its default is 4 MiB): beyond this the call ends with gRPC's own
# RESOURCE_EXHAUSTED "Received message larger than max (N vs. 262144)" and nothing is read.
MAX_RECEIVE_BYTES = 256 * 1024


def live_policy(settings: Settings, **overrides) -> LivePolicy:
    """The live tables' presence and absence rules from the settings (docs/live-tables.md)."""
    return LivePolicy(grace_s=settings.presence_grace_s, takeover_after_timeouts=settings.takeover_after_timeouts,
                      takeover_after_away_s=settings.takeover_after_away_s, no_show_s=settings.no_show_s,
                      abandon_after_s=settings.abandon_after_s, **overrides)


def _takeover_bot(game: Game):
    from shared.search import TAKEOVER_PLAYOUTS

    strong = game.bots.get("strong")
    if strong is None:
        return game.bots.get(game.default_bot)
    return lambda seed=None: strong(seed, budget_ms=None, playouts=TAKEOVER_PLAYOUTS)


async def start_rules_server(game: Game, settings: Settings, port: int, store, deck: DeckPort,
                             policy: LivePolicy | None = None, replicas: bool = False):
    # the seat's bot of a timed-out or absent player: the game's search bot (issue 29: a
    # taken-over seat plays strong), with a playout budget and no wall-time cap so that replicas
    # racing on one timeout decide the same move; the default bot for a game without one
    # (FirstLegalBot for a game that registers none)
    bot = _takeover_bot(game)
    # the game's texts and messages: every event, move, turn and refusal in the reader's language
    narrator = Narrator.of_game(game)
    runtime = GameRuntime(game.rules, store, deck, moves=game.moves, policy=policy or live_policy(settings),
                          bot=bot, cooperative=game.cooperative, narrator=narrator, cache_size=settings.game_cache)
    rules = game.rules
    server = await start_server(rules.name, port, settings,
                                [(game_pb2_grpc.add_GameServiceServicer_to_server, GameServicer(runtime, game))],
                                [GAME_SERVICE], max_receive_bytes=MAX_RECEIVE_BYTES, request_limits=REQUEST_LIMITS,
                                texts=narrator.texts)
    server.runtime = runtime  # type: ignore[attr-defined]
    if replicas and getattr(store, "js", None) is not None:
        # one of possibly several replicas: clocks by lease, presence decided with the others
        await runtime.share(store.js, store.nc, settings.stream_replicas)
    # no in-memory-only timer: every pending clock, takeover and no-show deadline is rebuilt
    # from the streams
    await runtime.start()
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
    # as one of possibly several replicas: clocks by lease, presence decided with the others
    server = await start_rules_server(game, settings, port, store, deck, replicas=True)
    try:
        await server.wait_for_termination()
    except asyncio.CancelledError:
        pass
    finally:
        await server.stop(grace=2)
        await server.runtime.close()
        await deck.close()
        await nc.drain()
