"""2. Player Actions, cooking together, 3. End of Player's Turn, running out of decks."""
from __future__ import annotations

from dataclasses import replace

import pytest

from forestaurant_helpers import (CAT, RULES, act, apply, clouds_total, empty_board, names,
                                  of_type, position, ready, table)
from services.forestaurant.rules.state import ACTIONS, COOKING, DISCARD, EVENTS, OVER
from services.forestaurant import messages
from services.forestaurant.texts import TEXTS
from shared.codec import EventCodec
from shared.i18n import Message
from shared.rules import IllegalMove, NotYourTurn

CODEC = EventCodec(RULES.event_types)

HAND = ["hare-1", "hare-2", "fox-3", "bear-6", "deer-4", "wolf-5", "boar-2", "squirrel-1"]  # 8 cards
MENU = "bear-fish-berries"


def _acting(tables=None, hand=HAND, n=2, storage=None, hands=None, **changes):
    state = empty_board(ready(n))
    hs = {0: hand}
    hs.update(hands or {})
    return position(state, tables=tables, hands=hs, storage=storage, line=(0, 1, 2), events_left=(),
                    phase=ACTIONS, active=0, **changes)


# ---- free seating ----------------------------------------------------------------------------

def test_free_seating_pays_with_the_seated_card_and_checks_the_four_neighbours_not_diagonals():
    state = _acting(tables={1: table("hare-1", bell=True), 3: table("bear-2", bell=True, clouds=1),
                            0: table("squirrel-1", bell=True), 5: table("deer-1", bell=True)})
    state, events = act(state, 0, {"type": "seat", "table": 4, "card": "bear-6"})
    # a guest at the table: its bell comes at its table's next event
    assert state.tables[4].guest == "bear-6" and state.tables[4].status == "seated"
    assert len(state.hands[0]) == 7
    # hare above: prey +1; bear left: same species -1; deer right: big game is a bear's prey +1
    assert (state.tables[1].clouds, state.tables[3].clouds, state.tables[5].clouds) == (1, 0, 1)
    assert state.tables[0].clouds == 0  # diagonal


def test_free_seating_needs_an_empty_table_with_enough_chairs():
    state = _acting(tables={4: table("hare-1", bell=True)})
    with pytest.raises(IllegalMove, match="empty table"):
        RULES.decide(state, 0, {"type": "seat", "table": 4, "card": "hare-2"})
    with pytest.raises(IllegalMove, match="chairs"):
        RULES.decide(state, 0, {"type": "seat", "table": 1, "card": "bear-6"})


def test_a_refusal_and_the_log_name_the_table_as_the_board_numbers_it_1_to_9():
    # the board numbers the tables 1 to 9, row by row: the move's table 4 is the middle one, 5
    state = _acting(tables={4: table("hare-1", bell=True)})
    with pytest.raises(IllegalMove) as taken:
        RULES.decide(state, 0, {"type": "seat", "table": 4, "card": "hare-2"})
    assert "table 5 is taken" in str(taken.value)
    refusal = Message(f"refused-{taken.value.key}", taken.value.values)
    assert "table 5 is taken" in TEXTS.render(refusal, "en") and "Tisch 5" in TEXTS.render(refusal, "de")
    with pytest.raises(IllegalMove) as small:
        RULES.decide(state, 0, {"type": "seat", "table": 1, "card": "bear-6"})  # top middle: 3 chairs
    refusal = Message(f"refused-{small.value.key}", small.value.values)
    assert "does not fit table 2: it has 3 chairs" in TEXTS.render(refusal, "en")
    _, events = act(state, 0, {"type": "seat", "table": 0, "card": "hare-2"})
    lines = [TEXTS.render(m) for e in events
             if (m := messages.event_message(CODEC.encode(e), state.players, 0)) and not m.internal]
    assert any("at table 1" in line for line in lines), lines


# ---- taking an order -------------------------------------------------------------------------

