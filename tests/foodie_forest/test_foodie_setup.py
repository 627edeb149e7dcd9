"""Setup: players, recipes, victory points, the first Dealer, and the options."""
from __future__ import annotations

import pytest

from foodie_helpers import RULES, started
from services.foodie_forest.rules.events import EVENT_TYPES
from shared.games import load_rules
from shared.rules import InvalidSetup

RECIPES = ["empty-pot", "bug", "vegetable", "fruit", "trash"]


def test_the_registry_loads_these_rules():
    assert load_rules("foodie-forest") is RULES
    assert (RULES.name, RULES.min_players, RULES.max_players) == ("foodie-forest", 2, 5)
    assert set(RULES.event_types) == set(EVENT_TYPES)


def test_every_player_starts_with_the_five_recipes_and_five_victory_points():
    # given a new game of three
    state = started(["ann", "bob", "cid"])
    # when anyone looks
    view = RULES.view(state, None)
    # then everyone holds the 5 recipes and 5 points
    assert view["recipes_left"] == {p: RECIPES for p in ("ann", "bob", "cid")}
    assert view["points"] == {"ann": 5, "bob": 5, "cid": 5}


def test_the_first_player_given_is_the_first_dealer():
    state = started(["zoe", "ann", "bob"])
    assert RULES.view(state, None)["dealer"] == "zoe"
    assert state.dealer == 0


def test_the_game_started_event_names_players_options_and_starting_points():
    state = RULES.initial_state(["ann", "bob"], {"recipe_choice": "sequential"})
    [event] = RULES.start(state)
    assert type(event).__name__ == "GameStarted"
    assert event.players == ("ann", "bob")
    assert event.options == {"edition": "en", "recipe_choice": "sequential",
                             "trash_keeps_colour": False, "missing_cards": "herb",
                             "scoring": "de-description"}
    assert event.points == (5, 5)
    assert event.recipes == tuple(RECIPES)
    assert event.dealer == 0


@pytest.mark.parametrize("count", [2, 3, 4, 5])
def test_two_to_five_players_can_play(count):
    state = started([f"p{i}" for i in range(count)])
    assert RULES.chance(state) is not None


@pytest.mark.parametrize("count", [0, 1, 6, 7])
def test_fewer_than_two_or_more_than_five_players_cannot_play(count):
    with pytest.raises(InvalidSetup, match="2 to 5 players"):
        RULES.initial_state([f"p{i}" for i in range(count)], {})


def test_players_need_different_names():
    with pytest.raises(InvalidSetup, match="different name"):
        RULES.initial_state(["ann", "ann"], {})


def test_an_unknown_option_is_refused_with_its_name():
    with pytest.raises(InvalidSetup, match="unknown option.*'dealer'"):
        RULES.initial_state(["ann", "bob"], {"dealer": "bob"})


@pytest.mark.parametrize("options, message", [
    ({"edition": "fr"}, "edition must be one of 'en', 'de-description'"),
    ({"recipe_choice": "random"}, "recipe_choice must be one of 'simultaneous', 'sequential'"),
    ({"trash_keeps_colour": "yes"}, "trash_keeps_colour must be one of False, True"),
    ({"trash_keeps_colour": 1}, "trash_keeps_colour"),
    ({"missing_cards": "joker"}, "missing_cards must be one of 'herb', 'zero'"),
    ({"scoring": "house"}, "scoring must be one of"),
    ({"edition": "de-description", "missing_cards": "herb"}, "does not apply"),
    ({"edition": "de-description", "scoring": "rulebook-text"}, "scoring must be one of"),
])
def test_a_bad_option_value_is_refused_clearly(options, message):
    with pytest.raises(InvalidSetup, match=message):
        RULES.initial_state(["ann", "bob"], options)


@pytest.mark.parametrize("option, value", [("missing_cards", "zero"), ("scoring", "rulebook-text")])
def test_an_option_of_some_editions_is_offered_only_with_them_and_taken_only_with_them(option, value):
    # "missing_cards applies to the English edition only", scoring values per edition (the
    # German description has one): DescribeGame says with which editions (only_with), so that a
    # play page offers the option only then, and the rules take another value only then
    from shared import describe, games

    offered = {o["name"]: o for o in describe.describe(games.get("foodie-forest"), "en")["options"]}
    assert offered[option]["only_with"] == {"edition": ["en"]}
    assert {name for name, o in offered.items() if "only_with" in o} == {"missing_cards", "scoring"}
    for edition in offered["edition"]["choices"]:
        chosen = {"edition": edition["value"], option: value}
        if edition["value"] in offered[option]["only_with"]["edition"]:
            RULES.initial_state(["ann", "bob"], chosen)
        else:
            with pytest.raises(InvalidSetup):
                RULES.initial_state(["ann", "bob"], chosen)


def test_options_default_to_the_documented_choices():
    state = started(["ann", "bob"])
    assert state.options.as_dict() == {
        "edition": "en", "recipe_choice": "simultaneous", "trash_keeps_colour": False,
        "missing_cards": "herb", "scoring": "de-description"}


def test_the_game_cannot_be_started_twice():
    state = started(["ann", "bob"])
    with pytest.raises(Exception, match="already started"):
        RULES.start(state)
