"""`foodgames serve deck`: the one place that wires the deck service.

NATS (the log stream, the KV bucket, the GAMES stream to read game-over
events, the TOURNAMENTS stream to learn a tournament's draws are over) + the
signing key + DeckApp + the gRPC server. The log is rebuilt from
its stream before the server answers. Settings: FOODGAMES_NATS_URL,
FOODGAMES_DECK_SIGNING_KEY_FILE (else a dev key under the data folder),
FOODGAMES_SEED_WINDOW_S, FOODGAMES_STREAM_REPLICAS; and the deck's own
FOODGAMES_DECK_LOG_STREAM / FOODGAMES_DECK_BUCKET (services/deck/store.py).
"""
from __future__ import annotations

import asyncio

from services.deck.app import DeckApp
from services.deck.keys import load_signer
from services.deck.service import SERVICE_NAME, DeckServicer, add_to_server
from services.deck.store import DeckNames, LogStore, SecretStore
from services.tournament import stream as tournament_stream
from shared import telemetry
from shared.config import Settings
from shared.eventstore.connections import connect
from shared.eventstore.jetstream import JetStreamEventStore
from shared.service import start_server

log = telemetry.get_logger("deck")


def build_app(settings: Settings, nc, names: DeckNames | None = None) -> DeckApp:
    names = names or DeckNames.from_env()
    signer = load_signer(settings)
    games = JetStreamEventStore(nc, replicas=settings.stream_replicas,
                                duplicate_window_s=settings.duplicate_window_s)
    tournaments = JetStreamEventStore(nc, stream=tournament_stream.STREAM, replicas=settings.stream_replicas)
    return DeckApp(LogStore(nc, names, settings.stream_replicas), SecretStore(nc, names, settings.stream_replicas),
                   games, signer, settings.seed_wait_s, tournaments=tournaments)


async def start_deck_server(settings: Settings, port: int, nc, names: DeckNames | None = None):
    """The deck's gRPC server on `port` (0: a free one, at server.port), its
    log caught up before it answers; the app is at server.app."""
    telemetry.configure("deck")
    app = build_app(settings, nc, names)
    await app.open()
    server = await start_server("deck", port, settings, [(add_to_server, DeckServicer(app))], [SERVICE_NAME])
    server.app = app  # type: ignore[attr-defined]
    return server


async def serve(settings: Settings, port: int) -> None:
    """Run the deck service until cancelled."""
    nc = await connect(settings.nats_url, name="deck")
    server = None
    try:
        server = await start_deck_server(settings, port, nc)
        await server.wait_for_termination()
    except asyncio.CancelledError:
        pass
    finally:
        if server is not None:
            await server.stop(grace=2)
        try:
            await nc.drain()
        except Exception:  # noqa: BLE001 - the connection may be gone already
            pass
