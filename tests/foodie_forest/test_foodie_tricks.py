"""3. Play Tricks: leading, following, the running total, Trash, taking and ending the deal."""
from __future__ import annotations

import pytest

from foodie_helpers import (RULES, act, choose_all, dealt, finish_deal, of_type, play, ready,
                            started, types)
from shared.rules import IllegalMove, MalformedMove, NotYourTurn

# ann deals, so bob leads; cid holds no vegetable
ANN = ["bug-1", "bug-2", "bug-3", "bug-4", "bug-5", "bug-10", "vegetable-1", "vegetable-2",
       "fruit-1", "fruit-2", "fruit-herb", "trash-1", "trash-2"]
BOB = ["vegetable-3", "vegetable-4", "vegetable-5", "vegetable-10", "vegetable-herb", "bug-1",
       "bug-herb", "fruit-3", "fruit-4", "fruit-10", "trash-3", "trash-4", "trash-5"]
CID = ["fruit-1", "fruit-2", "fruit-3", "fruit-4", "fruit-5", "fruit-5", "bug-2", "bug-3",
       "bug-4", "bug-5", "bug-herb", "trash-1", "trash-2"]
ANN_, BOB_, CID_ = 0, 1, 2


def _game(**options):
    return ready(hands={ANN_: ANN, BOB_: BOB, CID_: CID}, recipes=["bug", "fruit", "trash"],
                 **options)


def _cards(moves):
    return [m["card"] for m in moves]


def test_the_player_left_of_the_dealer_leads_the_first_trick():
    state = _game()
    assert RULES.to_act(state) == frozenset({BOB_})
    assert RULES.view(state, ANN_)["turn"] == "bob"
    with pytest.raises(NotYourTurn, match="it is bob's turn"):
        play(state, ANN_, "bug-1")


def test_the_first_card_of_a_trick_may_be_any_colour():
    state = _game()
    assert sorted(_cards(RULES.legal_moves(state, BOB_))) == sorted(set(BOB))
    state, _ = play(state, BOB_, "trash-3")
    assert state.trick == ((BOB_, "trash-3"),)


def test_the_colour_of_the_first_card_becomes_the_required_colour():
    state, [event] = play(_game(), BOB_, "vegetable-3")
    assert event.required_colour == "vegetable"
    assert RULES.view(state, CID_)["trick"]["required_colour"] == "vegetable"


def test_play_goes_clockwise_while_the_pot_is_not_full():
    state, _ = play(_game(), BOB_, "vegetable-3")
    assert RULES.to_act(state) == frozenset({CID_})
    state, _ = play(state, CID_, "bug-2")
    assert RULES.to_act(state) == frozenset({ANN_})


def test_must_follow_the_required_colour_when_able():
    # given bob led vegetable and cid (no vegetable) played a bug
    state, _ = play(_game(), BOB_, "vegetable-3")
    state, _ = play(state, CID_, "bug-2")
    # then ann, holding vegetables, must play one
    assert _cards(RULES.legal_moves(state, ANN_)) == ["vegetable-1", "vegetable-2"]
    with pytest.raises(IllegalMove, match="you must follow vegetable: you hold vegetable-1, vegetable-2"):
        play(state, ANN_, "bug-5")
    state, _ = play(state, ANN_, "vegetable-2")
    assert state.total == 7


def test_without_the_required_colour_any_card_may_be_played():
    state, _ = play(_game(), BOB_, "vegetable-3")
    assert sorted(_cards(RULES.legal_moves(state, CID_))) == sorted(set(CID))
    state, [event] = play(state, CID_, "fruit-5")
    assert event.total == 8
    assert event.required_colour == "vegetable"  # a card of another colour does not change it


def test_a_led_10_counts_as_0():
    state, [event] = play(_game(), BOB_, "vegetable-10")
    assert event.total == 0
    assert event.required_colour == "vegetable"
    assert RULES.view(state, None)["trick"]["total"] == 0


def test_a_10_that_is_not_led_counts_10():
    state, _ = play(_game(), BOB_, "bug-1")
    state, _ = play(state, CID_, "bug-2")
    state, events = play(state, ANN_, "bug-10")
    assert events[0].total == 13
    assert types(events) == ["CardPlayed", "TrickTaken"]


