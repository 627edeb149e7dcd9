"""Foodie Forest's log speaks to its reader: a line that names every player (the reveal of the
recipes, a deal's scores, the winners) says "you" (German "du", "du und X" in the ihr-form)
where the reader is one of them, and the reader's name never; a spectator reads every name."""
from __future__ import annotations

import pytest

from services.foodie_forest import messages
from services.foodie_forest.texts import TEXTS

PLAYERS = ["Bot 1", "ann-e868ef", "Bot 2", "Bot 3"]


def read(kind: str, data: dict, seat: int | None, language: str) -> str:
    return TEXTS.render(messages.event_message({"type": kind, "data": data}, PLAYERS, seat), language)


SCORED = {"deal": 5, "recipes": ["bug", "trash", "fruit", "empty-pot"], "gains": [1, 1, 8, -3],
          "points": [23, 9, 22, 12], "next_dealer": 2}


# "4. Add Scores: Take the number of victory points you gained according to the Recipe you chose"
@pytest.mark.parametrize("language, yours, theirs", [
    ("en", "you score 1 (now 9)", "Bot 1 scores 1 (now 23)"),
    ("de", "du erhältst 1 (jetzt 9)", "Bot 1 erhält 1 (jetzt 23)"),
])
def test_add_scores_given_a_deal_scored_when_a_player_reads_it_then_their_own_score_says_you(language, yours, theirs):
    text = read("DealScored", SCORED, 1, language)
    assert yours in text and theirs in text and "ann-e868ef" not in text, text
    spectator = read("DealScored", SCORED, None, language)
    assert "ann-e868ef" in spectator and yours not in spectator, spectator


# "End of the Game: After you add scores for the 5th deal, the player with the most victory
# points wins! If there is a tie between the lead players, they share the victory."
@pytest.mark.parametrize("language, shared, alone, others", [
    ("en", "The game is over: you and Bot 1 share the victory with 23 victory points.",
     "The game is over: you win with 23 victory points.",
     "The game is over: Bot 1 and ann-e868ef share the victory with 23 victory points."),
    ("de", "Das Spiel ist aus: Du und Bot 1 teilt euch den Sieg mit 23 Siegpunkten.",
     "Das Spiel ist aus: Du gewinnst mit 23 Siegpunkten.",
     "Das Spiel ist aus: Bot 1 und ann-e868ef teilen sich den Sieg mit 23 Siegpunkten."),
])
def test_end_of_the_game_given_tied_leaders_when_one_of_them_reads_it_then_you_share_the_victory(
        language, shared, alone, others):
    tie = {"points": [23, 23, 22, 12], "winners": [0, 1]}
    assert read("GameEnded", tie, 1, language) == shared
    assert read("GameEnded", {"points": [9, 23, 22, 12], "winners": [1]}, 1, language) == alone
    assert read("GameEnded", tie, 2, language) == others
    assert read("GameEnded", tie, None, language) == others


# "Once all players have played a Recipe, everyone reveals their chosen Recipes."
@pytest.mark.parametrize("language, yours", [("en", "you: Trash recipe"), ("de", "du: Müllrezept")])
def test_choose_a_recipe_given_the_recipes_revealed_when_a_player_reads_them_then_their_own_says_you(language, yours):
    revealed = {"deal": 1, "recipes": ["bug", "trash", "fruit", "empty-pot"], "leader": 1}
    text = read("RecipesRevealed", revealed, 1, language)
    assert yours in text and "ann-e868ef" not in text, text
    assert "ann-e868ef" in read("RecipesRevealed", revealed, None, language)
