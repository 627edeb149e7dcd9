"""The rulebook's worked Servings, played through the rules."""
from __future__ import annotations

from ff_helpers import P2, P3, act, pass_round, plate_all, servings, started, yum

BREAKFAST_BF = ["battle-of-oatmeal-ridge", "skirmish-at-sunny-side"]


def test_the_pancake_army_scores_6_8_8_32_24():
    # "Here's a really great Army ... Serving #1 ... 6 ... #2 ... 8 ... #3 ... 8 ... #4 ... 32
    # ... #5 ... 24"
    army = ["general-donut", "private-pancake", "tech-sergeant-toast", "private-pancake",
            "private-pancake"]
    state = started(P2, hands={0: army, 1: ["meatloaf-marine"]}, battlefields=BREAKFAST_BF)
    state = plate_all(state, {0: ("breakfast", army), 1: ("breakfast", ["meatloaf-marine"])},
                      armies={0: army})
    state, scored = servings(state)
    assert [s.yumminess["ann"] for s in scored] == [6, 8, 8, 32, 24]


def test_spud_revealing_general_chicken_is_12():
    # FAQ: "My first troop revealed at a Meal was a Locked and Loaded Spud. I flipped a General
    # Chicken off the deck ... he boosts your serving to a 12 (2+6+4)."
    army = ["locked-and-loaded-spud", "general-chicken", "meatloaf-marine"]
    state = started(P2, hands={0: army, 1: ["grilled-cheese-grunt"]},
                    battlefields=["battle-of-the-big-roast", "meatloaf-meadows"])
    state = plate_all(state, {0: ("dinner", army), 1: ("dinner", ["grilled-cheese-grunt"])},
                      armies={0: army})
    assert yum(state, 0) == 12
    state, scored = pass_round(state)
    assert scored.yumminess["ann"] == 12
    # "Does he affect the rest of my troops this Meal? A: Yes!": Meatloaf Marine 5 + 4
    assert yum(state, 0) == 9


def _example_meal(mustard: bool):
    """The rulebook's Breakfast between three players: ann (General Cheeseburger, First Sergeant
    Fish Stick, Mean Burrito; Medic Mustard in hand), bob (Big Bad Bacon), cid (Tech Sergeant
    Toast then Private Pancake)."""
    ann = ["general-cheeseburger", "first-sergeant-fish-stick", "mean-burrito"]
    bob = ["big-bad-bacon", "sunny-side-egg", "sunny-side-egg"]
    cid = ["scrambled-egg-scout", "tech-sergeant-toast", "private-pancake"]
    state = started(P3, hands={0: ann + ["medic-mustard"], 1: bob, 2: cid},
                    battlefields=["battle-of-oatmeal-ridge", "skirmish-at-sunny-side"])
    state = plate_all(state, {0: ("breakfast", ann), 1: ("breakfast", bob), 2: ("breakfast", cid)},
                      armies={0: ann, 1: bob, 2: cid})
    # Serving 1: "Since General Cheeseburger is the lowest Yumminess, the player who revealed
    # him has the first chance to play an Instant ... even a Medic Mustard wouldn't be enough
    # to beat Big Bad Bacon."
    assert state.priority[0] == 0 and state.actor == 0
    assert (yum(state, 0), yum(state, 1), yum(state, 2)) == (5, 9, 6)
    assert yum(state, 0) + 3 < yum(state, 1)
    state, first = pass_round(state)
    assert first.chips == ("bob",)
    # Serving 2: "General Cheeseburger boosts First Sergeant Fish Stick from a 3 to a 7"
    assert yum(state, 0) == 7
    state, second = pass_round(state)
    assert second.chips == ("ann",)
    # Serving 3: "Tech Sergeant Toast doubles ... Private Pancake ... he becomes an 8. However,
    # Mean Burrito is boosted by General Cheeseburger, also to an 8!"
    assert (yum(state, 0), yum(state, 2)) == (8, 8)
    if mustard:
        # "he does have a Medic Mustard handy. Playing it raises Mean Burrito to an 11"
        while state.actor != 0:
            state, _ = act(state, state.actor, {"type": "pass"})
        state, _ = act(state, 0, {"type": "instant", "card": "medic-mustard", "target": "mean-burrito"})
        assert yum(state, 0) == 11
    state, third = pass_round(state)
    return third