def test_taking_an_order_draws_menus_until_the_guests_species_and_discards_the_rest():
    state = _acting(tables={0: table("bear-2", bell=True)},
                    menu_deck=("hare-carrot-clover", "fox-ham-berries", MENU, "deer-carrot-nuts"))
    state, events = act(state, 0, {"type": "take_order", "table": 0, "card": "hare-1"})
    assert state.tables[0].menu == MENU and state.tables[0].bell
    assert state.menu_discard == ("hare-carrot-clover", "fox-ham-berries")
    assert state.menu_deck == ("deer-carrot-nuts",)
    assert state.tables[0].clouds == 1  # a hare card taking a bear's order: prey and predator
    assert "hare-1" in state.animal_discard


def test_taking_an_order_with_the_same_species_removes_a_cloud():
    state = _acting(tables={0: table("bear-2", bell=True, clouds=2)}, menu_deck=(MENU,))
    state, events = act(state, 0, {"type": "take_order", "table": 0, "card": "bear-6"})
    assert state.tables[0].clouds == 1


def test_the_menu_deck_is_reshuffled_from_its_discards_when_it_runs_out_during_an_order():
    state = _acting(tables={0: table("bear-2", bell=True)}, menu_deck=("hare-carrot-clover",),
                    menu_discard=("fox-ham-berries", MENU))
    state, events = act(state, 0, {"type": "take_order", "table": 0, "card": "deer-4"})
    assert names(events)[-1] == "PileRanOut" and state.menus_aside == ("hare-carrot-clover",)
    node = RULES.chance(state)
    assert node.deck == "menus" and node.k == 1 and sorted(node.cards) == sorted(("fox-ham-berries", MENU))
    assert RULES.to_act(state) == frozenset()
    state = apply(state, RULES.resolve_chance(state, ["fox-ham-berries", MENU]))
    assert state.tables[0].menu == MENU
    assert sorted(state.menu_discard) == ["fox-ham-berries", "hare-carrot-clover"]
    assert state.phase == ACTIONS


def test_an_order_cannot_be_taken_when_no_menu_of_the_species_is_left():
    state = _acting(tables={0: table("bear-2", bell=True)}, menu_deck=("hare-carrot-clover",), menu_discard=())
    with pytest.raises(IllegalMove, match="no bear menu"):
        RULES.decide(state, 0, {"type": "take_order", "table": 0, "card": "deer-4"})


# ---- purchasing ------------------------------------------------------------------------------

def test_purchasing_draws_as_many_ingredients_as_the_card_value_green_blue_vegetables():
    state = _acting()
    state, events = act(state, 0, {"type": "purchase", "card": "deer-4"})
    drawn = of_type(events, "IngredientsDrawn")[0]
    assert drawn.pile == "vegetables" and len(drawn.tokens) == 4
    assert all(CAT.pile_of_kind[t] == "vegetables" for t in state.storage[0])


def test_red_and_yellow_cards_purchase_meats():
    state = _acting()
    state, events = act(state, 0, {"type": "purchase", "card": "fox-3"})
    assert len(state.storage[0]) == 3 and all(CAT.pile_of_kind[t] == "meats" for t in state.storage[0])


def test_an_empty_ingredient_pile_is_reshuffled_from_its_discards_and_drawing_goes_on():
    state = _acting(piles=(("carrot",), ("fish",) * 3), pile_discards=(("nuts", "clover"), ()))
    state, events = act(state, 0, {"type": "purchase", "card": "hare-2"})
    assert RULES.chance(state).deck == "vegetables"
    state = apply(state, RULES.resolve_chance(state, ["clover", "nuts"]))
    assert state.storage[0] == CAT.sort_tokens(("carrot", "clover"))
    assert state.piles[0] == ("nuts",)


# ---- cooking ---------------------------------------------------------------------------------

