"""Set-up, the Day, the draft and plating."""
from __future__ import annotations

from collections import Counter

import pytest

from ff_helpers import P2, P3, P4, act, apply, deal_order, of_type, plate, resolve, started, types
from services.food_fight.rules import RULES
from services.food_fight.rules.cards import catalogue
from shared.rules import IllegalMove, InvalidSetup, NotYourTurn


# ---- set-up ----------------------------------------------------------------------------------

def test_food_fight_is_for_two_to_six_players():
    for n in (1, 7):
        with pytest.raises(InvalidSetup, match="2 to 6"):
            RULES.initial_state([f"p{i}" for i in range(n)], {})
    for n in range(2, 7):
        RULES.initial_state([f"p{i}" for i in range(n)], {})


def test_names_must_differ_and_options_must_be_known():
    with pytest.raises(InvalidSetup, match="different name"):
        RULES.initial_state(["a", "a"], {})
    with pytest.raises(InvalidSetup, match="unknown option"):
        RULES.initial_state(["a", "b"], {"turbo": True})
    with pytest.raises(InvalidSetup, match="boot_camp"):
        RULES.initial_state(["a", "b"], {"boot_camp": "yes"})
    with pytest.raises(InvalidSetup, match="non_native_tie"):
        RULES.initial_state(["a", "b"], {"non_native_tie": "coin"})


def test_setup_shuffles_the_dog_then_the_battlefields_then_the_main_deck():
    # "Shuffle The Dog deck and set it aside. Shuffle the Battlefield deck ... Shuffle all other
    # cards into one Main deck."
    state = RULES.initial_state(list(P2), {})
    state = apply(state, RULES.start(state))
    seen = []
    while (node := RULES.chance(state)) is not None:
        seen.append((node.deck, node.k, len(node.cards)))
        assert RULES.to_act(state) == frozenset()
        state = apply(state, RULES.resolve_chance(state, list(node.cards)))
    assert seen == [("dog", 0, 8), ("battlefields", 0, 27), ("main", 0, 121 + 18 + 16)]


def test_a_shuffle_must_be_an_order_of_the_pending_cards():
    state = RULES.initial_state(list(P2), {})
    state = apply(state, RULES.start(state))
    node = RULES.chance(state)
    with pytest.raises(ValueError):
        RULES.resolve_chance(state, list(node.cards)[1:])


# ---- the Day ---------------------------------------------------------------------------------

def test_three_battlefields_are_revealed_with_four_or_more_players_two_with_two_or_three():
    for players, count in ((P2, 2), (P3, 2), (P4, 3), (P4 + ("eve",), 3)):
        log: list = []
        state = started(players, log=log)
        revealed = of_type(log, "BattlefieldsRevealed")
        assert len(revealed[0].cards) == count == len(state.day_bfs)
        assert len(state.bf_deck) == 27 - count


def test_nine_cards_are_dealt_to_each_player_top_cards_first_in_seat_order():
    hands = {0: ["big-bad-bacon"] * 2, 1: ["general-donut"], 2: ["medic-mustard"]}
    log: list = []
    state = started(P3, hands=hands, log=log, boot_camp=True)
    top = deal_order(hands, 3)
    dealt = of_type(log, "CardsDealt")[0]
    assert [list(h) for h in dealt.hands] == [top[0:9], top[9:18], top[18:27]]
    assert all(len(h) == 9 for h in state.hands)


def test_boot_camp_keeps_the_dealt_hand_and_skips_the_draft():
    state = started(P2, boot_camp=True)
    assert state.phase == "plating"
    state = started(P2, boot_camp=False)
    assert state.phase == "draft"
    assert all(len(p) == 9 for p in state.packets) and all(not h for h in state.hands)


def test_draft_pick_one_and_pass_the_rest_left_on_odd_days():
    state = started(P3, boot_camp=False)
    packets = state.packets
    log: list = []
    for seat in range(3):
        state, events = act(state, seat, {"type": "pick", "card": packets[seat][0]}, log)
        if seat == 0:  # "you choose one and only one card" from each packet
            with pytest.raises(NotYourTurn, match="already picked"):
                act(state, 0, {"type": "pick", "card": state.packets[0][0]})
    passed = of_type(log, "PacketsPassed")
    assert passed and passed[0].direction == 1
    # left = the next seat clockwise: ann's packet (minus her pick) is now bob's
    assert Counter(state.packets[1]) == Counter(packets[0][1:])
    assert Counter(state.packets[0]) == Counter(packets[2][1:])
    assert state.picks[0] == (packets[0][0],)


def test_in_the_draft_everyone_sees_how_many_cards_each_holds_in_the_packet_and_has_picked():
    # given three players, ann and bob having picked from their first packets
    state = started(P3, boot_camp=False)
    for seat in (0, 1):
        state, _ = act(state, seat, {"type": "pick", "card": state.packets[seat][0]})
    # when cid (still to pick) or a spectator looks at the table
    for reader in (2, None):
        draft = RULES.view(state, reader)["draft"]
        # then the piles face down under the plates are counted, and only the reader's own are shown
        assert draft["pick_sizes"] == {"ann": 1, "bob": 1, "cid": 0}
        assert draft["packet_sizes"] == {"ann": 8, "bob": 8, "cid": 9}
        assert draft["picks"] == ([] if reader == 2 else None)


