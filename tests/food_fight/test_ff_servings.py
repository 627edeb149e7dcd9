"""Servings: revealing, the Instant round, bonuses, ties and chips."""
from __future__ import annotations

import pytest

from ff_helpers import P2, P3, act, apply, of_type, pass_round, plate, plate_all, servings, started, yum
from services.food_fight.rules import RULES
from services.food_fight.rules.cards import catalogue
from shared.rules import IllegalMove, NotYourTurn

B = ["battle-of-oatmeal-ridge", "skirmish-at-sunny-side"]  # two Breakfast Battlefields
L = ["lunchbox-last-stand", "sandwich-standoff"]
D = ["battle-of-the-big-roast", "meatloaf-meadows"]


def meal_of(players, hands, armies, meal, bfs, plates=None, **kw):
    state = started(players, hands=hands, battlefields=bfs, **kw)
    plates = plates or {s: (meal, a) for s, a in armies.items()}
    return plate_all(state, plates, armies=armies)


def test_each_army_at_a_meal_is_shuffled_by_the_deck_service_as_army_player():
    log: list = []
    state = started(P2, hands={0: ["big-bad-bacon", "sunny-side-egg"], 1: ["meatloaf-marine"]},
                    battlefields=B)
    state = plate_all(state, {0: ("breakfast", ["big-bad-bacon", "sunny-side-egg"]),
                              1: ("breakfast", ["meatloaf-marine"])}, log=log)
    shuffled = [(e.deck, e.k) for e in of_type(log, "DeckShuffled")]
    assert shuffled == [("army-ann", 0), ("army-bob", 0)]
    assert RULES.event_view(of_type(log, "DeckShuffled")[0], 0).get("order") is None


def test_an_armys_shuffle_names_positions_never_its_troops():
    # The deck service logs a hash of every card list it shuffles, readable by anyone during the
    # game: five troops of a few dozen kinds are quickly found from it. So an Army's chance node
    # lists positions, and its troops are put in the shuffled order of their positions.
    cards = catalogue().cards
    ann, bob = ["big-bad-bacon", "sunny-side-egg", "private-pancake"], ["meatloaf-marine"]
    state = started(P3, hands={0: ann, 1: bob, 2: ["club-sandwich-colonel"]},
                    battlefields=[B[0], L[0]])  # two per Day with three players
    state = plate(state, 0, "breakfast", ann)
    state = plate(state, 1, "breakfast", bob)
    state = plate(state, 2, "lunch", ["club-sandwich-colonel"])
    nodes, log = [], []
    while not RULES.is_terminal(state) and len(nodes) < 3:
        if (node := RULES.chance(state)) is None:
            state, _ = act(state, state.actor, {"type": "pass"}, log)
            continue
        assert node.deck.startswith("army-")
        nodes.append(node)
        assert not set(node.cards) & set(cards), f"{node.deck}'s chance node names cards"
        order = list(reversed(node.cards))
        events = RULES.resolve_chance(state, order)
        log += events
        shuffled = of_type(events, "DeckShuffled")[0]
        troops = state.plates[state.players.index(node.deck[len("army-"):])].troops
        assert shuffled.positions == tuple(order)
        assert shuffled.order == tuple(reversed(troops))  # army-slot-i: the plate's i-th troop
        for seat in (None, 0, 1, 2):  # nobody, the owner included, sees an army's order
            shown = RULES.event_view(shuffled, seat)
            assert "order" not in shown and "positions" not in shown
            assert shown["cards"] == len(troops)
        state = apply(state, events)
        assert state.armies[state.players.index(node.deck[len("army-"):])] == shuffled.order
    assert [(n.deck, n.cards) for n in nodes] == [
        ("army-ann", ("army-slot-1", "army-slot-2", "army-slot-3")),
        ("army-bob", ("army-slot-1",)),
        ("army-cid", ("army-slot-1",))]  # Lunch, after Breakfast's five Servings
    requested = [e for e in log if type(e).__name__ == "ShuffleRequested"]
    assert requested and all(not set(e.cards) & set(cards) for e in requested)
    first = of_type(log, "ServingRevealed")[0]  # Breakfast's first Serving
    assert first.troops[0] == ("private-pancake",)  # ann's last plated troop came out first


def test_the_order_given_when_plating_is_not_the_army_order():
    army = ["big-bad-bacon", "sunny-side-egg"]
    state = meal_of(P2, {0: army, 1: ["meatloaf-marine"]}, {0: ["sunny-side-egg", "big-bad-bacon"],
                                                           1: ["meatloaf-marine"]}, "breakfast", B,
                    plates={0: ("breakfast", army), 1: ("breakfast", ["meatloaf-marine"])})
    assert state.reveals[0].card == "sunny-side-egg"


