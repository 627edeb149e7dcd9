"""Setup: two decks shuffled as chance nodes, four cards each, two (three) recipes face up."""
from __future__ import annotations

from collections import Counter

import pytest

from ftt_helpers import CAT, PLAYERS3, RULES, apply, ready, started
from services.foodtown_throwdown.rules.cards import CardDataError, parse
from shared.rules import ChanceNode, InvalidSetup


def test_the_recipe_deck_then_the_play_deck_are_shuffled_as_chance_nodes():
    # given a new game
    state = started()
    # when the game asks for its first shuffle
    node = RULES.chance(state)
    # then it is the 20 recipes (k=0), and after them the 85 play cards (k=0)
    assert node == ChanceNode("recipes", 0, CAT.recipe_deck)
    assert len(node.cards) == 20
    state = apply(state, RULES.resolve_chance(state, list(node.cards)))
    node = RULES.chance(state)
    assert (node.deck, node.k, len(node.cards)) == ("play", 0, 85)
    assert node.cards == CAT.play_deck


def test_each_player_is_dealt_four_play_cards_from_the_top_one_at_a_time():
    # given a play deck whose top 12 cards are known
    state = started()
    state = apply(state, RULES.resolve_chance(state, list(RULES.chance(state).cards)))
    order = list(reversed(RULES.chance(state).cards))
    # when it is dealt
    events = RULES.resolve_chance(state, order)
    state = apply(state, events)
    # then seat i got cards i, i+3, i+6, i+9, the deck lost 12 cards and ann begins by drawing
    for seat in range(3):
        assert Counter(state.hands[seat]) == Counter(order[seat:12:3])
    assert state.play_deck == tuple(order[12:])
    assert (state.phase, state.current) == ("draw", 0)


@pytest.mark.parametrize("players, shown", [(("a", "b"), 3), (("a", "b", "c"), 2), (("a", "b", "c", "d", "e"), 2)])
def test_two_recipes_are_flipped_face_up_three_with_two_players(players, shown):
    # given a game of that many players, when the decks are dealt
    state = ready(players, recipes=["hot-dog", "nachos", "tacos"])
    # then the top recipes lie on the display
    assert state.display == ("hot-dog", "nachos", "tacos")[:shown]
    assert len(state.recipe_deck) == 20 - shown


@pytest.mark.parametrize("players", [["solo"], ["a", "b", "c", "d", "e", "f"]])
def test_two_to_five_players(players):
    with pytest.raises(InvalidSetup, match="2 to 5 players"):
        RULES.initial_state(players, {})


def test_bad_names_and_unknown_options_are_refused():
    with pytest.raises(InvalidSetup, match="different name"):
        RULES.initial_state(["a", "a"], {})
    with pytest.raises(InvalidSetup, match="unknown option"):
        RULES.initial_state(["a", "b"], {"turbo": True})
    with pytest.raises(InvalidSetup, match="max_rounds"):
        RULES.initial_state(["a", "b"], {"max_rounds": 0})


def test_the_catalogue_has_20_recipes_and_85_play_cards_of_the_documented_kinds():
    kinds = Counter(CAT.cards[c].kind for c in CAT.play_deck)
    assert kinds == {"ingredient": 54, "territory": 10, "publicity": 8, "action": 13}
    types = Counter(CAT.cards[c].type for c in CAT.play_deck if CAT.cards[c].kind == "ingredient")
    assert set(types.values()) == {9} and len(types) == 6
    assert CAT.recipes["hot-dog"].ingredients == ("bread", "meat", "potatoes")
    assert CAT.recipes["hot-dog"].stars == 2
    effects = Counter(CAT.cards[c].effect for c in CAT.play_deck if CAT.cards[c].kind == "action")
    assert set(effects) == {"discard", "remove", "redraw", "review", "block", "skip"}


def test_a_bad_data_file_is_refused_naming_the_entry():
    data = {"format": 1, "ingredient_types": ["beans"], "recipe_deck_size": 1, "play_deck_size": 1,
            "recipes": [{"name": "Soup", "ingredients": ["beans", "gravel"], "stars": 1}]}
    with pytest.raises(CardDataError, match="recipe 'Soup'.*'gravel'"):
        parse(data)


def test_the_catalogue_function_lists_both_decks_and_every_card():
    from services.foodtown_throwdown.catalogue import catalogue
    cat = catalogue()
    assert len(cat["decks"]["recipes"]) == 20 and len(cat["decks"]["play"]) == 85
    for cid in set(cat["decks"]["recipes"]) | set(cat["decks"]["play"]):
        assert {"name", "kind", "text"} <= set(cat["cards"][cid])
    assert cat["cards"]["whole-wheat-bread"]["type"] == "bread"


def test_views_before_the_deal_are_json_and_show_no_cards():
    import json
    state = RULES.initial_state(list(PLAYERS3), {})
    for st in (state, started()):
        for seat in (0, None):
            view = RULES.view(st, seat)
            assert json.loads(json.dumps(view)) == view
            assert view["legal_moves"] == [] and view["display"] == []
    node_state = started()
    events = RULES.resolve_chance(node_state, list(RULES.chance(node_state).cards))
    assert "order" not in RULES.event_view(events[0], 0) and RULES.event_view(events[0], 0)["size"] == 20