def test_draft_goes_on_until_everyone_has_nine_cards_again_and_passes_right_on_even_days():
    state = started(P3, boot_camp=False)
    log: list = []
    state = _finish_draft(state, log)
    assert state.phase == "plating" and all(len(h) == 9 for h in state.hands)
    assert of_type(log, "CardPicked")[-1].auto  # the last card is simply taken
    assert len([e for e in of_type(log, "CardPicked") if not e.auto]) == 3 * 8
    # play the Day out with lone empty armies to reach Day 2
    state = _empty_day(state)
    assert state.day == 2 and state.phase == "draft"
    seat_packets = state.packets
    for seat in range(3):
        state, events = act(state, seat, {"type": "pick", "card": seat_packets[seat][0]}, log)
    assert of_type(log, "PacketsPassed")[-1].direction == -1
    assert Counter(state.packets[0]) == Counter(seat_packets[1][1:])


def _finish_draft(state, log=None):
    while state.phase == "draft":
        seat = min(RULES.to_act(state))
        state, _ = act(state, seat, {"type": "pick", "card": state.packets[seat][0]}, log)
    return state


def _empty_day(state):
    meal = RULES.view(state, 0)["day_meals"][0]
    for seat in range(len(state.players)):
        state = plate(state, seat, meal, [])
    state = resolve(state)
    while state.phase in ("fight", "meals", "tiebreak") or RULES.chance(state):
        if RULES.chance(state):
            state = resolve(state)
            continue
        state, _ = act(state, state.actor, {"type": "pass"})
    state = resolve(state)
    return state


def test_a_pick_must_come_from_the_packet_you_hold():
    state = started(P2, boot_camp=False)
    missing = next(c for c in catalogue().main if c not in state.packets[0])
    with pytest.raises(IllegalMove, match="not in the packet"):
        act(state, 0, {"type": "pick", "card": missing})


# ---- plating ---------------------------------------------------------------------------------

BFS = ["skirmish-at-sunny-side", "sandwich-standoff"]  # Breakfast and Lunch, no Dinner


def test_an_army_holds_up_to_five_troops_and_no_instants():
    hand = ["sunny-side-egg"] * 5 + ["big-bad-bacon", "medic-mustard"]
    state = started(P2, hands={0: hand}, battlefields=BFS)
    with pytest.raises(IllegalMove, match="up to five"):
        plate(state, 0, "breakfast", hand[:6])
    with pytest.raises(IllegalMove, match="Instants into your Army"):
        plate(state, 0, "breakfast", ["medic-mustard"])
    with pytest.raises(IllegalMove, match="you hold 0"):
        plate(state, 0, "breakfast", ["general-donut"])
    state = plate(state, 0, "breakfast", hand[:5])
    assert Counter(state.hands[0]) == Counter(["big-bad-bacon", "medic-mustard"] + list(state.hands[0][2:]))


def test_no_plate_for_a_meal_without_a_battlefield_this_day():
    # "you can't place a Meal plate on your Army if there are no Battlefields for that Meal"
    state = started(P2, battlefields=BFS)
    with pytest.raises(IllegalMove, match="no dinner Battlefield"):
        plate(state, 0, "dinner", [])
    assert {m["meal"] for m in RULES.legal_moves(state, 0) if m["type"] == "plate"} == {"breakfast", "lunch"}


def test_fewer_than_five_troops_and_even_none_may_be_plated():
    state = started(P2, hands={0: ["big-bad-bacon"]}, battlefields=BFS)
    state = plate(state, 0, "breakfast", [])
    assert state.plates[0].troops == ()


def test_plates_stay_face_down_until_everyone_has_plated_then_are_revealed_together():
    state = started(P3, hands={0: ["big-bad-bacon"]}, battlefields=BFS)
    state, events = act(state, 0, {"type": "plate", "meal": "lunch", "troops": ["big-bad-bacon"]})
    assert types(events) == ["ArmyPlated"]
    shown = RULES.event_view(events[0], 1)
    assert "meal" not in shown and "troops" not in shown
    assert RULES.view(state, 1)["plates"]["ann"] == {"meal": None, "size": None, "mascots": None}
    assert RULES.view(state, 0)["plates"]["ann"]["meal"] == "lunch"
    with pytest.raises(NotYourTurn, match="already plated"):
        plate(state, 0, "breakfast", [])
    state = plate(state, 1, "breakfast", [])
    state, events = act(state, 2, {"type": "plate", "meal": "breakfast", "troops": []})
    assert "PlatesRevealed" in types(events)
    assert RULES.view(state, 1)["plates"]["ann"]["meal"] == "lunch"


def test_cards_not_plated_remain_in_hand_until_the_end_of_the_day():
    hand = ["mean-burrito", "sunny-side-egg", "medic-mustard"]
    state = started(P2, hands={0: hand}, battlefields=BFS)
    state = plate(state, 0, "lunch", ["mean-burrito"])
    assert "sunny-side-egg" in state.hands[0] and "medic-mustard" in state.hands[0]


def test_the_plate_list_is_canonical_and_decide_accepts_any_legal_plate():
    hand = ["sunny-side-egg", "big-bad-bacon", "general-donut", "private-pancake",
            "private-pancake", "tech-sergeant-toast", "medic-mustard", "toast-master-general"]
    state = started(P2, hands={0: hand}, battlefields=BFS)
    legal = [m for m in RULES.legal_moves(state, 0) if m["type"] == "plate"]
    assert {"type": "plate", "meal": "breakfast", "troops": [], "mascots": []} in legal
    assert any(m["mascots"] == ["toast-master-general"] for m in legal)
    assert all(len(m["troops"]) <= 5 for m in legal)
    # an army not in the list is still accepted
    odd = ["private-pancake", "tech-sergeant-toast", "sunny-side-egg"]
    assert not any(sorted(m["troops"]) == sorted(odd) for m in legal)
    plate(state, 0, "lunch", odd)
