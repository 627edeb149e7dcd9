"""Texts that state a rule of the rulebook (/work/shared/rulebooks/forestaurant.txt), in English and
German, as a player reads them: who cooked a meal, and the Game Variations' advice for five."""
from __future__ import annotations

import pytest

from services.forestaurant import GAME, messages
from services.forestaurant.texts import TEXTS
from shared.describe import describe

PLAYERS = ["eve-a", "eve-b", "eve-c"]
# "Cooking together ... Other players can also discard ingredients and/or animal cards."
MEAL = {"type": "MealCooked", "data": {"table": 3, "contributions": [
    {"seat": 0, "cards": ["marten-5"], "ingredients": ["carrot", "clover"]},
    {"seat": 1, "cards": ["boar-6"], "ingredients": []}]}}


def _meal(seat, language):
    return TEXTS.render(messages.event_message(MEAL, PLAYERS, seat), language)


@pytest.mark.parametrize("language, you, other", [("en", "by you and eve-a", "eve-a"),
                                                   ("de", "von dir und eve-a", "eve-a")])
def test_given_a_meal_cooked_together_with_the_reader_when_the_log_reads_it_then_the_reader_is_you(
        language, you, other):
    # given the reader (seat 1) helped eve-a cook; when the reader's log says who cooked
    text = _meal(1, language)
    # then the reader reads "you", as in "You offer Boar 6", never their own name
    assert you in text and "eve-b" not in text, text


@pytest.mark.parametrize("language", ["en", "de"])
def test_given_a_meal_cooked_together_when_someone_else_reads_it_then_every_cook_is_named(language):
    for seat in (2, None):  # a player who did not cook, a spectator
        text = _meal(seat, language)
        assert "eve-a" in text and "eve-b" in text, text
    alone = dict(MEAL, data={**MEAL["data"], "contributions": MEAL["data"]["contributions"][:1]})
    text = TEXTS.render(messages.event_message(alone, PLAYERS, 0), language)
    assert "eve-a" not in text and ("by you with" in text if language == "en" else "von dir mit" in text), text


@pytest.mark.parametrize("language", ["en", "de"])
def test_given_a_table_of_five_when_the_advice_reads_then_it_names_the_options_as_players_see_them(language):
    # "When playing with 5 players, it is recommended to use some of these modifications!"
    [advice] = messages.table_advice(5, {})
    text = TEXTS.render(advice, language)
    described = {o["name"]: o for o in describe(GAME, language)["options"]}
    # then every variation is named by the label the options' form shows, never by its id
    for name in ("stars_covered", "satisfied_needed", "ignore_eating_clouds"):
        assert described[name]["label"] in text, (name, text)
        assert name not in text, text
    assert described["difficulty"]["label"] in text and " easy " not in text, text
