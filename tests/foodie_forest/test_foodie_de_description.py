"""Option edition = "de-description": the German description's Boot (Stiefel), "0" and herb cards."""
from __future__ import annotations

from collections import Counter

import pytest

from foodie_helpers import (RULES, choose_all, dealt, finish_deal, of_type, play, ready, started,
                            table, types)
from services.foodie_forest.rules.decide import deal_gain
from shared.rules import MalformedMove

DE = {"edition": "de-description"}
ANN = ["bug-1", "bug-2", "bug-3", "bug-4", "bug-5", "bug-10", "vegetable-1", "vegetable-2",
       "fruit-1", "fruit-2", "fruit-herb", "boot-1", "boot-2"]
BOB = ["vegetable-3", "vegetable-4", "vegetable-5", "vegetable-10", "vegetable-0", "bug-1",
       "bug-herb", "fruit-3", "fruit-4", "fruit-10", "boot-3", "boot-4", "boot-5"]
CID = ["fruit-1", "fruit-2", "fruit-3", "fruit-4", "fruit-5", "fruit-5", "bug-2", "bug-3",
       "bug-4", "bug-5", "bug-0", "boot-1", "boot-2"]


def _game():
    return ready(hands={0: ANN, 1: BOB, 2: CID}, recipes=["bug", "boot", "fruit"], **DE)


def test_de_deck_is_52_cards_with_boot_as_the_fourth_colour():
    tab = table(started(["ann", "bob"], **DE))
    assert len(tab.deck) == 52
    assert tab.colours == ("bug", "vegetable", "fruit", "boot")
    for colour in ("bug", "vegetable", "fruit"):
        cards = Counter(c for c in tab.deck if tab.cards[c].colour == colour)
        assert cards[f"{colour}-herb"] == 2 and cards[f"{colour}-0"] == 1
        assert sum(cards.values()) == 14
    assert sorted(tab.cards[c].value for c in tab.deck if c.startswith("boot-")) == [
        1, 1, 2, 2, 3, 3, 4, 4, 5, 5]


def test_de_recipes_have_the_boot_recipe_instead_of_trash():
    state = dealt(started(["ann", "bob"], **DE))
    assert [m["recipe"] for m in RULES.legal_moves(state, 0)] == [
        "empty-pot", "bug", "vegetable", "fruit", "boot"]
    with pytest.raises(MalformedMove, match="unknown recipe 'trash'"):
        RULES.decide(state, 0, {"type": "choose_recipe", "recipe": "trash"})


def test_de_a_boot_card_adds_its_value_and_ends_the_required_colour():
    state, _ = play(_game(), 1, "vegetable-3")
    state, [event] = play(state, 2, "boot-2")  # cid holds no vegetable
    assert (event.total, event.required_colour) == (5, None)
    state, [event] = play(state, 0, "bug-4")  # ann holds vegetables but need not follow
    assert event.total == 9


def test_de_a_trick_led_with_a_boot_has_no_required_colour():
    state, [event] = play(_game(), 1, "boot-5")
    assert (event.total, event.required_colour) == (5, None)
    assert len(RULES.legal_moves(state, 2)) == len(set(CID))


def test_de_the_0_card_resets_the_total_and_keeps_the_colour():
    state, _ = play(_game(), 1, "bug-1")
    state, _ = play(state, 2, "bug-5")
    state, _ = play(state, 0, "bug-2")
    state, [event] = play(state, 1, "bug-herb")
    assert event.total == 8
    state, [event] = play(state, 2, "bug-0")
    assert (event.total, event.required_colour) == (0, "bug")


def test_de_a_herb_adds_nothing():
    state, [event] = play(_game(), 1, "bug-herb")
    assert (event.total, event.required_colour) == (0, "bug")
    state, [event] = play(state, 2, "bug-3")
    assert event.total == 3


def test_de_a_led_10_still_counts_as_0():
    state, [event] = play(_game(), 1, "vegetable-10")
    assert event.total == 0


def test_de_the_trick_ends_without_winner_when_a_player_who_announced_their_last_card_is_to_play():
    for pick in range(6):
        state = dealt(started(["ann", "bob", "cid"], **DE))
        state, _ = choose_all(state, ["bug", "boot", "empty-pot"])
        state, events = finish_deal(state, pick=pick)
        [put] = of_type(events, "TrickPutAside")
        announced = [e.seat for e in of_type(events, "LastCardAnnounced")]
        assert put.seat in announced
        assert types(events)[-2:] == ["TrickPutAside", "DealScored"]
        assert not of_type(events[events.index(put):], "TrickTaken")


def test_de_scoring_colour_recipes_lose_1_per_boot_and_the_boot_recipe_loses_1_per_herb():
    tab = table(started(["ann", "bob"], **DE))
    taken = ["bug-1", "bug-0", "bug-herb", "boot-3", "boot-4", "fruit-herb", "vegetable-2"]
    assert deal_gain(tab, "bug", taken) == 3 - 2
    assert deal_gain(tab, "boot", taken) == 2 - 2
    assert deal_gain(tab, "empty-pot", taken) == 5 - 7