def test_cooking_alone_discards_both_ingredients_and_cards_reaching_the_guests_value():
    state = _acting(tables={0: table("bear-3", bell=True, menu=MENU)}, storage={0: ["fish", "berries", "ham"]})
    with pytest.raises(IllegalMove, match="less than the guest's value"):
        RULES.decide(state, 0, {"type": "cook", "table": 0, "cards": ["hare-2"], "ingredients": ["fish", "berries"]})
    with pytest.raises(IllegalMove, match="asks for fish and berries, not ham"):
        RULES.decide(state, 0, {"type": "cook", "table": 0, "cards": ["bear-6"], "ingredients": ["fish", "ham"]})
    with pytest.raises(IllegalMove, match="exactly one fish and one berries"):
        RULES.decide(state, 0, {"type": "cook", "table": 0, "cards": ["bear-6"], "ingredients": ["fish"]})
    state, events = act(state, 0, {"type": "cook", "table": 0, "cards": ["hare-1", "hare-2"],
                                   "ingredients": ["fish", "berries"]})
    t = state.tables[0]
    assert t.eating and not t.bell and t.menu == MENU
    assert state.storage[0] == ("ham",)
    # "Their effects can add up": two hares for a bear: +2
    assert t.clouds == 2


def test_cooking_effects_are_netted_before_they_are_applied():
    state = _acting(tables={0: table("bear-3", bell=True, menu=MENU, clouds=0)}, storage={0: ["fish", "berries"]})
    state, events = act(state, 0, {"type": "cook", "table": 0, "cards": ["hare-2", "bear-6"],
                                   "ingredients": ["fish", "berries"]})
    assert state.tables[0].clouds == 0 and not of_type(events, "CloudMoved")


def test_cooking_cannot_take_the_hand_below_the_minimal_size():
    state = _acting(tables={0: table("bear-6", bell=True, menu=MENU)}, storage={0: ["fish", "berries"]},
                    hand=["hare-1", "hare-2", "fox-3", "deer-4", "wolf-5", "boar-2"])  # min 5
    with pytest.raises(IllegalMove, match="minimal hand"):
        RULES.decide(state, 0, {"type": "cook", "table": 0, "cards": ["hare-1", "wolf-5"],
                                "ingredients": ["fish", "berries"]})


def test_actions_go_on_until_the_hand_is_exactly_the_minimal_size():
    state = _acting(hand=HAND[:7])  # 2 players: min 5
    state, _ = act(state, 0, {"type": "purchase", "card": "hare-1"})
    assert state.phase == ACTIONS
    state, events = act(state, 0, {"type": "purchase", "card": "hare-2"})
    assert len(state.hands[1]) > 0 and state.active == 1 and state.phase == EVENTS
    assert len(state.hands[0]) == 5 + CAT.draw_number(10)


def test_cook_moves_listed_are_all_accepted_and_reach_the_value():
    state = _acting(tables={0: table("bear-5", bell=True, menu=MENU)}, storage={0: ["fish", "berries"]})
    cooks = [m for m in RULES.legal_moves(state, 0) if m["type"] == "cook"]
    assert cooks
    for m in cooks:
        assert sum(CAT.animals[c].value for c in m["cards"]) >= 5
        RULES.decide(state, 0, m)


# ---- cooking together ------------------------------------------------------------------------

def _together(n=3):
    hands = {1: ["deer-4", "wolf-2", "hare-3", "boar-1", "fox-1", "fox-2"],  # 3p: min 4
             2: ["bear-1", "bear-2", "hare-1", "hare-2", "deer-1"]}
    return _acting(n=n, tables={0: table("bear-5", bell=True, menu=MENU)}, hands=hands,
                   storage={0: ["fish"], 1: ["berries"], 2: ["berries"]})


def test_cooking_together_proposal_offers_and_commit_make_one_meal():
    state = _together()
    state, _ = act(state, 0, {"type": "propose_cook", "table": 0, "cards": ["bear-6"], "ingredients": ["fish"]})
    assert state.phase == COOKING and RULES.to_act(state) == frozenset({0, 1, 2})
    state, _ = act(state, 1, {"type": "offer_help", "cards": ["deer-4"], "ingredients": ["berries"]})
    assert RULES.to_act(state) == frozenset({0, 2})
    state, events = act(state, 0, {"type": "commit_cook", "accept": ["bob"]})
    assert names(events)[0] == "MealCooked"
    assert state.tables[0].eating and state.phase in (ACTIONS, EVENTS)
    assert "deer-4" not in state.hands[1] and state.storage[1] == () and state.storage[0] == ()
    # bear-6 same species -1, deer-4 a bear's prey +1: netted to nothing
    assert state.tables[0].clouds == 0


