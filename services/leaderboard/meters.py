"""The leaderboard's instruments (shared.metrics): how far its durable consumer lags behind the
game stream (the server's count of messages not yet delivered, asked every LAG_POLL_S), and
the consumer's own counts (games rated, duplicates, dead letters, waits for Valkey)."""
from __future__ import annotations

import asyncio
import weakref

from shared import metrics, telemetry

log = telemetry.get_logger("leaderboard")
LAG_POLL_S = 2.0

_m = metrics.meter("foodgames.leaderboard")
_consumers: "weakref.WeakSet" = weakref.WeakSet()
_lag: dict[str, int] = {}  # durable -> messages pending at the last poll

# GameOverConsumer.stats key -> the `outcome` it counts under
_OUTCOMES = {"games": "rated", "duplicates": "duplicate", "deadletters": "dead_letter", "ignored": "ignored"}


def _games(_options):
    return [metrics.Observation(consumer.stats.get(key, 0), {"outcome": outcome})
            for consumer in list(_consumers) for key, outcome in _OUTCOMES.items()]


def _redis_waits(_options):
    return [metrics.Observation(sum(c.stats.get("redis_waits", 0) for c in list(_consumers)))]


def _lags(_options):
    return [metrics.Observation(n, {"messaging.consumer.group.name": durable}) for durable, n in list(_lag.items())]


_m.create_observable_counter("foodgames.leaderboard.messages", [_games], unit="{message}",
                             description="game-stream messages the consumer handled, by outcome (rated: a "
                                         "game rated; duplicate; dead_letter; ignored: not a GameOver)")
_m.create_observable_counter("foodgames.leaderboard.redis_waits", [_redis_waits], unit="{wait}",
                             description="times the consumer paused because Valkey did not answer")
_m.create_observable_gauge("foodgames.leaderboard.consumer.lag", [_lags], unit="{message}",
                           description="messages of the game stream the durable consumer has not yet been "
                                       "delivered or has not acknowledged")


async def probe_lag(consumer, interval_s: float = LAG_POLL_S) -> None:
    """Ask the server for the consumer's pending count until cancelled."""
    _consumers.add(consumer)
    stream, durable = consumer.settings.stream, consumer.settings.durable
    while True:
        try:
            info = await consumer.js.consumer_info(stream, durable)
            _lag[durable] = int(info.num_pending or 0) + int(info.num_ack_pending or 0)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - NATS away or the consumer not made yet: the last figure stays
            log.debug("consumer lag not read", error=str(exc))
        await asyncio.sleep(interval_s)
