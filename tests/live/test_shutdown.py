"""Background work ends with the connection: a rules engine whose NATS connection is closed
under it (a test's teardown, a process shutting down) stops its timers and retries instead of
failing them every second for ever ("background settle failed: nats: connection closed")."""
from __future__ import annotations

import asyncio

from shared.runtime.bootstrap import open_game_store, start_rules_server
from shared.runtime.deck import SeededDeck
from tests.games.counter import GAME
from tests.live.conftest import POLICY, create, eventually
from tests.live.test_clocks import clock


async def test_a_closed_connection_ends_the_engines_timers_and_retries(settings, nats_url):
    nc, store = await open_game_store(nats_url, GAME.name)
    server = await start_rules_server(GAME, settings, 0, store, SeededDeck(), policy=POLICY)
    runtime = server.runtime
    try:
        # given a clocked table whose first clock runs out in a second (a timer is set)
        game_id = await create(settings, server.port, ["ann", "bob"], clock(1))
        await eventually(lambda: game_id in runtime.clocks.timers)
        # when the connection closes before the runtime does
        await nc.close()
        # then the timeout's write fails once and the runtime ends its background work
        await eventually(lambda: runtime.closed)
        await asyncio.sleep(1.5)  # a retry would have been armed and fired by now
        assert not runtime.clocks.timers, "no retry is armed on a closed connection"
        assert all(t.done() for t in runtime._background)
    finally:
        await server.stop(grace=None)
        await runtime.close()