def test_a_helper_who_has_not_answered_is_left_out_when_the_active_player_commits():
    state = _together()
    state, _ = act(state, 0, {"type": "propose_cook", "table": 0, "cards": ["bear-6"], "ingredients": ["fish"]})
    state, _ = act(state, 2, {"type": "offer_help", "cards": ["bear-1"], "ingredients": ["berries"]})
    state, _ = act(state, 0, {"type": "commit_cook", "accept": ["cid"]})
    assert state.hands[1] == CAT.sort_animals(["deer-4", "wolf-2", "hare-3", "boar-1", "fox-1", "fox-2"])
    with pytest.raises(IllegalMove):
        RULES.decide(state, 1, {"type": "offer_help", "cards": ["deer-4"]})


def test_a_helper_who_gives_ingredients_gives_at_least_as_many_cards():
    state = _together()
    state, _ = act(state, 0, {"type": "propose_cook", "table": 0, "cards": ["bear-6"], "ingredients": ["fish"]})
    with pytest.raises(IllegalMove, match="at least one animal card"):
        RULES.decide(state, 1, {"type": "offer_help", "cards": [], "ingredients": ["berries"]})
    state = position(state, storage={1: ["fish", "berries"]})
    with pytest.raises(IllegalMove, match="at least as many animal cards"):
        RULES.decide(state, 1, {"type": "offer_help", "cards": ["deer-4"], "ingredients": ["fish", "berries"]})
    RULES.decide(state, 1, {"type": "offer_help", "cards": ["deer-4", "fox-1"], "ingredients": ["fish", "berries"]})


def test_helpers_cannot_discard_below_the_minimal_hand():
    state = _together()
    state, _ = act(state, 0, {"type": "propose_cook", "table": 0, "cards": ["bear-6"], "ingredients": ["fish"]})
    with pytest.raises(IllegalMove, match="minimal hand"):
        RULES.decide(state, 2, {"type": "offer_help", "cards": ["bear-1", "bear-2"], "ingredients": ["berries"]})


def test_the_active_player_must_discard_at_least_one_card():
    state = _together()
    with pytest.raises(IllegalMove, match="at least one card"):
        RULES.decide(state, 0, {"type": "propose_cook", "table": 0, "cards": [], "ingredients": ["fish"]})


def test_a_commit_without_both_ingredients_is_refused_and_withdrawing_costs_nothing():
    state = _together()
    state, _ = act(state, 0, {"type": "propose_cook", "table": 0, "cards": ["bear-6"], "ingredients": ["fish"]})
    assert {"type": "commit_cook", "accept": []} not in RULES.legal_moves(state, 0)
    with pytest.raises(IllegalMove, match="exactly one fish and one berries"):
        RULES.decide(state, 0, {"type": "commit_cook", "accept": []})
    with pytest.raises(NotYourTurn):
        RULES.decide(state, 1, {"type": "commit_cook", "accept": []})
    before = state.hands
    state, _ = act(state, 0, {"type": "withdraw_cook"})
    assert state.phase == ACTIONS and state.hands == before and state.proposal is None


def test_helpers_at_the_minimal_hand_are_not_asked():
    state = _together()
    state = position(state, hands={1: ["deer-4", "wolf-2", "hare-3", "boar-1"]})
    state, _ = act(state, 0, {"type": "propose_cook", "table": 0, "cards": ["bear-6"], "ingredients": ["fish"]})
    assert RULES.to_act(state) == frozenset({0, 2}) and RULES.legal_moves(state, 1) == []


# ---- end of turn -----------------------------------------------------------------------------

