"""2. Choose a Recipe: secret choices revealed together; the 5th deal's last recipe; the Variant."""
from __future__ import annotations

import pytest

from foodie_helpers import (RULES, choose, choose_all, dealt, finish_deal, started,
                            types)
from shared.rules import IllegalMove, MalformedMove, NotYourTurn

RECIPES = ["empty-pot", "bug", "vegetable", "fruit", "trash"]


def _deal(players=("ann", "bob", "cid"), **options):
    return dealt(started(players, **options))


def test_after_the_deal_every_player_chooses_one_of_their_recipes():
    state = _deal()
    assert RULES.to_act(state) == frozenset({0, 1, 2})
    for seat in range(3):
        assert RULES.legal_moves(state, seat) == [
            {"type": "choose_recipe", "recipe": r} for r in RECIPES]


def test_a_chosen_recipe_is_face_down_until_everyone_has_chosen():
    # given a deal, when ann chooses fruit
    state, events = choose(_deal(), 0, "fruit")
    # then nothing is revealed yet
    assert types(events) == ["RecipeChosen"]
    assert events[0].face_down
    # bob sees that ann chose, not what
    bob = RULES.view(state, 1)
    assert bob["chosen"] == {"ann": True, "bob": False, "cid": False}
    assert bob["recipes"]["ann"] is None
    assert bob["recipes_left"]["ann"] == RECIPES
    assert "recipe" not in RULES.event_view(events[0], 1)
    assert "recipe" not in RULES.event_view(events[0], None)
    # ann sees her own choice
    assert RULES.view(state, 0)["my_recipe"] == "fruit"
    assert RULES.event_view(events[0], 0)["recipe"] == "fruit"


def test_once_all_have_chosen_everyone_reveals_their_recipe():
    state, _ = choose(_deal(), 0, "fruit")
    state, _ = choose(state, 2, "bug")
    state, events = choose(state, 1, "fruit")
    assert types(events) == ["RecipeChosen", "RecipesRevealed"]
    assert events[1].recipes == ("fruit", "fruit", "bug")
    assert RULES.view(state, 2)["recipes"] == {"ann": "fruit", "bob": "fruit", "cid": "bug"}
    assert RULES.event_view(events[1], 2)["recipes"] == ["fruit", "fruit", "bug"]


def test_a_player_chooses_only_one_recipe_per_deal():
    state, _ = choose(_deal(), 0, "fruit")
    assert 0 not in RULES.to_act(state)
    assert RULES.legal_moves(state, 0) == []
    with pytest.raises(NotYourTurn, match="you already chose your recipe; waiting for bob, cid"):
        choose(state, 0, "bug")


def test_an_unknown_recipe_is_a_malformed_move():
    with pytest.raises(MalformedMove, match="unknown recipe 'soup'"):
        choose(_deal(), 0, "soup")


def test_no_card_is_played_before_the_recipes_are_revealed():
    state = _deal()
    with pytest.raises(IllegalMove, match="choose a recipe first"):
        RULES.decide(state, 1, {"type": "play", "card": state.hands[1][0]})


def _play_deal(state, recipes):
    state, _ = choose_all(state, recipes)
    state, _ = finish_deal(state)
    return dealt(state)


def test_a_recipe_used_in_an_earlier_deal_cannot_be_chosen_again():
    # given ann cooked fruit in the first deal
    state = _play_deal(_deal(), ["fruit", "bug", "bug"])
    # then in the second deal fruit is gone from her recipes
    assert "fruit" not in RULES.view(state, 1)["recipes_left"]["ann"]
    assert {"type": "choose_recipe", "recipe": "fruit"} not in RULES.legal_moves(state, 0)
    with pytest.raises(IllegalMove, match="you already used the fruit recipe"):
        choose(state, 0, "fruit")


def test_in_the_fifth_deal_each_player_gets_their_last_recipe_without_a_move():
    state = _deal()
    plans = [["bug", "vegetable", "fruit", "trash"], ["trash", "fruit", "vegetable", "bug"],
             ["empty-pot", "bug", "vegetable", "fruit"]]
    for deal in range(4):
        state = _play_deal(state, [p[deal] for p in plans])
    # the 5th deal went straight to the reveal
    assert state.deal == 5
    assert state.phase == "playing"
    assert state.chosen == ("empty-pot", "empty-pot", "trash")
    assert RULES.view(state, 0)["recipes_left"] == {"ann": [], "bob": [], "cid": []}


# ---- the Variant -----------------------------------------------------------------------------

def test_variant_players_choose_in_turn_starting_left_of_the_dealer():
    # given the variant, ann dealing
    state = _deal(recipe_choice="sequential")
    # then bob chooses first, then cid, then ann
    assert RULES.to_act(state) == frozenset({1})
    assert RULES.legal_moves(state, 0) == []
    with pytest.raises(NotYourTurn, match="it is bob's turn to choose a recipe"):
        choose(state, 0, "bug")
    state, _ = choose(state, 1, "bug")
    assert RULES.to_act(state) == frozenset({2})
    state, _ = choose(state, 2, "bug")
    assert RULES.to_act(state) == frozenset({0})


def test_variant_each_choice_is_revealed_at_once():
    state, events = choose(_deal(recipe_choice="sequential"), 1, "fruit")
    assert not events[0].face_down
    assert RULES.event_view(events[0], 2)["recipe"] == "fruit"
    assert RULES.view(state, 2)["recipes"]["bob"] == "fruit"
    assert RULES.view(state, None)["recipes"]["bob"] == "fruit"


def test_variant_the_dealer_must_choose_differently_from_the_player_to_their_left():
    state, _ = choose(_deal(recipe_choice="sequential"), 1, "fruit")
    state, _ = choose(state, 2, "fruit")  # players other than the Dealer may repeat
    assert {"type": "choose_recipe", "recipe": "fruit"} not in RULES.legal_moves(state, 0)
    with pytest.raises(IllegalMove, match="as the Dealer you must choose a different recipe "
                                          "from bob, who chose fruit"):
        choose(state, 0, "fruit")
    state, events = choose(state, 0, "bug")
    assert types(events) == ["RecipeChosen", "RecipesRevealed"]


def test_variant_the_dealer_keeps_the_same_recipe_when_it_is_their_only_one():
    # given the variant where bob (Dealer of the 5th deal) and cid (left of him) both keep trash
    state = _deal(recipe_choice="sequential")
    plans = [["bug", "vegetable", "empty-pot", "trash"], ["empty-pot", "bug", "vegetable", "fruit"],
             ["bug", "empty-pot", "fruit", "vegetable"]]
    for deal in range(4):
        state = _play_deal(state, [p[deal] for p in plans])
    # then the 5th deal gives them both trash
    assert state.dealer == 1
    assert state.chosen == ("fruit", "trash", "trash")
    assert state.phase == "playing"