def test_a_meal_has_five_servings_and_you_compare_only_your_current_troop():
    a = ["sunny-side-egg"] * 5
    b = ["big-bad-bacon", "first-sergeant-fish-stick", "first-sergeant-fish-stick",
         "first-sergeant-fish-stick", "first-sergeant-fish-stick"]
    state = meal_of(P2, {0: a, 1: b}, {0: a, 1: b}, "breakfast", B)
    state, scored = servings(state)
    assert [s.serving for s in scored] == [1, 2, 3, 4, 5]
    assert [s.chips for s in scored] == [("bob",)] + [("ann",)] * 4
    assert state.phase != "fight"


def test_the_lowest_yumminess_acts_first_then_clockwise():
    hands = {0: ["big-bad-bacon"], 1: ["sunny-side-egg"], 2: ["first-sergeant-fish-stick"]}
    state = meal_of(P3, hands, hands, "breakfast", B)
    # values: ann 9, bob 5, cid 3 -> cid first, then clockwise: ann, bob
    assert state.priority == (2, 0, 1)
    assert RULES.to_act(state) == frozenset({2})
    with pytest.raises(NotYourTurn, match="cid's turn"):
        act(state, 0, {"type": "pass"})
    assert RULES.view(state, 1)["meal"]["priority"] == ["cid", "ann", "bob"]


def test_any_instant_reopens_the_round_for_everyone_and_a_player_may_play_several():
    hands = {0: ["first-sergeant-fish-stick", "medic-mustard", "medic-mustard"],
             1: ["grilled-cheese-grunt", "medic-mustard"]}
    armies = {0: ["first-sergeant-fish-stick"], 1: ["grilled-cheese-grunt"]}
    state = meal_of(P2, hands, armies, "lunch", L)
    assert state.actor == 0  # 3 < 5
    state, _ = act(state, 0, {"type": "instant", "card": "medic-mustard", "target": "first-sergeant-fish-stick"})
    assert state.actor == 0  # still ann: "A player can always play as many Instants as he wishes"
    state, _ = act(state, 0, {"type": "pass"})
    state, _ = act(state, 1, {"type": "instant", "card": "medic-mustard", "target": "grilled-cheese-grunt"})
    state, _ = act(state, 1, {"type": "pass"})
    assert state.round_open and state.actor == 0  # bob's play reopened the round
    state, _ = act(state, 0, {"type": "instant", "card": "medic-mustard", "target": "first-sergeant-fish-stick"})
    state, _ = act(state, 0, {"type": "pass"})
    state, events = act(state, 1, {"type": "pass"})
    scored = of_type(events, "ServingScored")[0]
    assert scored.yumminess == {"ann": 9, "bob": 8} and scored.chips == ("ann",)


def test_instants_target_only_your_current_troop_of_the_right_kind():
    # "You can't target other players' troops"; "Medic Mustard ... you must have a Lunch card
    # as your current Serving"; "if Corporal Cinnamon Roll is fighting at Lunch ... that does
    # not make him a Lunch troop."
    hands = {0: ["corporal-cinnamon-roll", "first-sergeant-fish-stick", "medic-mustard"],
             1: ["grilled-cheese-grunt"]}
    armies = {0: ["corporal-cinnamon-roll", "first-sergeant-fish-stick"], 1: ["grilled-cheese-grunt"]}
    state = meal_of(P2, hands, armies, "lunch", L)
    assert state.actor == 0
    with pytest.raises(IllegalMove, match="not one of your current troops"):
        act(state, 0, {"type": "instant", "card": "medic-mustard", "target": "grilled-cheese-grunt"})
    with pytest.raises(IllegalMove, match="targets a Lunch troop"):
        act(state, 0, {"type": "instant", "card": "medic-mustard", "target": "corporal-cinnamon-roll"})
    with pytest.raises(IllegalMove, match="not one of your current troops"):
        act(state, 0, {"type": "instant", "card": "medic-mustard", "target": "first-sergeant-fish-stick"})
    with pytest.raises(IllegalMove, match="needs a target"):
        act(state, 0, {"type": "instant", "card": "medic-mustard"})
    assert [m for m in RULES.legal_moves(state, 0) if m["type"] == "instant"] == []


