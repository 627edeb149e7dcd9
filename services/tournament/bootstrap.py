"""`foodgames serve tournament`: the one place that wires the tournament service.

NATS (the TOURNAMENTS stream it writes, the GAMES stream it reads the tables' GameOver from)
+ the deck client (the draws) + the rules engines' clients (the tables' games, with the
service's token) + TournamentApp + the gRPC server. Unfinished tournaments are resumed from
their streams at start. Settings: shared.config (FOODGAMES_NATS_URL, FOODGAMES_DECK_ADDR,
FOODGAMES_<GAME>_ADDR, FOODGAMES_STREAM_REPLICAS, FOODGAMES_TOKEN_KEY)."""
from __future__ import annotations

import asyncio

from services.tournament.app import TournamentApp
from services.tournament.service import SERVICE_NAME, TournamentServicer, add_to_server
from services.tournament.stream import TournamentStream
from services.tournament.tables import GameTables
from shared import telemetry
from shared.aio import bounded
from shared.auth import service_token
from shared.config import Settings
from shared.leases import Leases, owner_id
from shared.eventstore.connections import connect
from shared.eventstore.jetstream import JetStreamEventStore
from shared.runtime.deck_client import DeckClient
from shared.service import start_server

log = telemetry.get_logger("tournament")

STOP_STEP_S = 10.0  # how long one step of stopping may take before it is left behind
LEASES_BUCKET = "tournament-runners"  # tournament id -> the replica running it (shared.leases)
# The largest request each call reads, in bytes: a creation lists at most 1024 names of at most
# 64 characters and the game's options; every other call names a tournament (and a player).
REQUEST_LIMITS = {f"/{SERVICE_NAME}/CreateTournament": 128 * 1024,
                  **{f"/{SERVICE_NAME}/{m}": 1024 for m in ("GetTournament", "GetStandings", "DropEntrant",
                                                             "ExportTournamentBundle")}}


async def serve(settings: Settings, port: int, ready: asyncio.Event | None = None) -> None:
    """Run the tournament service until cancelled; `ready.server` is the server once it serves."""
    nc = await connect(settings.nats_url, name="tournament")
    stream = TournamentStream(nc, settings.stream_replicas, settings.duplicate_window_s)
    games = JetStreamEventStore(nc, replicas=settings.stream_replicas, duplicate_window_s=settings.duplicate_window_s)
    deck = DeckClient(settings, token=service_token(settings, "tournament"))
    tables = GameTables(settings, games)
    server = scanning = None
    app = TournamentApp(stream, deck, tables)
    try:
        await stream.ensure()
        await games.ensure_stream()
        app.leases = await Leases.open(nc.jetstream(), LEASES_BUCKET, owner_id("tournament"),
                                       replicas=settings.stream_replicas)
        server = await start_server("tournament", port, settings, [(add_to_server, TournamentServicer(app))],
                                    [SERVICE_NAME], request_limits=REQUEST_LIMITS)
        await app.resume_all()
        scanning = asyncio.create_task(app.scan(), name="tournament-scan")
        log.info("tournaments resumed", contended=len(app.runners), owner=app.leases.owner)
        if ready is not None:
            ready.server = server  # type: ignore[attr-defined]
            ready.app = app  # type: ignore[attr-defined]
            ready.set()
        await asyncio.Future()  # until cancelled
    finally:
        if scanning is not None:
            scanning.cancel()
        # each step bounded: a service told to stop stops (once, in the whole suite, a stopped
        # tournament service never ended, and the test restarting it waited until its timeout)
        steps = [("the tournaments' runners", app.close),
                 ("the gRPC server", lambda: server.stop(grace=1.0) if server is not None else asyncio.sleep(0)),
                 ("the rules engines' channels", tables.close), ("the deck's channel", deck.close)]
        for what, step in steps:
            if not await bounded(step(), STOP_STEP_S):
                log.warning("a step of stopping did not end; going on", step=what, within_s=STOP_STEP_S)
        try:
            await bounded(nc.drain(), STOP_STEP_S)
        except Exception:  # noqa: BLE001 - the connection may be gone already
            pass
