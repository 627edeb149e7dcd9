"""Winning a Meal, The Dog, the end of a Day and of the game."""
from __future__ import annotations

from dataclasses import replace

import pytest

from ff_helpers import (P2, empty_day, finish_day, P3, P4, act, apply, of_type, pass_round, plate, plate_all,
                        resolve, servings, started, types, yum)
from services.food_fight.rules import RULES
from services.food_fight.rules.battle import placings_of
from services.food_fight.rules.cards import catalogue
from shared.rules import IllegalMove

B = ["battle-of-oatmeal-ridge", "skirmish-at-sunny-side"]  # 3 + 1 VP
BL = ["battle-of-oatmeal-ridge", "lunchbox-last-stand"]
DOG_ORDER = ["sleepy-dog", "puppy", "hungry-dog", "begging-dog", "sniffing-dog"]  # 1 3 4 5 6


def test_meals_are_fought_in_order_breakfast_lunch_dinner():
    log: list = []
    bfs = ["meatloaf-meadows", "sandwich-standoff", "skirmish-at-sunny-side"]
    state = started(P4, battlefields=bfs)
    one = {s: state.hands[s][:1] for s in range(4)}  # a troop each ("you must have an Army")
    state = plate_all(state, {0: ("dinner", one[0]), 1: ("dinner", one[1]), 2: ("lunch", one[2]),
                              3: ("breakfast", one[3])}, log=log)
    state = finish_day(state, log)
    assert [e.meal for e in of_type(log, "MealStarted")] == ["breakfast", "lunch", "dinner"]


def test_meals_without_a_battlefield_this_day_are_not_fought_and_unfought_ones_go_to_the_bottom():
    # "If no players choose to fight at a Meal that had Battlefield cards, put those Battlefield
    # cards on the bottom of the Battlefield deck."
    log: list = []
    state = started(P2, battlefields=BL)
    state = plate_all(state, {0: ("breakfast", state.hands[0][:1]), 1: ("breakfast", state.hands[1][:1])},
                      log=log)
    state, _ = servings(state, log=log)
    state = resolve(state, log=log)
    returned = of_type(log, "BattlefieldsReturned")
    assert [(e.meal, e.cards) for e in returned] == [("lunch", ("lunchbox-last-stand",))]
    assert state.bf_deck[-1] == "lunchbox-last-stand"
    assert [e.meal for e in of_type(log, "MealStarted")] == ["breakfast"]


def test_the_player_with_most_chips_takes_the_meals_battlefields():
    hands = {0: ["big-bad-bacon"] * 2 + ["sunny-side-egg"] * 3, 1: ["first-sergeant-fish-stick"] * 5}
    state = started(P2, hands=hands, battlefields=B)
    state = plate_all(state, {0: ("breakfast", hands[0]), 1: ("breakfast", hands[1])})
    log: list = []
    state, _ = servings(state, log=log)
    won = of_type(log, "MealWon")[0]
    assert won.winner == 0 and won.chips == {"ann": 5, "bob": 0}
    assert state.vp == (4, 0) and sorted(state.won[0]) == sorted(B)


def _tied_meal(dog_top):
    """ann and bob win two Servings each; the fifth is a non-native tie (nobody)."""
    a = ["big-bad-bacon", "big-bad-bacon", "first-sergeant-fish-stick", "first-sergeant-fish-stick", "grilled-cheese-grunt"]
    b = ["first-sergeant-fish-stick", "first-sergeant-fish-stick", "steak-sergeant", "steak-sergeant", "meatloaf-marine"]
    state = started(P2, hands={0: a, 1: b}, battlefields=B)
    log: list = []
    state = plate_all(state, {0: ("breakfast", a), 1: ("breakfast", b)}, armies={0: a, 1: b}, log=log)
    state, scored = servings(state, log=log, orders={"dog": [dog_top]})
    return state, scored, log


