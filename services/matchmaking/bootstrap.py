"""`foodgames serve matchmaking`: Redis + NATS + the matching loop + the gRPC server.

Settings come from shared.config (FOODGAMES_REDIS_URL, FOODGAMES_NATS_URL,
FOODGAMES_<GAME>_ADDR, FOODGAMES_LEADERBOARD_ADDR, ...) and the matchmaker's
own FOODGAMES_MM_* variables (services/matchmaking/config.py).
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from nats.js import api

from services.matchmaking.catalogue import Catalogue
from services.matchmaking.config import MatchmakingConfig
from shared.eventstore.streams import ensure_stream
from shared.health import RedisProbe
from services.matchmaking.engine import GrpcGameCreator, Matchmaker, NatsPublisher
from services.matchmaking.ratings import LeaderboardRatings, RatingSource
from services.matchmaking.service import SERVICE_NAME, MatchmakingServicer, add_to_server
from services.matchmaking.store import TicketStore
from services.matchmaking import chat, tableservice
from services.matchmaking.tables import TableStore
from shared import aio, telemetry
from shared.config import Settings

log = telemetry.get_logger("matchmaking")
STOP_STEP_S = 5.0  # each step of stopping: well inside the 10 s a supervisor waits before it kills

EVENTS_STREAM = "MATCHMAKING"
EVENTS_SUBJECTS = ["matchmaking.ticket.>", "match.found.>"]


async def ensure_events_stream(nc, replicas: int = 1, max_age_s: float = 7 * 24 * 3600) -> None:
    """Keep the matchmaker's events for a week, for consumers that were away."""
    js = nc.jetstream()
    config = api.StreamConfig(name=EVENTS_STREAM, subjects=EVENTS_SUBJECTS, storage=api.StorageType.FILE,
                              retention=api.RetentionPolicy.LIMITS, max_age=max_age_s, num_replicas=replicas)
    await ensure_stream(js, config)


@dataclass
class Running:
    server: Any
    matchmaker: Matchmaker
    store: TicketStore


async def serve(settings: Settings, port: int, *, config: MatchmakingConfig | None = None,
                catalogue: Catalogue | None = None, ratings: RatingSource | None = None,
                ready: asyncio.Event | None = None, keep_events: bool = True) -> None:
    """Run the matchmaker until cancelled. `ready.running` is set to a Running
    (with the bound port at ready.running.server.port) once it serves."""
    from shared.eventstore.connections import connect, drain, open_connections
    from shared.service import start_server

    config = config or MatchmakingConfig.from_env()
    catalogue = catalogue or Catalogue.from_settings(settings)
    nc = await connect(settings.nats_url, name="matchmaking")
    if keep_events:
        await ensure_events_stream(nc, settings.stream_replicas)
    store = TicketStore.from_url(settings.redis_url, prefix=config.prefix, finished_ttl_s=config.finished_ttl_s)
    ratings = ratings or LeaderboardRatings(settings, config.ratings_timeout_s)
    publisher = NatsPublisher(nc)
    creator = GrpcGameCreator(settings, config)
    from services.matchmaking.housebots import NatsHouse

    matchmaker = Matchmaker(store, catalogue, creator, publisher, config, house=NatsHouse(nc))
    servicer = MatchmakingServicer(store, catalogue, ratings, publisher, config, nc=nc)
    from shared.auth import service_token
    from shared.runtime.deck_client import DeckClient

    deck = DeckClient(settings, token=service_token(settings, "matchmaking"))
    tables = tableservice.TableServicer(TableStore(store.redis, config.prefix), catalogue, ratings, publisher,
                                        creator, deck, config)
    from shared.eventstore.jetstream import JetStreamEventStore

    chats = chat.ChatServicer(store.redis, JetStreamEventStore(nc), catalogue, config.prefix)
    server = probe = None
    loop_task = None
    try:
        probe = RedisProbe(store.redis).start()
        server = await start_server("matchmaking", port, settings, [(add_to_server, servicer), (tableservice.add_to_server, tables),
                                     (chat.add_to_server, chats)],
                                    [SERVICE_NAME, tableservice.SERVICE_NAME, chat.SERVICE_NAME],
                                    dependencies=lambda: [*open_connections(), probe])
        loop_task = asyncio.create_task(matchmaker.run(), name="matchmaking-loop")
        log.info("matching", games=sorted(catalogue.games), pass_interval_s=config.pass_interval_s,
                 expansions=[list(s) for s in config.expansions], max_wait_s=config.max_wait_s,
                 bot_fill_after_s=config.bot_fill_after_s)
        if ready is not None:
            ready.running = Running(server, matchmaker, store)  # type: ignore[attr-defined]
            ready.set()
        await asyncio.Future()  # until cancelled
    finally:
        if loop_task is not None:
            loop_task.cancel()
        # each step bounded (shared.aio.bounded): a step that never ends is named and left
        # behind, so that the service told to stop stops
        close_ratings = getattr(ratings, "close", None)
        steps = [("the matching loop", lambda: asyncio.gather(*filter(None, [loop_task]), return_exceptions=True)),
                 ("the gRPC server", lambda: server.stop(grace=1.0) if server is not None else asyncio.sleep(0)),
                 ("the Valkey probe", lambda: probe.stop() if probe is not None else asyncio.sleep(0)),
                 ("the rules engines' channels", creator.close), ("the deck's channel", deck.close),
                 ("the leaderboard's channel", lambda: close_ratings() if close_ratings else asyncio.sleep(0)),
                 ("the store", store.close), ("the NATS connection", lambda: drain(nc))]
        for what, step in steps:
            if not await aio.bounded(step(), STOP_STEP_S):
                log.warning("a step of stopping did not end; going on", step=what, within_s=STOP_STEP_S)