def test_an_instant_bonus_applies_to_the_current_troop_only():
    # "The bonus only applies to your current troop, not any past or future Lunch troops."
    army = ["first-sergeant-fish-stick", "first-sergeant-fish-stick"]
    hands = {0: army + ["medic-mustard"], 1: ["sunny-side-egg"] * 2}
    state = meal_of(P2, hands, {0: army, 1: ["sunny-side-egg"] * 2}, "lunch", L)
    state, _ = act(state, 0, {"type": "instant", "card": "medic-mustard", "target": "first-sergeant-fish-stick"})
    assert yum(state, 0) == 6
    state, _ = pass_round(state)
    assert yum(state, 0) == 3


def test_doubling_applies_after_every_other_bonus_including_instants():
    # "some cards allow you to double your next troop's Yumminess. If you then play a Medic
    # Mustard on that troop, the +3 from that card is also doubled."
    army = ["tech-sergeant-toast", "private-pancake"]
    hands = {0: army + ["major-maple-syrup"], 1: ["big-bad-bacon"] * 2}
    state = meal_of(P2, hands, {0: army, 1: ["big-bad-bacon"] * 2}, "breakfast", B)
    state, _ = pass_round(state)
    assert yum(state, 0) == 8
    state, _ = act(state, 0, {"type": "instant", "card": "major-maple-syrup", "target": "private-pancake"})
    assert yum(state, 0) == (4 + 3) * 2
    bonuses = RULES.view(state, 0)["meal"]["troops"]["ann"][1]["bonuses"]
    assert {"from": "tech-sergeant-toast", "bonus": "x2", "effect": "times", "amount": 2} in bonuses
    assert {"from": "major-maple-syrup", "bonus": "+3", "effect": "add", "amount": 3} in bonuses


def test_a_troop_that_is_a_new_value_at_its_meal_shows_that_value_as_its_bonus():
    # "Corporal Cinnamon Roll, is a lowly 1 Yumminess, but when it fights at a Breakfast Meal ...
    # it becomes a 9 Yumminess instead!": the view says so as data, for a client's own words
    army = ["corporal-cinnamon-roll"]
    state = meal_of(P2, {0: army, 1: ["big-bad-bacon"]}, {0: army, 1: ["big-bad-bacon"]}, "breakfast", B)
    assert yum(state, 0) == 9
    bonuses = RULES.view(state, 1)["meal"]["troops"]["ann"][0]["bonuses"]
    assert bonuses == [{"from": "corporal-cinnamon-roll", "bonus": "is 9", "effect": "set", "amount": 9}]


def test_toast_doubles_only_a_breakfast_next_troop():
    army = ["tech-sergeant-toast", "mean-burrito"]
    hands = {0: army, 1: ["big-bad-bacon"] * 2}
    state = meal_of(P2, hands, {0: army, 1: ["big-bad-bacon"] * 2}, "breakfast", B)
    state, _ = pass_round(state)
    assert yum(state, 0) == 4


def test_a_tie_is_won_by_the_lone_native_troop():
    # "If there are two or more troops tied, and just one is a troop of the same kind as the
    # Meal being fought over, that troop wins the tie"
    hands = {0: ["sunny-side-egg"], 1: ["grilled-cheese-grunt"]}
    state = meal_of(P2, hands, hands, "breakfast", B)
    state, scored = pass_round(state)
    assert scored.yumminess == {"ann": 5, "bob": 5} and scored.chips == ("ann",)


def test_tied_native_troops_each_take_a_chip():
    # "If there are two or more troops tied that are fighting at their own Meal ... they both
    # receive a scoring chip."
    hands = {0: ["sunny-side-egg"], 1: ["sunny-side-egg"], 2: ["big-bad-bacon"]}
    armies = {0: ["sunny-side-egg"], 1: ["sunny-side-egg"], 2: ["first-sergeant-fish-stick"]}
    hands[2] = ["first-sergeant-fish-stick"]
    state = meal_of(P3, hands, armies, "breakfast", B)
    state, scored = pass_round(state)
    assert scored.chips == ("ann", "bob")
    assert state.chips[:2] == (1, 1)


def test_a_tie_with_no_native_troop_gives_nobody_a_chip_or_everyone_with_the_option():
    hands = {0: ["grilled-cheese-grunt"], 1: ["meatloaf-marine"]}
    state = meal_of(P2, hands, hands, "breakfast", B)
    state, scored = pass_round(state)
    assert scored.chips == ()
    state = meal_of(P2, hands, hands, "breakfast", B, non_native_tie="all")
    state, scored = pass_round(state)
    assert scored.chips == ("ann", "bob")