def test_tied_leaders_draw_from_a_freshly_shuffled_dog_deck_and_the_high_card_wins():
    state, scored, log = _tied_meal(["puppy", "big-dog"])  # ann draws 3, bob 12
    assert [s.chips for s in scored] == [("ann",), ("ann",), ("bob",), ("bob",), ()]
    assert types(log).index("MealTied") < types(log).index("DogDrawn")
    shuffle = [e for e in of_type(log, "DeckShuffled") if e.deck == "dog"]
    assert shuffle and shuffle[0].k == 1  # the set-up shuffle was k = 0
    drawn = of_type(log, "DogDrawn")[0]
    assert drawn.cards == ("puppy", "big-dog") and drawn.winner == 1
    assert of_type(log, "MealWon")[0].winner == 1 and state.vp == (0, 4)
    # "Reshuffle The Dog deck after each Meal in which he is used."
    assert [e.k for e in of_type(log, "DeckShuffled") if e.deck == "dog"] == [1, 2]


def test_dog_cards_all_differ_so_the_tie_break_draw_cannot_tie():
    values = [catalogue().cards[c].yumminess for c in catalogue().dog]
    assert len(set(values)) == len(values) == 8


def test_a_lone_army_fights_the_dog_and_needs_three_servings_of_five():
    # "If you don't beat The Dog three out of five times, you don't get the Battlefield cards
    # for the Meal. If The Dog wins, put those Battlefield cards on the bottom"
    army = ["big-bad-bacon", "steak-sergeant", "sunny-side-egg", "first-sergeant-fish-stick", "first-sergeant-fish-stick"]
    for dog, wins in ((["sleepy-dog", "puppy", "hungry-dog", "big-dog", "hound-dog"], True),
                      (["sleepy-dog", "puppy", "drooling-dog", "big-dog", "hound-dog"], False)):
        state = started(P2, hands={0: army}, battlefields=BL, dog=dog)
        log: list = []
        state = plate_all(state, {0: ("breakfast", army), 1: ("lunch", [])}, armies={0: army}, log=log)
        started_ev = of_type(log, "MealStarted")[0]
        assert started_ev.lone and started_ev.dog
        state, scored = servings(state, log=log)
        # bacon 9 > 1, steak 6 > 3, egg 5 > 4 (or < 7), fish 3 < 12, fish 3 < 8
        assert [s.yumminess["the-dog"] for s in scored] == [catalogue().cards[d].yumminess for d in dog]
        won = [e for e in of_type(log, "MealWon") if e.meal == "breakfast"][0]
        if wins:
            assert won.winner == 0 and "battle-of-oatmeal-ridge" in state.won[0]
        else:
            assert won.winner is None and [s.chips for s in scored].count(("the-dog",)) == 3
            assert "battle-of-oatmeal-ridge" in state.bf_deck[-2:]


def test_the_dog_loses_all_ties_against_a_lone_army():
    army = ["sunny-side-egg"]
    state = started(P2, hands={0: army}, battlefields=BL, dog=["begging-dog"])  # 5
    state = plate_all(state, {0: ("lunch", army), 1: ("breakfast", [])}, armies={0: army})
    # breakfast: bob alone with nothing; then lunch: ann's Egg (not native) vs The Dog's 5
    while state.meal != "lunch":
        state, _ = pass_round(state)
        state = resolve(state, {"dog": [["begging-dog"]] * 3})
    assert yum(state, 0) == 5 and state.dog_cards[-1] == (1, "begging-dog")
    state, scored = pass_round(state)
    assert scored.chips == ("ann",)


def test_instants_cannot_target_the_dogs_cards():
    army = ["first-sergeant-fish-stick"]
    state = started(P2, hands={0: army + ["medic-mustard"]}, battlefields=BL)
    state = plate_all(state, {0: ("lunch", army), 1: ("breakfast", [])})
    while state.meal != "lunch":
        state, _ = pass_round(state)
        state = resolve(state)
    dog_card = state.dog_cards[-1][1]
    with pytest.raises(IllegalMove):
        act(state, 0, {"type": "instant", "card": "medic-mustard", "target": dog_card})