def test_after_a_trash_card_there_is_no_required_colour_for_the_rest_of_the_trick():
    # given bob led vegetable and cid threw in Trash
    state, _ = play(_game(), BOB_, "vegetable-4")
    state, [event] = play(state, CID_, "trash-1")
    assert event.required_colour is None
    # then ann, though holding vegetables, may play any card
    assert sorted(_cards(RULES.legal_moves(state, ANN_))) == sorted(set(ANN))
    state, _ = play(state, ANN_, "bug-5")
    # and a later card does not bring a colour back
    state, [event] = play(state, BOB_, "fruit-3")
    assert event.required_colour is None
    assert sorted(_cards(RULES.legal_moves(state, CID_))) == sorted(set(CID) - {"trash-1"})


def test_a_trash_card_reduces_the_total_to_0():
    state, _ = play(_game(), BOB_, "vegetable-5")
    assert state.total == 5
    state, [event] = play(state, CID_, "trash-2")  # cid holds no vegetable
    assert event.total == 0
    assert RULES.view(state, BOB_)["trick"]["total"] == 0
    state, [event] = play(state, ANN_, "bug-4")
    assert event.total == 4


def test_a_trick_led_with_trash_has_no_required_colour():
    state, [event] = play(_game(), BOB_, "trash-3")
    assert (event.total, event.required_colour) == (0, None)
    assert sorted(_cards(RULES.legal_moves(state, CID_))) == sorted(set(CID))


def test_option_trash_keeps_colour_leaves_the_required_colour_as_it_was():
    state, _ = play(_game(trash_keeps_colour=True), BOB_, "vegetable-4")
    state, [event] = play(state, CID_, "trash-1")
    assert (event.total, event.required_colour) == (0, "vegetable")
    with pytest.raises(IllegalMove, match="you must follow vegetable"):
        play(state, ANN_, "bug-5")


def test_option_trash_keeps_colour_makes_a_led_trash_require_trash():
    state, [event] = play(_game(trash_keeps_colour=True), BOB_, "trash-3")
    assert event.required_colour == "trash"
    assert _cards(RULES.legal_moves(state, CID_)) == ["trash-1", "trash-2"]


def test_the_running_total_is_announced_after_each_card_and_shown_to_everyone():
    state, _ = play(_game(), BOB_, "fruit-3")
    state, _ = play(state, CID_, "fruit-4")
    for seat in (ANN_, BOB_, CID_, None):
        trick = RULES.view(state, seat)["trick"]
        assert trick["total"] == 7
        assert trick["cards"] == [{"player": "bob", "card": "fruit-3"},
                                  {"player": "cid", "card": "fruit-4"}]
        assert trick["leader"] == "bob"


def test_the_pot_is_full_when_the_total_reaches_exactly_10():
    state, _ = play(_game(), BOB_, "fruit-3")
    state, _ = play(state, CID_, "fruit-5")
    state, events = play(state, ANN_, "fruit-2")
    assert types(events) == ["CardPlayed", "TrickTaken"]
    assert events[1].total == 10


def test_the_player_whose_card_fills_the_pot_takes_all_its_cards():
    state, _ = play(_game(), BOB_, "fruit-4")
    state, _ = play(state, CID_, "fruit-5")
    state, events = play(state, ANN_, "fruit-2")
    [taken] = of_type(events, "TrickTaken")
    assert (taken.seat, taken.cards, taken.total) == (ANN_, ("fruit-4", "fruit-5", "fruit-2"), 11)
    assert state.taken[ANN_] == ("fruit-4", "fruit-5", "fruit-2")
    view = RULES.view(state, BOB_)
    assert view["tricks_taken"] == {"ann": 1, "bob": 0, "cid": 0}
    assert view["cards_taken"] == {"ann": 3, "bob": 0, "cid": 0}
    assert view["trick"] == {"cards": [], "total": 0, "required_colour": None, "leader": "ann"}


def test_the_taker_begins_the_next_trick_with_any_card():
    state, _ = play(_game(), BOB_, "fruit-4")
    state, _ = play(state, CID_, "fruit-5")
    state, _ = play(state, ANN_, "fruit-2")
    assert RULES.to_act(state) == frozenset({ANN_})
    assert sorted(_cards(RULES.legal_moves(state, ANN_))) == sorted(set(ANN) - {"fruit-2"})
    state, [event] = play(state, ANN_, "bug-10")
    assert (event.total, event.required_colour) == (0, "bug")  # a led 10 again


