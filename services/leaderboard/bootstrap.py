"""`foodgames serve leaderboard`: NATS + Redis + the consumer + the gRPC server.

Environment (besides shared.config):
  FOODGAMES_LEADERBOARD_MODEL   openskill model (default ThurstoneMostellerPart)
  FOODGAMES_SEASON_LENGTH       weekly (default), monthly or days:N
"""
from __future__ import annotations

import asyncio
import os
from dataclasses import replace

from services.leaderboard import heap
from services.leaderboard.boards import Store
from shared.health import RedisProbe
from services.leaderboard.consumer import ConsumerSettings, GameOverConsumer
from services.leaderboard.meters import probe_lag
from services.leaderboard.ratings import RatingConfig
from services.leaderboard.service import SERVICE_NAME, LeaderboardServicer, add_to_server
from shared import aio, telemetry
from shared.config import Settings

log = telemetry.get_logger("leaderboard")
STOP_STEP_S = 5.0  # well inside the 10 s a supervisor waits before it kills


def rating_config(env: dict | None = None) -> RatingConfig:
    env = dict(os.environ if env is None else env)
    config = RatingConfig()
    if env.get("FOODGAMES_LEADERBOARD_MODEL"):
        config = replace(config, model=env["FOODGAMES_LEADERBOARD_MODEL"])
    config.make_model()  # fails early on an unknown model
    return config


def season_policy(env: dict | None = None) -> str:
    env = dict(os.environ if env is None else env)
    return env.get("FOODGAMES_SEASON_LENGTH", "weekly")


def make_store(settings: Settings) -> Store:
    return Store.from_url(settings.redis_url, config=rating_config(), season_policy=season_policy())


async def supervise(consumer: GameOverConsumer) -> None:
    """Run the consumer; restart it after unexpected errors (NATS gone, ...)."""
    while True:
        try:
            await consumer.run()
            return
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001
            log.exception("consumer stopped; restarting in 1 s")
            await consumer.stop()
            consumer._stopping = False
            await asyncio.sleep(1.0)


async def serve(settings: Settings, port: int, consumer_settings: ConsumerSettings | None = None,
                ready: asyncio.Event | None = None) -> None:
    from shared.eventstore.connections import connect, open_connections
    from shared.service import start_server

    nc = await connect(settings.nats_url, name="leaderboard")
    store = make_store(settings)
    consumer_settings = consumer_settings or ConsumerSettings(stream_replicas=settings.stream_replicas,
                                                              resume_from_store=True)
    consumer = GameOverConsumer(nc, store, consumer_settings)
    server = probe = None
    task = lag = played_task = None
    try:
        probe = RedisProbe(store.r).start()
        server = await start_server("leaderboard", port, settings,
                                    [(add_to_server, LeaderboardServicer(store))], [SERVICE_NAME],
                                    dependencies=lambda: [*open_connections(), probe])
        task = asyncio.create_task(supervise(consumer), name="leaderboard-consumer")
        lag = asyncio.create_task(probe_lag(consumer), name="leaderboard-consumer-lag")
        from services.leaderboard import played
        from shared.eventstore.jetstream import JetStreamEventStore

        played_task = asyncio.create_task(played.supervise(played.PlayedConsumer(
            nc, played.PlayedIndex(store.r), JetStreamEventStore(nc, stream=consumer_settings.stream),
            stream=consumer_settings.stream, prefix=consumer_settings.subject_prefix)), name="player-games")
        heap.settle()  # start-up is over: the collector need not walk its objects again
        if ready is not None:
            ready.server = server  # type: ignore[attr-defined]
            ready.set()
        await asyncio.Future()  # until cancelled
    finally:
        await _stop(consumer, lag, (task, played_task), server, probe, store, nc)


async def _stop(consumer, lag, tasks, server, probe, store, nc) -> None:
    """Each step bounded (STOP_STEP_S): a step that never ends (a pin release NATS does not
    answer, a task that does not answer its cancellation) is left behind and named, so that the
    service told to stop stops. The consumer first: the batch in hand is finished and the pin
    given up, so another replica takes over at once instead of after the pin timeout."""
    from shared.eventstore.connections import drain

    tasks = [t for t in (lag, *tasks) if t is not None]

    def cancelled():
        for running in tasks:
            running.cancel()
        return asyncio.gather(*tasks, return_exceptions=True)

    steps = [("the consumer", consumer.stop), ("the consumers' tasks", cancelled)]
    if server is not None:
        steps.append(("the gRPC server", lambda: server.stop(grace=1.0)))
    if probe is not None:
        steps.append(("the Valkey probe", probe.stop))
    steps += [("the store", store.close), ("the NATS connection", lambda: drain(nc))]
    for name, step in steps:
        if not await aio.bounded(step(), STOP_STEP_S):
            log.warning("leaderboard stop: a step did not end in time, left behind", step=name, within_s=STOP_STEP_S)

