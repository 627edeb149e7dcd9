"""How the runtime's own events are announced (shared/texts): a table's clock (event-ClockSet) and a
list of players, in each language."""
from __future__ import annotations

import pytest

from shared.i18n import SHARED_TEXTS, Catalogue

TEXTS = Catalogue([SHARED_TEXTS])


@pytest.mark.parametrize(("language", "seconds", "said"), [
    ("en", 1, "Every player has 1 second on the clock"),
    ("en", 90, "Every player has 90 seconds on the clock"),
    ("de", 1, "Alle haben 1 Sekunde auf der Uhr"),
    ("de", 90, "Alle haben 90 Sekunden auf der Uhr"),
])
def test_a_clock_of_one_second_is_said_in_the_singular(language, seconds, said):
    # given a table whose clock starts at `seconds`, when its ClockSet event is read
    text = TEXTS.text("event-ClockSet", {"initial_s": seconds, "increment_s": 5, "forfeit": "false"}, language)
    # then the count and its noun agree
    assert text.startswith(said), text


@pytest.mark.parametrize(("language", "players", "said"), [
    ("en", ["ann", "bob"], "A game for ann and bob was set up."),
    ("en", ["ann", "Bot", "bob"], "A game for ann, Bot, and bob was set up."),
    ("de", ["ann", "Bot", "bob"], "Eine Partie für ann, Bot und bob wurde eingerichtet."),
    ("de", ["ann"], "Eine Partie für ann wurde eingerichtet."),
])
def test_a_list_of_players_reads_with_the_languages_and(language, players, said):
    # given a game set up for these players, when its GameCreated event is read
    text = TEXTS.text("event-GameCreated", {"players": players, "ranked": False}, language)
    # then the names read as a list in that language ("ann, Bot" read as a list cut short)
    assert text == said


@pytest.mark.parametrize(("language", "seat", "players", "won", "said"), [
    ("en", 0, ["ann", "bob"], True, "The game is over. You won together!"),
    ("en", 1, ["ann", "bob"], False, "The game is over. You lost together."),
    ("en", 0, ["ann"], False, "The game is over. You lost."),
    ("en", None, ["ann", "Bot", "bob"], True, "The game is over. ann, Bot, and bob won together!"),
    ("de", 0, ["ann", "bob"], False, "Die Partie ist vorbei. Ihr habt gemeinsam verloren."),
    ("de", 0, ["ann"], True, "Die Partie ist vorbei. Du hast gewonnen!"),
    ("de", None, ["ann", "bob"], False, "Die Partie ist vorbei. ann und bob haben gemeinsam verloren."),
])
def test_a_cooperative_game_is_won_or_lost_by_its_players_together(language, seat, players, won, said):
    # given a cooperative table's GameOver (the table, not a player, won or lost), when a player
    # of it or a spectator reads it ("the table" also names the restaurant's tables of Forestaurant)
    from shared.runtime.narrate import runtime_message

    message = runtime_message({"type": "GameOver", "data": {"team_won": won, "players": players}}, players, seat)
    # then a player reads "you", alone or together, and a spectator the players' names
    assert TEXTS.text(message.key, message.args, language) == said