def test_a_summoned_dog_is_another_participant_and_with_most_chips_keeps_the_battlefields_from_everyone():
    # "The Dog then acts like another participant in the Meal and will play a card off the top
    # of his deck during each serving"
    a = ["big-bad-bacon", "big-bad-bacon", "first-sergeant-fish-stick", "first-sergeant-fish-stick", "first-sergeant-fish-stick"]
    b = ["sunny-side-egg", "tomato-soup-trooper", "tomato-soup-trooper", "grilled-cheese-grunt", "grilled-cheese-grunt"]
    dog = ["sleepy-dog", "puppy", "big-dog", "hound-dog", "drooling-dog"]  # 1 3 12 8 7
    state = started(P2, hands={0: a + ["hot-dog-handler"], 1: b}, battlefields=B, dog=dog)
    log: list = []
    state = plate_all(state, {0: ("breakfast", a, ["hot-dog-handler"]), 1: ("breakfast", b)},
                      armies={0: a, 1: b}, log=log)
    meal = of_type(log, "MealStarted")[0]
    assert meal.dog and not meal.lone and meal.fighters == (0, 1)
    state, scored = servings(state, log=log)
    assert [s.chips for s in scored] == [("ann",), ("ann",), ("the-dog",), ("the-dog",), ("the-dog",)]
    won = of_type(log, "MealWon")[0]
    assert won.winner is None and "The Dog has the most chips" in won.reason
    assert state.bf_deck[-2:] == tuple(B)


def test_the_dog_tied_with_a_player_for_most_chips_loses_the_tie():
    # "If The Dog and a player are tied for the most scoring chips at the end of a Meal, The
    # Dog loses the tie." This can "result in a player winning a Meal with fewer than three
    # scoring chips."
    a = ["big-bad-bacon", "big-bad-bacon", "first-sergeant-fish-stick", "first-sergeant-fish-stick", "first-sergeant-fish-stick"]
    b = ["sunny-side-egg", "tomato-soup-trooper", "tomato-soup-trooper", "tomato-soup-trooper", "club-sandwich-colonel"]
    dog = ["sleepy-dog", "puppy", "big-dog", "hound-dog", "hungry-dog"]  # 1 3 12 8 4
    state = started(P2, hands={0: a + ["hot-dog-handler"], 1: b}, battlefields=B, dog=dog)
    log: list = []
    state = plate_all(state, {0: ("breakfast", a, ["hot-dog-handler"]), 1: ("breakfast", b)},
                      armies={0: a, 1: b}, log=log)
    state, scored = servings(state, log=log)
    assert [s.chips for s in scored] == [("ann",), ("ann",), ("the-dog",), ("the-dog",), ("bob",)]
    won = of_type(log, "MealWon")[0]
    assert won.chips == {"ann": 2, "bob": 1, "the-dog": 2}
    assert won.winner == 0 and "The Dog loses the tie" in won.reason


def test_the_game_ends_the_moment_a_player_has_10_vp_even_mid_meal():
    # "Some cards tell you to draw the top card of the Battlefield deck ... If that card puts
    # you to 10 or more VPs, you win!" "This can even happen mid-Meal."
    army = ["sunny-side-egg"]
    state = started(P2, hands={0: army + ["spoils-of-war"], 1: ["big-bad-bacon"]}, battlefields=B)
    state = plate_all(state, {0: ("breakfast", army), 1: ("breakfast", ["big-bad-bacon"])})
    state = replace(state, vp=(8, 0), bf_deck=("lunchbox-last-stand",) + state.bf_deck[1:])
    state, events = act(state, 0, {"type": "instant", "card": "spoils-of-war"})
    assert types(events) == ["InstantPlayed", "BattlefieldDrawn", "GameEnded"]
    assert RULES.is_terminal(state) and state.vp == (11, 0)
    assert RULES.result(state).placings == (1, 2)
    assert RULES.to_act(state) == frozenset() and RULES.chance(state) is None


