"""A game's title as players read it (shared.games.title_of): in their language where the game's
texts give one, the declared title otherwise, the name of a game not declared here."""
from __future__ import annotations

from shared import games


def test_a_title_is_read_in_the_readers_language(monkeypatch):
    # given a game whose texts title it in German as well (the counter: "Zähler")
    monkeypatch.setenv("FOODGAMES_EXTRA_GAMES", "tests.games.counter:GAME")
    # then a German reader reads the German title, an English one the English
    assert games.title_of("counter", "de") == "Zähler"
    assert games.title_of("counter") == games.title_of("counter", "en") == "Counter"
    # and a game not declared here is named as it was sent
    assert games.title_of("chess", "de") == "chess"
