"""Rules read closer to the rulebook (issue 31): an empty Army does not fight, a seat may pass
automatically when it can play nothing, and troops served face up are no longer private."""
from __future__ import annotations

from collections import Counter

import pytest

from ff_helpers import P2, P3, act, of_type, plate_all, resolve, servings, started, types
from services.food_fight.bots import HeuristicBot
from services.food_fight.rules import RULES
from shared.rules import IllegalMove, NotYourTurn

B = ["battle-of-oatmeal-ridge", "skirmish-at-sunny-side"]  # two Breakfast Battlefields, 4 VP
BL = ["battle-of-oatmeal-ridge", "lunchbox-last-stand"]


# ---- "In order to fight at a Meal ... you must have an Army of food." ----------------------

def test_an_empty_army_does_not_fight_so_two_empty_plates_take_no_battlefield():
    # "If no players choose to fight at a Meal that had Battlefield cards, put those
    # Battlefield cards on the bottom of the Battlefield deck."
    log: list = []
    state = started(P2, battlefields=B)
    state = plate_all(state, {0: ("breakfast", []), 1: ("breakfast", [])}, log=log)
    assert of_type(log, "MealStarted") == [] and of_type(log, "DogDrawn") == []
    returned = of_type(log, "BattlefieldsReturned")
    assert [(e.meal, sorted(e.cards)) for e in returned] == [("breakfast", sorted(B))]
    assert sorted(state.bf_deck[-2:]) == sorted(B) and state.vp == (0, 0)


def test_an_empty_plate_joining_a_lone_army_leaves_it_to_the_dog():
    # "When your Army is the only Army at a Meal, The Dog shows up to try to eat your troops."
    army = ["big-bad-bacon", "steak-sergeant", "sunny-side-egg"]
    state = started(P2, hands={0: army}, battlefields=B)
    log: list = []
    state = plate_all(state, {0: ("breakfast", army), 1: ("breakfast", [])}, log=log)
    started_ev = of_type(log, "MealStarted")[0]
    assert started_ev.fighters == (0,) and started_ev.lone and started_ev.dog
    assert [e.deck for e in of_type(log, "ShuffleRequested")] == ["army-ann"]
    assert state.priority == (0,)  # bob takes no part in the Instant round
    with pytest.raises(NotYourTurn) as refused:
        act(state, 1, {"type": "pass"})
    assert refused.value.key == "not-fighting"


def test_a_player_with_an_empty_plate_takes_no_chip_and_breaks_no_tie():
    hands = {0: ["big-bad-bacon"], 1: ["sunny-side-egg"]}
    state = started(P3, hands=hands, battlefields=B[:1] + BL[1:])
    log: list = []
    state = plate_all(state, {0: ("breakfast", hands[0]), 1: ("breakfast", hands[1]),
                              2: ("breakfast", [])}, log=log)
    assert of_type(log, "MealStarted")[0].fighters == (0, 1)
    state, scored = servings(state, log=log)
    assert all("cid" not in s.yumminess for s in scored)
    assert of_type(log, "MealWon")[0].winner == 0


# ---- no pointless forced turns ---------------------------------------------------------------

def _meal_with_nothing_to_play():
    """ann (Bacon, Egg) and bob (Fish Stick, Grunt) at Breakfast, neither holding an Instant."""
    hands = {0: ["big-bad-bacon", "sunny-side-egg"], 1: ["first-sergeant-fish-stick", "grilled-cheese-grunt"]}
    state = started(P2, hands=hands, battlefields=B)
    return state, hands


def test_a_seat_may_choose_to_pass_automatically_and_the_rules_pass_for_it_marked_auto():
    state, hands = _meal_with_nothing_to_play()
    state, events = act(state, 1, {"type": "auto_pass", "on": True})
    assert types(events) == ["AutoPassChosen"] and state.auto_pass == (False, True)
    assert RULES.view(state, None)["auto_pass"] == {"ann": False, "bob": True}
    log: list = []
    state = plate_all(state, {0: ("breakfast", hands[0]), 1: ("breakfast", hands[1])},
                      armies={0: hands[0], 1: hands[1]}, log=log)
    # Serving 1: bob's Fish Stick (3) is lowest and acts first: he can play nothing
    passed = of_type(log, "Passed")
    assert [(p.seat, p.auto) for p in passed] == [(1, True)]
    assert RULES.to_act(state) == frozenset({0})
    shown = RULES.event_view(passed[0], None)
    assert shown["auto"] is True  # the table sees that bob had nothing to play
    state, events = act(state, 0, {"type": "pass"})
    assert of_type(events, "ServingScored")  # everyone passed in a row: the Serving is scored


