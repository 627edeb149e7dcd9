"""How many games a rules engine keeps in memory is the operator's to set
(FOODGAMES_GAME_CACHE; ~0.25 MB a game, docs/capacity.md): the least recently used games go
first, and a game not kept is read back from its stream."""
from __future__ import annotations

import pytest

from shared.auth import Identity
from shared.config import Settings
from shared.runtime.bootstrap import open_game_store, start_rules_server
from shared.runtime.deck import SeededDeck
from tests.games.counter import GAME, RULES

MATCHMAKER = Identity("svc:matchmaking", "service")


async def test_an_engine_keeps_as_many_games_as_the_setting_says(settings, nats_url):
    """Given FOODGAMES_GAME_CACHE=2, when the engine has made 3 games, then it keeps 2, and the
    game it let go is still there, read back from its stream (and kept, as the one used last)."""
    configured = Settings.from_env({"FOODGAMES_GAME_CACHE": "2"}, data_dir=settings.data_dir,
                                   token_key=settings.token_key)
    nc, store = await open_game_store(nats_url, RULES.name)
    server = await start_rules_server(GAME, configured, 0, store, SeededDeck())
    runtime = server.runtime
    try:
        made = [await runtime.create_game(MATCHMAKER, ["ann", "bob"], {}) for _ in range(3)]
        # (which two is not asked: the engine's own background work, a deal or the clocks
        # catching up on a write they heard, may read a game back in, and the stream is the
        # counter's, shared with other tests' engines, whose writes this one hears: a CI run
        # kept another test's game and one of these three)
        kept = list(runtime.cache)
        assert len(kept) == 2, kept
        gone = next(g for g in made if g.game_id not in kept)
        back = await runtime.load(gone.game_id)
        assert back.players == ("ann", "bob") and back.version >= gone.version
        assert len(runtime.cache) == 2 and list(runtime.cache)[-1] == gone.game_id
    finally:
        await server.stop(grace=None)
        await runtime.close()
        await nc.drain()


@pytest.mark.parametrize("value", ["0", "-5"])
def test_an_engine_that_would_keep_no_game_is_refused_in_words(value):
    with pytest.raises(ValueError, match="keeps at least 1 game"):
        Settings.from_env({"FOODGAMES_GAME_CACHE": value})