def test_the_toasted_pancake_beats_mean_burrito_at_breakfast():
    # "Breakfast troops win ties at Breakfast, so the Toastified Pancakes will win the tie."
    third = _example_meal(mustard=False)
    assert third.yumminess["ann"] == third.yumminess["cid"] == 8
    assert third.chips == ("cid",)


def test_medic_mustard_on_the_burrito_makes_11_and_wins():
    third = _example_meal(mustard=True)
    assert third.yumminess["ann"] == 11
    assert third.chips == ("ann",)


def test_medic_mustard_raises_fish_stick_from_3_to_6():
    # "With Medic Mustard's +3 bonus, First Sergeant Fish Stick's Yumminess increases from 3 to 6"
    state = started(P2, hands={0: ["first-sergeant-fish-stick", "medic-mustard"], 1: ["meatloaf-marine"]},
                    battlefields=["lunchbox-last-stand", "sandwich-standoff"])
    state = plate_all(state, {0: ("lunch", ["first-sergeant-fish-stick"]),
                              1: ("lunch", ["meatloaf-marine"])})
    assert yum(state, 0) == 3 and state.actor == 0
    state, _ = act(state, 0, {"type": "instant", "card": "medic-mustard",
                              "target": "first-sergeant-fish-stick"})
    assert yum(state, 0) == 6


def test_corporal_cinnamon_roll_is_9_at_breakfast_and_1_elsewhere():
    # "when it fights at a Breakfast Meal ... it becomes a 9 Yumminess instead!"
    hand = ["corporal-cinnamon-roll"]
    for meal, bfs, value in (("breakfast", ["skirmish-at-sunny-side", "siege-of-waffle-fort"], 9),
                             ("lunch", ["sandwich-standoff", "push-at-hamburger-hill"], 1)):
        state = started(P2, hands={0: hand, 1: ["meatloaf-marine"]}, battlefields=bfs)
        state = plate_all(state, {0: (meal, hand), 1: (meal, ["meatloaf-marine"])})
        assert yum(state, 0) == value


def test_spud_joined_by_sergeant_spaghetti_phd_pepper_targets_one_dinner_troop():
    # FAQ: "My Locked and Loaded Spud revealed a Sergeant Spaghetti, so it joined my Serving.
    # I now want to play a PhD Pepper. Does it add 3 to both ...? A: No."
    army = ["locked-and-loaded-spud", "sergeant-spaghetti"]
    state = started(P2, hands={0: army + ["phd-pepper"], 1: ["big-bad-bacon"]},
                    battlefields=["battle-of-the-big-roast", "meatloaf-meadows"])
    state = plate_all(state, {0: ("dinner", army), 1: ("dinner", ["big-bad-bacon"])},
                      armies={0: army})
    assert yum(state, 0) == 2 + 6  # Spud 2, Spaghetti 3 +3 at Dinner
    while state.actor != 0:
        state, _ = act(state, state.actor, {"type": "pass"})
    state, _ = act(state, 0, {"type": "instant", "card": "phd-pepper", "target": "locked-and-loaded-spud"})
    assert yum(state, 0) == 11
    # the round ended with this Serving for ann: the Spud's Serving took both troops
    state, scored = pass_round(state)
    assert scored.yumminess["ann"] == 11
    assert scored.chips == ("ann",)  # 11 beats Bacon's 9
    assert yum(state, 0) is None  # nothing left to reveal


def test_push_at_hamburger_hill_is_a_lunch_battlefield_worth_2():
    from services.food_fight.rules.cards import catalogue
    c = catalogue().cards["push-at-hamburger-hill"]
    assert (c.kind, c.meal, c.vp) == ("battlefield", "lunch", 2)