def test_a_table_played_to_fewer_vp_ends_at_its_target_and_its_end_and_view_name_it():
    # "Earn 10 Victory Points": a table set to 3 (vp_to_win) ends at 3, and its end's line and
    # every seat's view say so, or the end (and "0 VP") reads as a rule error
    from services.food_fight import messages
    from services.food_fight.texts import TEXTS

    army = ["sunny-side-egg"]
    state = started(P2, hands={0: army + ["spoils-of-war"], 1: ["big-bad-bacon"]}, battlefields=B, vp_to_win=3)
    assert RULES.view(state, 1)["vp_to_win"] == 3 and RULES.view(state, None)["vp_to_win"] == 3
    state = plate_all(state, {0: ("breakfast", army), 1: ("breakfast", ["big-bad-bacon"])})
    state = replace(state, vp=(1, 0), bf_deck=("lunchbox-last-stand",) + state.bf_deck[1:])
    state, events = act(state, 0, {"type": "instant", "card": "spoils-of-war"})
    ended = of_type(events, "GameEnded")[0]
    assert ended.vp_to_win == 3 and RULES.is_terminal(state)
    message = messages.event_message({"type": "GameEnded", "data": RULES.event_view(ended, 1)}, P2, 1)
    assert TEXTS.render(message, "en") == "The game is over: ann wins with 4 Victory Points (3 to win)."
    assert TEXTS.render(message, "de") == "Das Spiel ist vorbei: ann gewinnt mit 4 Siegpunkten (3 zum Sieg)."
    # and a table of the rulebook's: its view says 10
    assert RULES.view(started(P2), 0)["vp_to_win"] == 10


def test_a_drawn_battlefield_added_to_the_meal_goes_to_the_meals_winner():
    army = ["big-bad-bacon"] * 2 + ["steak-sergeant"] * 3
    state = started(P2, hands={0: army + ["reinforcement-raid"], 1: ["sunny-side-egg"]}, battlefields=B)
    state = plate_all(state, {0: ("breakfast", army), 1: ("breakfast", ["sunny-side-egg"])})
    top = state.bf_deck[0]
    while state.actor != 0:
        state, _ = act(state, state.actor, {"type": "pass"})
    state, events = act(state, 0, {"type": "instant", "card": "reinforcement-raid"})
    assert state.stake[-1] == top and state.vp == (0, 0)
    log: list = []
    state, _ = servings(state, log=log)
    assert of_type(log, "MealWon")[0].battlefields[-1] == top and top in state.won[0]


def test_breakfast_before_lunch_decides_a_double_finish():
    # FAQ: "if a Lunch player ... collects his 10th point, he wins the game, even if a Dinner
    # player also collected enough to win, as Lunch happens before Dinner."
    a = ["big-bad-bacon"] * 2 + ["steak-sergeant"] * 3
    b = ["club-sandwich-colonel"] * 2 + ["pizza-paratrooper"] * 3
    state = started(P4, hands={0: a, 1: ["sunny-side-egg"], 2: b, 3: ["first-sergeant-fish-stick"]},
                    battlefields=["skirmish-at-sunny-side", "sandwich-standoff", "meatloaf-meadows"])
    state = replace(state, vp=(9, 0, 9, 0))
    log: list = []
    state = plate_all(state, {0: ("breakfast", a), 1: ("breakfast", ["sunny-side-egg"]),
                              2: ("lunch", b), 3: ("lunch", ["first-sergeant-fish-stick"])}, log=log)
    while not RULES.is_terminal(state):
        if RULES.chance(state):
            state = resolve(state, log=log)
        else:
            state, _ = act(state, state.actor, {"type": "pass"}, log)
    assert [e.meal for e in of_type(log, "MealStarted")] == ["breakfast"]
    assert state.vp == (10, 0, 9, 0) and RULES.result(state).placings == (1, 3, 2, 3)


def test_placings_by_vp_ties_share_a_place():
    assert placings_of((5, 7, 5, 2)) == (2, 1, 2, 4)


def test_end_of_day_discards_hands_and_everything_played():
    hands = {0: ["big-bad-bacon", "medic-mustard"], 1: ["sunny-side-egg"]}
    state = started(P2, hands=hands, battlefields=B)
    log: list = []
    state = plate_all(state, {0: ("breakfast", ["big-bad-bacon"]), 1: ("breakfast", [])}, log=log)
    state, _ = servings(state, log=log)
    state = resolve(state, log=log)
    assert "DayEnded" in types(log)
    assert state.phase == "draft" or state.phase == "plating"
    assert state.day == 2
    # everything of Day 1 is in the discard pile: 18 cards dealt
    assert len(state.discard) == 18 and "medic-mustard" in state.discard


