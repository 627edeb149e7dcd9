"""Winning: ten stars at the end of your own turn; the recipe deck running out; the turn limit."""
from __future__ import annotations

from ftt_helpers import RULES, act, draw, pass_turn, ready, types, with_state


def _rich_menu():
    return (("burrito-bowl", ()), ("philly-cheesesteak", ()), ("chili-cheese-fries", ()))  # 9 stars


def test_ten_stars_at_the_end_of_your_own_turn_wins():
    # given ann has 9 stars and a publicity card
    state = ready(hands={0: ["viral-video", "lettuce", "onions", "cheddar"]})
    state = with_state(state, menus=(_rich_menu(), (), ()))
    state, _ = draw(state)
    # when she reaches 10 the game goes on until her turn ends
    state, _ = act(state, 0, {"type": "play", "card": "viral-video"})
    assert RULES.view(state, 0)["stars"]["ann"] == 10 and not RULES.is_terminal(state)
    state, events = pass_turn(state)
    # then she wins, the others placed by stars behind her
    assert types(events) == ["TurnEnded", "GameEnded"]
    res = RULES.result(state)
    assert res.points == (10, 0, 0) and res.placings == (1, 2, 2)
    assert RULES.view(state, 1)["winners"] == ["ann"]


def test_ten_stars_reached_on_someone_elses_turn_wait_for_your_own_turn_end():
    # bob holds 10 stars when ann's turn ends: ann's turn end does not make him win
    state = with_state(ready(), menus=((), _rich_menu() + (("sloppy-joe", ()),), ()))
    state, _ = draw(state)
    state, events = pass_turn(state)
    assert not RULES.is_terminal(state) and state.current == 1
    state, _ = draw(state)
    state, events = pass_turn(state)
    assert RULES.result(state).placings == (2, 1, 2)


def test_an_empty_recipe_deck_leaves_the_display_unrefilled():
    state = ready(recipes=["grilled-cheese", "nachos"],
                  hands={0: ["sourdough-loaf", "cheddar", "lettuce", "onions"]})
    state = with_state(state, recipe_deck=())
    state, _ = draw(state)
    state, events = act(state, 0, {"type": "complete", "recipe": "grilled-cheese"})
    assert types(events) == ["RecipeCompleted"] and state.display == ("nachos",)


def test_the_game_ends_when_no_recipe_is_left_to_complete():
    state = ready(recipes=["grilled-cheese", "nachos"],
                  hands={0: ["sourdough-loaf", "cheddar", "lettuce", "onions"]})
    state = with_state(state, recipe_deck=(), display=("grilled-cheese",),
                       menus=((), (("tacos", ()),), ()))
    state, _ = draw(state)
    state, _ = act(state, 0, {"type": "complete", "recipe": "grilled-cheese"})
    state, events = pass_turn(state)
    assert types(events)[-1] == "GameEnded" and state.end_reason == "recipes-out"
    assert RULES.result(state).placings == (2, 1, 3)


def test_the_turn_limit_ends_a_game_nobody_wins_with_shared_places_for_ties():
    state = ready(max_rounds=1)
    for _ in range(3):
        state, _ = draw(state)
        state, events = pass_turn(state)
    assert state.end_reason == "turn-limit"
    assert RULES.result(state).placings == (1, 1, 1)