def test_the_round_ends_without_waiting_on_seats_that_opted_in_and_cannot_act():
    state, hands = _meal_with_nothing_to_play()
    state, _ = act(state, 0, {"type": "auto_pass", "on": True})
    state, _ = act(state, 1, {"type": "auto_pass", "on": True})
    log: list = []
    state = plate_all(state, {0: ("breakfast", hands[0]), 1: ("breakfast", hands[1])}, log=log)
    # nobody can play anything: both Servings' rounds and the Meal end with no move
    assert len(of_type(log, "ServingScored")) == 5 and all(p.auto for p in of_type(log, "Passed"))
    assert of_type(log, "MealWon")[0].winner == 0


def test_automatic_passing_waits_for_a_seat_that_can_play_something():
    hands = {0: ["big-bad-bacon"], 1: ["first-sergeant-fish-stick", "medic-mustard"]}
    state = started(P2, hands=hands, battlefields=BL)
    state, _ = act(state, 1, {"type": "auto_pass", "on": True})
    state = plate_all(state, {0: ("breakfast", ["big-bad-bacon"]), 1: ("breakfast", ["first-sergeant-fish-stick"])})
    # bob's Fish Stick is a Lunch troop: Medic Mustard can target it, so bob is asked
    assert RULES.to_act(state) == frozenset({1})
    assert {"type": "instant", "card": "medic-mustard", "target": "first-sergeant-fish-stick"} \
        in RULES.legal_moves(state, 1)


def test_automatic_passing_changes_once_between_two_moves_and_only_on_your_turn():
    state, hands = _meal_with_nothing_to_play()
    with pytest.raises(IllegalMove) as same:
        act(state, 0, {"type": "auto_pass", "on": False})
    assert same.value.key == "auto-pass-unchanged"
    state, _ = act(state, 0, {"type": "auto_pass", "on": True})
    assert {"type": "auto_pass", "on": False} not in RULES.legal_moves(state, 0)
    with pytest.raises(IllegalMove) as again:
        act(state, 0, {"type": "auto_pass", "on": False})
    assert again.value.key == "auto-pass-changed"  # switching back and forth cannot stall
    state, _ = act(state, 0, {"type": "plate", "meal": "breakfast", "troops": hands[0]})
    with pytest.raises(NotYourTurn) as waiting:
        act(state, 0, {"type": "auto_pass", "on": False})
    assert waiting.value.key == "auto-pass-not-your-turn"


def test_bots_pass_at_once_when_a_pass_is_all_they_can_play():
    bot = HeuristicBot(seed=1)
    assert bot.choose({}, [{"type": "pass"}, {"type": "auto_pass", "on": True}]) == {"type": "pass"}


# ---- private cards ---------------------------------------------------------------------------

def test_troops_served_face_up_are_no_longer_private():
    hands = {0: ["big-bad-bacon", "sunny-side-egg"], 1: ["meatloaf-marine"]}
    state = started(P2, hands=hands, battlefields=B)
    state = plate_all(state, {0: ("breakfast", hands[0]), 1: ("breakfast", hands[1])},
                      armies={0: ["big-bad-bacon", "sunny-side-egg"]})
    # Serving 1 showed the Bacon: the plate's only private troop left is the Egg
    plate_cards = Counter(RULES.private_cards(state, 0)) - Counter(state.hands[0])
    assert plate_cards == Counter({"sunny-side-egg": 1})
    state = resolve(state)
    assert sorted(RULES.view(state, 0)["my_army"]["face_down"]) == ["sunny-side-egg"]
