"""1. Deal Cards: a fresh shuffle each deal, dealt one at a time clockwise from the Dealer's left."""
from __future__ import annotations

from collections import Counter

import pytest

from foodie_helpers import (RULES, apply, choose_all, dealt, finish_deal, of_type, order_for,
                            started, table)
from shared.rules import ChanceNode, NotYourTurn


def test_the_dealer_shuffles_the_52_ingredient_cards_as_a_chance_node():
    # given a new game
    state = started(["ann", "bob", "cid"])
    # when the game asks for the first shuffle
    node = RULES.chance(state)
    # then it names the ingredient deck, shuffle 0, and the 52 cards in sorted order
    assert isinstance(node, ChanceNode)
    assert (node.deck, node.k) == ("ingredients", 0)
    assert len(node.cards) == 52 and list(node.cards) == sorted(node.cards)
    assert node.cards == table(state).deck


def test_moves_are_refused_while_the_cards_are_being_dealt():
    state = started(["ann", "bob"])
    assert RULES.to_act(state) == frozenset()
    assert RULES.legal_moves(state, 0) == []
    with pytest.raises(NotYourTurn, match="the cards are being dealt"):
        RULES.decide(state, 0, {"type": "choose_recipe", "recipe": "bug"})
    with pytest.raises(NotYourTurn, match="the cards are being dealt"):
        RULES.decide(state, 1, {"type": "play", "card": "bug-3"})


def test_cards_are_dealt_one_at_a_time_clockwise_starting_left_of_the_dealer():
    # given three players, ann dealing, and a known deck order
    state = started(["ann", "bob", "cid"])
    order = list(RULES.chance(state).cards)
    # when the cards are dealt
    [deal] = of_type(RULES.resolve_chance(state, order), "CardsDealt")
    # then bob (left of ann) gets the 1st, 4th, ... card, cid the 2nd, 5th, ..., ann the 3rd, ...
    tab = table(state)
    assert deal.hands[1] == tuple(tab.sorted_cards(order[0:39:3]))
    assert deal.hands[2] == tuple(tab.sorted_cards(order[1:39:3]))
    assert deal.hands[0] == tuple(tab.sorted_cards(order[2:39:3]))
    assert deal.set_aside == tuple(sorted(order[39:]))


@pytest.mark.parametrize("count, hand, aside", [(2, 13, 26), (3, 13, 13), (4, 13, 0), (5, 10, 2)])
def test_thirteen_cards_each_ten_with_five_players_and_the_rest_set_aside(count, hand, aside):
    state = dealt(started([f"p{i}" for i in range(count)]))
    assert [len(h) for h in state.hands] == [hand] * count
    assert len(state.set_aside) == aside
    every = Counter(state.set_aside)
    for h in state.hands:
        every.update(h)
    assert every == Counter(table(state).deck)


def test_the_cards_you_are_dealt_make_up_your_hand():
    state = started(["ann", "bob"])
    state = dealt(state, {0: ["fruit-10", "trash-5"]})
    view = RULES.view(state, 0)
    assert "fruit-10" in view["hand"] and "trash-5" in view["hand"]
    assert len(view["hand"]) == 13


def test_each_deal_is_a_fresh_shuffle_of_all_52_cards():
    # given a first deal played to its end
    state = dealt(started(["ann", "bob", "cid"]))
    state, _ = choose_all(state, ["bug", "fruit", "trash"])
    state, _ = finish_deal(state)
    # when the next deal starts
    node = RULES.chance(state)
    # then it is shuffle 1 of the same 52 cards, and hands are dealt from the new order
    assert (node.deck, node.k, node.cards) == ("ingredients", 1, table(state).deck)
    order = order_for(state, {2: ["bug-10", "fruit-10", "vegetable-10"]})
    state = apply(state, RULES.resolve_chance(state, order))
    assert {"bug-10", "fruit-10", "vegetable-10"} <= set(state.hands[2])
    assert state.deal == 2


def test_a_shuffle_that_is_not_an_order_of_the_deck_is_refused():
    state = started(["ann", "bob"])
    cards = list(RULES.chance(state).cards)
    with pytest.raises(ValueError, match="missing: \\['bug-1'\\]"):
        RULES.resolve_chance(state, cards[1:] + ["bug-11"])  # cards[0] is bug-1
    with pytest.raises(ValueError, match="order of the 52 ingredients cards"):
        RULES.resolve_chance(state, cards + ["bug-1"])


def test_hands_in_the_deal_event_are_sorted_so_they_reveal_no_deck_order():
    state = started(["ann", "bob"])
    order = list(RULES.chance(state).cards)[::-1]
    [deal] = of_type(RULES.resolve_chance(state, order), "CardsDealt")
    tab = table(state)
    for hand in deal.hands:
        assert list(hand) == tab.sorted_cards(hand)
    assert list(deal.set_aside) == sorted(deal.set_aside)