def test_the_player_discards_ingredients_above_the_storage_limit_by_choice():
    state = _acting(hand=HAND[:6], storage={0: ["fish", "ham", "steak", "carrot", "nuts", "nuts"]})
    state, _ = act(state, 0, {"type": "purchase", "card": "hare-2"})  # +2 vegetables: 8 > 6
    assert state.phase == DISCARD and RULES.to_act(state) == frozenset({0})
    state, _ = act(state, 0, {"type": "discard_ingredient", "token": "fish"})
    assert state.phase == DISCARD
    state, _ = act(state, 0, {"type": "discard_ingredient", "token": "ham"})
    assert state.active == 1 and len(state.storage[0]) == 6 and "fish" in state.pile_discards[1]


def test_the_end_draw_is_the_highest_visible_mushroom_number():
    assert CAT.draw_number(10) == CAT.mushroom_numbers[1]
    assert CAT.draw_number(0) == CAT.mushroom_numbers[11]
    state = _acting(hand=HAND[:6], mushrooms=5, stars=2, tables={0: table("hare-1", bell=True, clouds=2),
                                                               1: table("hare-1", bell=True, clouds=2),
                                                               2: table("hare-1", bell=True, clouds=1)})
    assert clouds_total(state) == 12
    state, events = act(state, 0, {"type": "purchase", "card": "hare-1"})
    end = [e for e in of_type(events, "CardsDrawn") if e.why == "end"][0]
    assert len(end.cards) == CAT.mushroom_numbers[6]


def test_the_animal_deck_runs_out_a_new_deck_of_20_then_the_game_is_lost():
    discard = tuple(CAT.animal_deck[:30])
    state = _acting(hand=HAND[:6], animal_deck=("deer-1",), animal_discard=discard)
    state, events = act(state, 0, {"type": "purchase", "card": "hare-1"})
    node = RULES.chance(state)
    assert node.deck == "animals" and node.k == 1 and len(node.cards) == 31
    state = apply(state, RULES.resolve_chance(state, list(node.cards)))
    assert len(state.out_of_game) == 11 and state.animal_discard == ()
    # the rest of the end draw, then the next player's turn card
    assert len(state.animal_deck) == 20 - (CAT.draw_number(state.mushrooms) - 1) - 1
    state = replace(state, animal_deck=())
    state = position(state, phase=ACTIONS, active=1, events_left=(), hands={1: HAND[:6]})
    state, events = act(state, 1, {"type": "purchase", "card": "hare-2"})
    assert state.phase == OVER and state.end_reason == "time" and not state.won


# ---- Game Variations -------------------------------------------------------------------------

def test_easier_game_ignores_clouds_on_guests_who_are_already_eating():
    tables = {1: table("hare-1", menu="hare-carrot-clover", eating=True)}
    normal = _acting(tables=tables)
    state, _ = act(normal, 0, {"type": "seat", "table": 0, "card": "fox-3"})
    assert state.tables[1].clouds == 1
    easy = replace(normal, options=replace(normal.options, ignore_eating_clouds=True))
    state, _ = act(easy, 0, {"type": "seat", "table": 0, "card": "fox-3"})
    assert state.tables[1].clouds == 0


def test_a_custom_game_reports_custom_difficulty_in_the_result():
    state = _acting(tables={0: table("bear-5", menu=MENU, eating=True)}, stars=1, mushrooms=11)
    state = replace(state, options=replace(state.options, satisfied_needed=7), phase=EVENTS,
                    events_left=(0,), line=(0, 1, 2))
    state, _ = act(state, 0, {"type": "resolve_event", "table": 0})
    assert RULES.result(state).difficulty == "custom" and RULES.result(state).team_won


def test_no_actions_when_the_events_leave_the_hand_at_the_minimal_size():
    state = empty_board(ready(2))
    state = position(state, hands={0: HAND[:6]}, line=(0, 1, 2), events_left=(0,), phase=EVENTS, active=0)
    state, events = act(state, 0, {"type": "resolve_event", "table": 0, "card": "hare-1"})
    assert "PhaseChanged" not in names(events) or state.phase != ACTIONS
    assert state.active == 1 and state.phase == EVENTS
