"""What each seat may see: its own hand, never another hand, an unrevealed recipe or the deck."""
from __future__ import annotations

import json
from dataclasses import replace

from foodie_helpers import (RULES, apply, choose, dealt, of_type, play, playout, ready,
                            started)

VIEW_KEYS = {"game", "players", "seat", "you", "options", "phase", "deal", "deals", "dealer",
             "turn", "to_act", "hand", "hand_sizes", "recipes_left", "chosen", "recipes",
             "my_recipe", "points", "trick", "tricks_taken", "cards_taken",
             "last_card_announced", "legal_moves", "history", "finished", "winners"}


def test_the_view_has_the_documented_keys_and_is_json():
    state = ready()
    for seat in (0, 1, 2, None):
        view = RULES.view(state, seat)
        assert set(view) == VIEW_KEYS
        assert json.loads(json.dumps(view)) == view


def test_a_seat_sees_its_own_hand_and_only_how_many_cards_the_others_hold():
    state = ready()
    view = RULES.view(state, 1)
    assert view["hand"] == list(state.hands[1])
    assert view["hand_sizes"] == {"ann": 13, "bob": 13, "cid": 13}
    assert (view["seat"], view["you"]) == (1, "bob")
    assert view["legal_moves"] == RULES.legal_moves(state, 1)
    assert view["deal"] == 1 and view["dealer"] == "ann" and view["turn"] == "bob"


def test_a_spectator_sees_no_hand():
    view = RULES.view(ready(), None)
    assert view["hand"] is None and view["seat"] is None and view["legal_moves"] == []


def test_the_deal_event_shows_each_seat_only_its_own_hand():
    state = started(["ann", "bob", "cid"])
    [deal] = of_type(RULES.resolve_chance(state, RULES.chance(state).cards), "CardsDealt")
    for seat in range(3):
        shown = RULES.event_view(deal, seat)
        assert shown["hand"] == list(deal.hands[seat])
        assert "hands" not in shown and "set_aside" not in shown
        assert shown["hand_sizes"] == [13, 13, 13] and shown["set_aside_count"] == 13
    assert "hand" not in RULES.event_view(deal, None)


def test_the_cards_set_aside_are_never_shown():
    # given the three (unique) 10s set aside
    state = started(["ann", "bob", "cid"])
    tens = ["bug-10", "vegetable-10", "fruit-10"]
    order = [c for c in RULES.chance(state).cards if c not in tens] + tens
    events = RULES.resolve_chance(state, order)
    state = apply(state, events)
    for seat in (0, 1, 2, None):
        seen = json.dumps(RULES.view(state, seat)) + json.dumps(
            [RULES.event_view(e, seat) for e in events])
        for ten in tens:
            assert ten not in seen


def test_the_view_does_not_change_with_what_a_seat_may_not_know():
    # given ann chose a recipe and the hands are dealt
    state = dealt(started(["ann", "bob", "cid"]))
    state, _ = choose(state, 0, "fruit")
    # when ann's hidden choice and the hidden cards of ann, cid and the set-aside differ
    other = replace(state, chosen=("trash", None, None),
                    hands=(state.set_aside, state.hands[1], state.hands[0]),
                    set_aside=state.hands[2])
    # then bob's view is the same
    assert RULES.view(other, 1) == RULES.view(state, 1)
    assert RULES.view(other, None) == RULES.view(state, None)
    assert RULES.view(other, 0) != RULES.view(state, 0)


def test_your_own_pending_recipe_is_visible_to_you_only():
    state = dealt(started(["ann", "bob"]))
    state, _ = choose(state, 1, "empty-pot")
    assert RULES.view(state, 1)["my_recipe"] == "empty-pot"
    assert RULES.view(state, 0)["my_recipe"] is None
    assert RULES.view(state, 0)["recipes"] == {"ann": None, "bob": None}
    state, _ = choose(state, 0, "bug")
    assert RULES.view(state, 0)["recipes"] == {"ann": "bug", "bob": "empty-pot"}


def test_last_card_announcements_and_history_are_public():
    state = ready(["ann", "bob"])
    state = replace(state, hands=(state.hands[0], ("bug-3",)))
    state, events = play(state, 1, "bug-3")
    assert "LastCardAnnounced" in [type(e).__name__ for e in events]
    assert RULES.view(state, 0)["last_card_announced"] == ["bob"]
    assert RULES.event_view(events[1], None) == {"type": "LastCardAnnounced", "seat": 1}


def test_given_the_game_over_when_a_seat_views_it_then_no_dealer_is_named():
    # "The player to the left of the Dealer becomes the new Dealer. Begin a new round": after the
    # 5th deal there is no new round, so the last deal's scoring names no next Dealer to show
    *_, (state, _) = playout(5, ["ann", "bob", "cid", "dan"])
    assert state.phase == "over"
    for seat in (0, 1, None):
        view = RULES.view(state, seat)
        assert (view["deal"], view["finished"], view["dealer"]) == (5, True, None)
