"""4. Add Scores, and End of the Game."""
from __future__ import annotations

import pytest

from foodie_helpers import (RULES, choose_all, dealt, finish_deal, of_type, play, ready, started,
                            table, types, with_state)
from services.foodie_forest.rules.decide import deal_gain
from shared.rules import GameResult, IllegalMove


def _last_card(players=("ann", "bob"), recipes=("bug", "bug"), taken=None, points=None, deal=1,
               **options):
    """Bob is about to play his last card; ann has none left, so the deal then ends."""
    n = len(players)
    state = ready(players, recipes=list(recipes), **options)
    hands = [()] * n
    hands[1] = ("vegetable-1",)
    return with_state(state, hands=tuple(hands), turn=1, deal=deal,
                      taken=tuple(tuple(t) for t in (taken or [()] * n)),
                      points=tuple(points or [5] * n))


def _score(state):
    state, events = play(state, 1, "vegetable-1")
    [scored] = of_type(events, "DealScored")
    return state, events, scored


def test_the_deal_is_scored_when_the_last_trick_is_put_aside():
    state, events, scored = _score(_last_card())
    assert types(events) == ["CardPlayed", "LastCardAnnounced", "TrickPutAside", "DealScored"]
    assert scored.deal == 1 and scored.recipes == ("bug", "bug")


def test_empty_pot_recipe_gains_5_then_loses_1_per_card_in_the_tricks_you_won():
    _, _, scored = _score(_last_card(recipes=("empty-pot", "empty-pot"),
                                     taken=[("bug-1", "trash-2", "fruit-herb"), ()]))
    assert scored.gains == (2, 5)
    assert scored.points == (7, 10)


def test_colour_recipe_gains_1_per_card_of_its_colour_and_loses_1_per_trash_card():
    taken = ("bug-1", "bug-10", "bug-herb", "fruit-2", "vegetable-3", "trash-3")
    _, _, scored = _score(_last_card(recipes=("bug", "fruit"), taken=[taken, taken]))
    assert scored.gains == (3 - 1, 1 - 1)


def test_trash_recipe_gains_1_per_trash_card_and_loses_1_per_herb_card():
    taken = ("trash-1", "trash-5", "trash-2", "bug-herb", "fruit-4", "vegetable-10")
    _, _, scored = _score(_last_card(recipes=("trash", "trash"), taken=[taken, ()]))
    assert scored.gains == (3 - 1, 0)


def test_option_scoring_rulebook_text_loses_1_per_card_for_colour_and_trash_recipes():
    tab = table(started(["ann", "bob"], scoring="rulebook-text"))
    assert deal_gain(tab, "fruit", ["fruit-1", "fruit-2", "bug-3"]) == 2 - 3
    assert deal_gain(tab, "trash", ["trash-1", "bug-3"]) == 0
    assert deal_gain(tab, "empty-pot", ["trash-1", "bug-3"]) == 3


def test_points_can_fall_to_0_but_never_below():
    taken = ("bug-1",) * 2 + ("fruit-2",) * 2 + ("trash-3",) * 2 + ("bug-4",) * 2 + ("bug-5",)
    state, _, scored = _score(_last_card(recipes=("empty-pot", "bug"), taken=[taken, ()],
                                         points=[2, 0]))
    assert scored.gains == (-4, 0)
    assert scored.points == (0, 0)
    assert RULES.view(state, None)["points"] == {"ann": 0, "bob": 0}


def test_the_player_left_of_the_dealer_becomes_the_new_dealer():
    state, _, scored = _score(_last_card(players=("ann", "bob", "cid"), recipes=("bug",) * 3))
    assert scored.next_dealer == 1
    assert RULES.view(state, None)["dealer"] == "bob"
    node = RULES.chance(state)
    assert node.k == 1
    state = dealt(state)
    assert state.dealer == 1
    state, _ = choose_all(state, ["fruit"] * 3)
    assert RULES.to_act(state) == frozenset({2})  # cid, left of bob, leads


def test_the_recipes_chosen_for_a_deal_are_put_back_in_the_box():
    state, _, _ = _score(_last_card(recipes=("fruit", "trash")))
    view = RULES.view(state, None)
    assert view["recipes_left"] == {"ann": ["empty-pot", "bug", "vegetable", "trash"],
                                    "bob": ["empty-pot", "bug", "vegetable", "fruit"]}


def test_after_the_fifth_deal_the_player_with_the_most_points_wins():
    state, events, _ = _score(_last_card(players=("ann", "bob", "cid"), recipes=("bug",) * 3,
                                         deal=5, points=[4, 9, 7]))
    assert types(events)[-2:] == ["DealScored", "GameEnded"]
    assert events[-1].winners == (1,)
    assert RULES.is_terminal(state)
    assert RULES.result(state) == GameResult(("ann", "bob", "cid"), (4, 9, 7), (3, 1, 2))
    view = RULES.view(state, 0)
    assert view["finished"] and view["winners"] == ["bob"]


def test_tied_leaders_share_the_victory_and_places_are_shared():
    state, events, _ = _score(_last_card(players=("ann", "bob", "cid", "dan"), recipes=("bug",) * 4,
                                         deal=5, points=[6, 6, 2, 6]))
    assert events[-1].winners == (0, 1, 3)
    assert RULES.result(state).placings == (1, 1, 4, 1)
    state, events, _ = _score(_last_card(players=("ann", "bob", "cid"), recipes=("bug",) * 3,
                                         deal=5, points=[6, 6, 2]))
    assert RULES.result(state).placings == (1, 1, 3)


def test_a_whole_game_is_five_deals_and_then_nothing_more_can_happen():
    state = started(["ann", "bob", "cid", "dan"])
    plans = ["empty-pot", "bug", "vegetable", "fruit", "trash"]
    all_events = []
    for deal in range(5):
        assert RULES.result(state) is None
        state = dealt(state)
        state, evs = choose_all(state, [plans[(deal + s) % 5] for s in range(4)])
        all_events += evs
        state, evs = finish_deal(state, pick=deal)
        all_events += evs
    assert len(of_type(all_events, "DealScored")) == 5
    assert types(all_events)[-1] == "GameEnded"
    assert RULES.is_terminal(state)
    assert RULES.chance(state) is None
    assert RULES.to_act(state) == frozenset()
    with pytest.raises(IllegalMove, match="the game is over"):
        RULES.decide(state, 0, {"type": "play", "card": "bug-1"})
    assert RULES.result(state).points == state.points


def test_when_the_last_trick_is_taken_the_deal_ends():
    # given bob's last card fills the pot, so he takes it and then has no card to lead with
    state = _last_card(recipes=("bug", "vegetable"))
    state = with_state(state, trick=((0, "bug-5"), (1, "vegetable-4")), total=9,
                       hands=(("bug-2",), ("vegetable-1",)))
    # when he plays it
    state, events = play(state, 1, "vegetable-1")
    # then he takes the trick, the empty next trick is put aside and the deal is scored
    assert types(events) == ["CardPlayed", "LastCardAnnounced", "TrickTaken", "TrickPutAside",
                             "DealScored"]
    assert events[2].cards == ("bug-5", "vegetable-4", "vegetable-1")
    assert events[3].cards == () and events[3].seat == 1
    assert events[4].gains == (0, 2)
