"""How many games a rules engine keeps in memory is the operator's to set
(FOODGAMES_GAME_CACHE; ~0.25 MB a game, docs/capacity.md): the least recently used games go
first, and a game not kept is read back from its stream."""
from __future__ import annotations

import asyncio

import pytest

from shared.auth import Identity
from shared.config import Settings
from shared.runtime.bootstrap import open_game_store, start_rules_server
from shared.runtime.deck import SeededDeck
from tests.games.counter import GAME, RULES

MATCHMAKER = Identity("svc:matchmaking", "service")


async def test_an_engine_keeps_as_many_games_as_the_setting_says(settings, nats_url):
    """Given FOODGAMES_GAME_CACHE=2, when the engine has made 3 games, then it keeps the 2 it
    used last, and the first is still there, read back from its stream."""
    configured = Settings.from_env({"FOODGAMES_GAME_CACHE": "2"}, data_dir=settings.data_dir,
                                   token_key=settings.token_key)
    nc, store = await open_game_store(nats_url, RULES.name)
    server = await start_rules_server(GAME, configured, 0, store, SeededDeck())
    runtime = server.runtime
    try:
        made = []
        for _ in range(3):
            made.append(await runtime.create_game(MATCHMAKER, ["ann", "bob"], {}))
            # its deal, made in the background, uses it too: once a later game was made, a late
            # deal of an earlier one read that one back in (a CI run: the cache held made[0])
            await dealt(runtime)
        assert list(runtime.cache) == [g.game_id for g in made[1:]]
        first = await runtime.load(made[0].game_id)  # its deal may have landed since
        assert first.players == ("ann", "bob") and first.version >= made[0].version
        assert list(runtime.cache) == [made[2].game_id, made[0].game_id]
    finally:
        await server.stop(grace=None)
        await runtime.close()
        await nc.drain()


async def dealt(runtime) -> None:
    for _ in range(500):
        if not runtime.settlement.settling:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"still dealing after 5 s: {sorted(runtime.settlement.settling)}")


@pytest.mark.parametrize("value", ["0", "-5"])
def test_an_engine_that_would_keep_no_game_is_refused_in_words(value):
    with pytest.raises(ValueError, match="keeps at least 1 game"):
        Settings.from_env({"FOODGAMES_GAME_CACHE": value})
