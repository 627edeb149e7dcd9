"""Texts that state a rule of the rulebook (/work/shared/rulebooks/foodtown-throwdown.txt), in
English and German, as a player reads them."""
from __future__ import annotations

import pytest

from services.foodtown_throwdown import GAME, messages

TEXTS = GAME.texts


@pytest.mark.parametrize("language, rule, wrong", [("en", "discard two cards to draw one", "trade"),
                                                   ("de", "zwei Karten abwerfen und eine ziehen", "tauschen")])
@pytest.mark.parametrize("action_used", [False, True])
def test_given_your_main_phase_when_the_prompt_reads_then_it_says_discard_two_cards_to_draw_one(
        language, rule, wrong, action_used):
    # "Discard any two cards to draw one new card." (Playing The Game): a discard, not a trade
    view = {"to_act": ["ann"], "you": "ann", "phase": "main", "action_used": action_used}
    text = TEXTS.render(messages.prompt_message(view, 0), language)
    assert rule in text and wrong not in text, text


@pytest.mark.parametrize("language, vague", [("en", "a player"), ("de", "jemand")])
def test_given_a_game_won_by_stars_when_the_reason_reads_then_it_does_not_say_someone(language, vague):
    # "The first player to have ten stars at the end of their turn ... is the winner!": the
    # reason after "X won" speaks of that winner, not of an unnamed player
    text = TEXTS.text("reason-stars", {}, language)
    assert vague not in text.lower(), text
