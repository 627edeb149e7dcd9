"""The matchmaker's queues set the turn clock of the tables they make: ranked strict, casual
generous, from the matchmaking configuration (FOODGAMES_MM_RANKED_CLOCK / _CASUAL_CLOCK)."""
from __future__ import annotations

import pytest

from services.matchmaking.catalogue import GameInfo
from services.matchmaking.config import CASUAL_CLOCK, RANKED_CLOCK, MatchmakingConfig, QueueClock, parse_clock
from services.matchmaking.engine import GrpcGameCreator
from tests.live.conftest import engine, events_of, stored


def test_queue_clocks_read_from_the_environment_and_say_what_is_wrong():
    config = MatchmakingConfig.from_env({"FOODGAMES_MM_RANKED_CLOCK": "60+2:forfeit",
                                         "FOODGAMES_MM_CASUAL_CLOCK": "off"})
    assert config.clock_for(True) == QueueClock(60, 2, "forfeit") and config.clock_for(False) is None
    defaults = MatchmakingConfig.from_env({})
    assert defaults.clock_for(True) == RANKED_CLOCK and defaults.clock_for(False) == CASUAL_CLOCK
    advised = MatchmakingConfig.from_env({"FOODGAMES_MM_CASUAL_CLOCK": str(CASUAL_CLOCK)})
    assert advised.clock_for(False) == CASUAL_CLOCK == QueueClock(600, 30, "bot")
    assert RANKED_CLOCK.initial_s < CASUAL_CLOCK.initial_s and RANKED_CLOCK.on_timeout == "forfeit"
    with pytest.raises(ValueError, match="INITIAL\\+INCREMENT"):
        parse_clock("two minutes")
    with pytest.raises(ValueError, match="INITIAL > 0"):
        parse_clock("0+5:bot")


async def test_a_ranked_and_a_casual_queue_table_get_their_queues_clocks(settings, nats_url):
    config = MatchmakingConfig(ranked_clock=QueueClock(90, 3, "forfeit"), casual_clock=QueueClock(900, 20, "bot"))
    async with engine(settings, nats_url) as server:
        creator = GrpcGameCreator(settings, config)
        info = GameInfo("counter", 2, 4, f"127.0.0.1:{server.port}")
        try:
            await creator.create(info, "mm-ranked-clock", ["ann", "bob"], True, timeout=10)
            await creator.create(info, "mm-casual-clock", ["cy", "dee"], False, timeout=10)
        finally:
            await creator.close()
        ranked = events_of(await stored(server.runtime.store, "mm-ranked-clock"), "ClockSet")
        casual = events_of(await stored(server.runtime.store, "mm-casual-clock"), "ClockSet")
    assert [dict(e.data) for e in ranked] == [{"initial_ms": 90_000, "increment_ms": 3_000, "on_timeout": "forfeit"}]
    assert [dict(e.data) for e in casual] == [{"initial_ms": 900_000, "increment_ms": 20_000, "on_timeout": "bot"}]