def test_an_army_of_fewer_than_five_has_nothing_to_reveal_and_cannot_win_those_servings():
    hands = {0: ["big-bad-bacon"], 1: ["first-sergeant-fish-stick"] * 5}
    state = meal_of(P2, hands, hands, "breakfast", B)
    state, scored = servings(state)
    assert scored[0].chips == ("ann",)
    for s in scored[1:]:
        assert "ann" not in s.yumminess and s.chips == ("bob",)


def test_keep_revealing_even_when_the_meal_is_decided():
    # "Continue revealing troops ... even if one player already has enough scoring chips"
    hands = {0: ["steak-sergeant"] * 2 + ["sunny-side-egg"] * 3, 1: ["first-sergeant-fish-stick"] * 5}
    state = meal_of(P2, hands, hands, "breakfast", B)
    log: list = []
    state, scored = servings(state, log=log)
    assert [e.serving for e in of_type(log, "ServingRevealed")] == [2, 3, 4, 5]  # 1 came at plating
    assert [x.chips for x in scored[:3]] == [("ann",)] * 3  # decided after three


# ---- troop powers ----------------------------------------------------------------------------

def test_general_cheeseburger_boosts_later_lunch_troops_only():
    army = ["first-sergeant-fish-stick", "general-cheeseburger", "first-sergeant-fish-stick", "sunny-side-egg"]
    hands = {0: army, 1: ["steak-sergeant"] * 3 + ["roast-beef-ranger"]}
    state = meal_of(P2, hands, hands, "lunch", L)
    state, scored = servings(state, 4)
    assert [s.yumminess["ann"] for s in scored] == [3, 5, 7, 5]


def test_private_pancake_gains_8_per_pancake_revealed_before_it():
    army = ["private-pancake"] * 3
    hands = {0: army, 1: ["steak-sergeant"] * 3}
    state = meal_of(P2, hands, hands, "lunch", L)
    state, scored = servings(state, 3)
    assert [s.yumminess["ann"] for s in scored] == [4, 12, 20]


def test_discard_power_all_at_once_once_per_serving_from_the_hand():
    # "you must discard them all at once ... Once you pass, you can't discard any other cards
    # this Serving. These discards come from your hand, not your Army."
    hands = {0: ["mean-burrito", "sunny-side-egg", "big-bad-bacon", "meatloaf-marine"],
             1: ["club-sandwich-colonel"]}
    armies = {0: ["mean-burrito"], 1: ["club-sandwich-colonel"]}
    state = meal_of(P2, hands, armies, "lunch", L)
    assert state.actor == 0
    with pytest.raises(IllegalMove, match="takes Breakfast troops"):
        act(state, 0, {"type": "discard", "troop": "mean-burrito", "cards": ["meatloaf-marine"]})
    legal = RULES.legal_moves(state, 0)
    breakfast = sorted(c for c in state.hands[0] if c in ("big-bad-bacon", "sunny-side-egg"))
    assert {"type": "discard", "troop": "mean-burrito", "cards": breakfast} in legal
    state, _ = act(state, 0, {"type": "discard", "troop": "mean-burrito", "cards": ["sunny-side-egg"]})
    assert yum(state, 0) == 4 + 3
    assert "sunny-side-egg" in state.discard and "sunny-side-egg" not in state.hands[0]
    with pytest.raises(IllegalMove, match="once per Serving"):
        act(state, 0, {"type": "discard", "troop": "mean-burrito", "cards": ["big-bad-bacon"]})


def test_no_discard_after_passing_in_the_serving():
    hands = {0: ["mean-burrito", "sunny-side-egg"], 1: ["club-sandwich-colonel", "medic-mustard"]}
    armies = {0: ["mean-burrito"], 1: ["club-sandwich-colonel"]}
    state = meal_of(P2, hands, armies, "lunch", L)
    state, _ = act(state, 0, {"type": "pass"})
    state, _ = act(state, 1, {"type": "instant", "card": "medic-mustard", "target": "club-sandwich-colonel"})
    state, _ = act(state, 1, {"type": "pass"})
    assert state.actor == 0
    with pytest.raises(IllegalMove, match="once you pass"):
        act(state, 0, {"type": "discard", "troop": "mean-burrito", "cards": ["sunny-side-egg"]})
    assert not any(m["type"] == "discard" for m in RULES.legal_moves(state, 0))


def test_corporal_taco_takes_any_card():
    hands = {0: ["corporal-taco", "medic-mustard", "meatloaf-marine"], 1: ["club-sandwich-colonel"]}
    armies = {0: ["corporal-taco"], 1: ["club-sandwich-colonel"]}
    state = meal_of(P2, hands, armies, "lunch", L)
    state, _ = act(state, 0, {"type": "discard", "troop": "corporal-taco",
                              "cards": ["medic-mustard", "meatloaf-marine"]})
    assert yum(state, 0) == 3 + 4