def test_a_herb_card_adds_nothing_and_leads_as_its_colour():
    state, [event] = play(_game(), BOB_, "bug-herb")
    assert (event.total, event.required_colour) == (0, "bug")
    assert all(c.startswith("bug-") for c in _cards(RULES.legal_moves(state, CID_)))


def test_a_herb_card_follows_its_colour_and_adds_nothing():
    state, _ = play(_game(), BOB_, "bug-1")
    state, [event] = play(state, CID_, "bug-herb")
    assert event.total == 1


def test_you_can_only_play_a_card_you_hold():
    with pytest.raises(IllegalMove, match="you do not hold bug-10"):
        play(_game(), BOB_, "bug-10")


@pytest.mark.parametrize("move, message", [
    ({"type": "play", "card": "bug-11"}, "unknown card 'bug-11'"),
    ({"type": "play", "card": 3}, "unknown card 3"),
    ({"type": "play"}, "unknown card None"),
    ({"type": "play", "card": "bug-3", "extra": 1}, "unknown field.*'extra'"),
    ({"type": "dance"}, "unknown move type 'dance'"),
    ({}, "unknown move type None"),
    ("play bug-3", "a move must be an object"),
])
def test_a_move_the_game_cannot_read_is_malformed(move, message):
    with pytest.raises(MalformedMove, match=message):
        RULES.decide(_game(), BOB_, move)


def test_recipes_cannot_be_chosen_during_the_tricks():
    with pytest.raises(IllegalMove, match="already revealed: play a card"):
        act(_game(), BOB_, {"type": "choose_recipe", "recipe": "empty-pot"})
    with pytest.raises(NotYourTurn, match="it is bob's turn"):
        act(_game(), CID_, {"type": "choose_recipe", "recipe": "empty-pot"})


def _deal_to_its_end(players, seed_pick):
    state = dealt(started(players))
    state, _ = choose_all(state, ["bug"] * len(players))
    return finish_deal(state, pick=seed_pick)


def test_playing_your_last_card_is_announced():
    state, events = _deal_to_its_end(("ann", "bob", "cid"), 1)
    announced = of_type(events, "LastCardAnnounced")
    assert announced
    for a in announced:
        i = events.index(a)
        assert type(events[i - 1]).__name__ == "CardPlayed" and events[i - 1].seat == a.seat
        hand_left = 13 - sum(1 for e in events[:i] if type(e).__name__ == "CardPlayed" and e.seat == a.seat)
        assert hand_left == 0
    # every other play left a card in hand, so nothing else was announced
    assert len({a.seat for a in announced}) == len(announced)


def _find_deal_ending_with_cards_left():
    for pick in range(20):
        state, events = _deal_to_its_end(("ann", "bob", "cid"), pick)
        put = of_type(events, "TrickPutAside")[0]
        before = events[:events.index(put)]
        played = {s: sum(1 for e in before if type(e).__name__ == "CardPlayed" and e.seat == s)
                  for s in range(3)}
        if put.cards and any(played[s] < 13 for s in range(3)):
            return state, events, put, played
    raise AssertionError("no such deal among 20 plays")


def test_when_the_player_to_act_has_no_card_the_trick_is_put_aside_without_a_winner():
    state, events, put, played = _find_deal_ending_with_cards_left()
    # the stuck player had played all 13 cards
    assert played[put.seat] == 13
    # nobody takes the cards of the unfinished trick
    i = events.index(put)
    last_taken = max(j for j, e in enumerate(events[:i]) if type(e).__name__ == "TrickTaken")
    after = [e.card for e in events[last_taken:i] if type(e).__name__ == "CardPlayed"]
    assert list(put.cards) == after
    total_taken = sum(len(t) for t in state.taken)
    assert total_taken + len(put.cards) == sum(played.values())
    # and the deal ends at once: scores follow, with cards still in other hands ignored
    assert types(events[i:]) == ["TrickPutAside", "DealScored"]
    assert any(len(h) > 0 for h in state.hands)
    assert RULES.chance(state).k == 1