def test_the_main_deck_is_reshuffled_from_its_discards_only_when_it_runs_out():
    # "Don't reshuffle the Main deck until it runs out of cards."
    players = ("a", "b", "c", "d", "e", "f")
    state = started(players, vp_to_win=54)
    assert len(state.main) == 155 - 54
    state = empty_day(state)
    assert len(state.main) == 155 - 2 * 54 and RULES.chance(state) is None
    state = empty_day(state, stop_on_main=True)  # Day 3 needs 54 cards, 47 are left
    node = RULES.chance(state)
    assert node.deck == "main" and node.k == 1
    # the discards are shuffled as their positions (see the next test): 108 of them
    assert len(state.main) == 47 and len(node.cards) == len(state.discard) == 108
    kept, discards = state.main, sorted(state.discard)
    state = apply(state, RULES.resolve_chance(state, list(node.cards)))
    # the 47 left are dealt first, then the reshuffled discards
    dealt = [c for h in state.hands for c in h]  # Boot Camp: the dealt cards are the hands
    assert dealt[:47] == list(kept)
    assert dealt[47:] == discards[:54 - 47]  # positions in canonical order: the sorted discards


def test_a_main_reshuffle_names_positions_never_the_discards():
    # The discard pile holds the hands left at the end of each Day, never shown: a hash of its
    # card list (logged by the deck service, readable during the game) would tell which cards
    # those hands held and which are still in the Main deck. So it is shuffled as positions.
    state = started(("a", "b", "c", "d", "e", "f"), vp_to_win=54)
    state = empty_day(state)
    state = empty_day(state, stop_on_main=True)
    node = RULES.chance(state)
    assert node.deck == "main" and node.k == 1
    assert not set(node.cards) & set(catalogue().cards)
    assert node.cards == tuple(f"discard-slot-{i:03d}" for i in range(1, 109))
    discards, kept = sorted(state.discard), state.main
    order = list(reversed(node.cards))
    events = RULES.resolve_chance(state, order)
    shuffled = of_type(events, "DeckShuffled")[0]
    assert shuffled.positions == tuple(order)
    assert shuffled.order == tuple(reversed(discards))  # discard-slot-i: the i-th sorted discard
    for seat in (None, *range(6)):
        shown = RULES.event_view(shuffled, seat)
        assert "order" not in shown and "positions" not in shown
    state = apply(state, events)
    dealt = [c for h in state.hands for c in h]  # Boot Camp: the dealt cards are the hands
    assert dealt == list(kept) + list(reversed(discards))[:54 - 47]
    assert state.main == tuple(reversed(discards))[54 - 47:]


def test_the_game_ends_when_no_battlefield_can_be_revealed():
    state = started(P2)
    state = replace(state, bf_deck=())
    for seat in range(2):
        state = plate(state, seat, RULES.view(state, 0)["day_meals"][0], state.hands[seat][:1])
    log: list = []
    state = resolve(state, log=log)
    while not RULES.is_terminal(state):
        if RULES.chance(state):
            state = resolve(state, log=log)
        else:
            state, _ = act(state, state.actor, {"type": "pass"}, log)
    assert "empty" in state.end_reason


def test_the_dog_deck_is_reshuffled_after_a_meal_with_a_lone_army():
    army = ["big-bad-bacon"]
    state = started(P2, hands={0: army}, battlefields=BL)
    log: list = []
    state = plate_all(state, {0: ("breakfast", army), 1: ("lunch", state.hands[1][:1])}, log=log)
    state = finish_day(state, log)
    dog_shuffles = [e.k for e in of_type(log, "DeckShuffled") if e.deck == "dog"]
    assert dog_shuffles == [1, 2]  # after Breakfast (ann alone) and after Lunch (bob alone)
    assert [e.lone for e in of_type(log, "MealStarted")] == [True, True]


def test_only_the_players_fighting_at_a_meal_act_in_its_instant_round():
    hands = {0: ["big-bad-bacon"], 1: ["sunny-side-egg"], 2: ["grilled-cheese-grunt", "medic-mustard"]}
    state = started(P3, hands=hands, battlefields=BL)
    state = plate_all(state, {0: ("breakfast", ["big-bad-bacon"]), 1: ("breakfast", ["sunny-side-egg"]),
                              2: ("lunch", ["grilled-cheese-grunt"])})
    assert state.meal == "breakfast" and state.priority == (1, 0)
    with pytest.raises(Exception, match="only the players fighting at breakfast"):
        act(state, 2, {"type": "pass"})
    assert RULES.legal_moves(state, 2) == []