def test_a_joined_troop_adds_its_yumminess_and_either_native_troop_wins_ties():
    # "If either of the troops is native to the Meal you're fighting at, you're eligible to
    # win ties there." Spud (Dinner) + Sunny-Side Egg (Breakfast) = 7 at Breakfast vs Meatloaf
    # Marine + Spud? no: vs a 7 Lunch troop.
    army = ["locked-and-loaded-spud", "sunny-side-egg"]
    hands = {0: army, 1: ["club-sandwich-colonel"]}
    state = meal_of(P2, hands, {0: army, 1: ["club-sandwich-colonel"]}, "breakfast", B)
    state, scored = pass_round(state)
    assert scored.yumminess == {"ann": 7, "bob": 7} and scored.chips == ("ann",)


def test_instants_may_target_the_joined_troop():
    army = ["locked-and-loaded-spud", "grilled-cheese-grunt"]
    hands = {0: army + ["medic-mustard"], 1: ["club-sandwich-colonel"]}
    state = meal_of(P2, hands, {0: army, 1: ["club-sandwich-colonel"]}, "lunch", L)
    targets = {m.get("target") for m in RULES.legal_moves(state, 0) if m["type"] == "instant"}
    assert targets == {"grilled-cheese-grunt"}  # Medic Mustard: only the Lunch one
    state, _ = act(state, 0, {"type": "instant", "card": "medic-mustard", "target": "grilled-cheese-grunt"})
    assert yum(state, 0) == 2 + 5 + 3


def test_printed_yumminess_ignores_bonuses():
    # "'printed' Yumminess ... don't add any bonuses to it ... Corporal Cinnamon Roll has a
    # printed Yumminess of 1."
    hands = {0: ["copycat-crepe"], 1: ["corporal-cinnamon-roll"]}
    state = meal_of(P2, hands, hands, "breakfast", B)
    assert yum(state, 1) == 9 and yum(state, 0) == 2 + 1


def test_cards_that_count_instants_played_this_meal():
    army = ["sergeant-sausage", "sergeant-sausage"]
    hands = {0: army + ["major-maple-syrup", "hot-sauce-hurrah"], 1: ["big-bad-bacon"] * 2}
    state = meal_of(P2, hands, {0: army, 1: ["big-bad-bacon"] * 2}, "breakfast", B)
    state, _ = act(state, 0, {"type": "instant", "card": "major-maple-syrup", "target": "sergeant-sausage"})
    assert yum(state, 0) == 4 + 3 + 2  # one Instant played
    state, _ = act(state, 0, {"type": "instant", "card": "hot-sauce-hurrah", "target": "sergeant-sausage"})
    # Sausage +2 per Instant (2 played) ; Hot Sauce +2 per OTHER Instant (1)
    assert yum(state, 0) == 4 + 3 + 4 + 2
    state, _ = pass_round(state)
    assert yum(state, 0) == 4 + 4  # the second Sausage counts the Meal's two Instants


def test_a_mascot_played_during_plating_cannot_be_played_in_the_instant_round():
    # "Toast Master General says to 'Play during plating'"
    army = ["sunny-side-egg"]
    hands = {0: army + ["toast-master-general"], 1: ["big-bad-bacon"]}
    state = started(P2, hands=hands, battlefields=B)
    state = plate_all(state, {0: ("breakfast", army, ["toast-master-general"]), 1: ("breakfast", ["big-bad-bacon"])})
    assert yum(state, 0) == 5 + 2
    hands = {0: army + ["toast-master-general"], 1: ["big-bad-bacon"]}
    state = meal_of(P2, hands, {0: army, 1: ["big-bad-bacon"]}, "breakfast", B)
    with pytest.raises(IllegalMove, match="Play during plating"):
        act(state, 0, {"type": "instant", "card": "toast-master-general"})


def test_instants_played_stay_until_the_meal_is_over_then_are_discarded():
    army = ["first-sergeant-fish-stick"]
    hands = {0: army + ["medic-mustard"], 1: ["sunny-side-egg"]}
    state = meal_of(P2, hands, {0: army, 1: ["sunny-side-egg"]}, "lunch", L)
    state, _ = act(state, 0, {"type": "instant", "card": "medic-mustard", "target": "first-sergeant-fish-stick"})
    state, _ = pass_round(state)
    assert [p.card for p in state.instants] == ["medic-mustard"]
    assert "medic-mustard" not in state.discard
    state, _ = servings(state, 4)
    assert "medic-mustard" in state.discard
