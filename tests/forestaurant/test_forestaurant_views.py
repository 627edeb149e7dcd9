"""Hidden information: a hand is secret from the other seats (its size is public); deck orders
are secret (the face-up menu deck shows its top card); shuffles and draws are redacted."""
from __future__ import annotations

import json

from forestaurant_helpers import RULES, started, ready
from services.forestaurant.rules.events import CardsDrawn, DeckShuffled, HandsDealt


def test_a_seat_sees_its_own_hand_and_only_the_sizes_of_the_others():
    state = ready(3)
    for seat in range(3):
        v = RULES.view(state, seat)
        assert v["hand"] == list(state.hands[seat])
        assert v["hand_sizes"] == [len(h) for h in state.hands]
        text = json.dumps({k: val for k, val in v.items() if k not in ("hand", "legal_moves")})
        for other in range(3):
            if other != seat:
                assert "hands" not in v and str(list(state.hands[other])) not in text
    spectator = RULES.view(state, None)
    assert spectator["hand"] == [] and spectator["legal_moves"] == [] and spectator["seat"] is None


def test_no_deck_order_is_shown_only_the_face_up_menu_on_top():
    state = ready(2)
    v = RULES.view(state, 0)
    assert v["animal_deck"] == len(state.animal_deck) and v["menu_deck"] == len(state.menu_deck)
    assert v["menu_top"] == state.menu_deck[0]
    assert v["piles"] == {"vegetables": 20, "meats": 20}


def test_shuffles_and_dealt_or_drawn_cards_are_redacted_for_others():
    state = started(2)
    node = RULES.chance(state)
    shuffled = RULES.resolve_chance(state, list(node.cards))[0]
    assert isinstance(shuffled, DeckShuffled)
    assert RULES.event_view(shuffled, 0) == {"type": "DeckShuffled", "deck": "animals", "k": 0,
                                             "count": 96, "kept": 96}
    dealt = HandsDealt((("hare-1",), ("bear-2",)))
    assert RULES.event_view(dealt, 0)["hand"] == ["hare-1"]
    assert "bear-2" not in json.dumps(RULES.event_view(dealt, 0))
    assert RULES.event_view(dealt, None)["hand"] is None
    drawn = CardsDrawn(1, ("wolf-6",), "end")
    assert "cards" not in RULES.event_view(drawn, 0) and RULES.event_view(drawn, 1)["cards"] == ["wolf-6"]


def test_to_act_and_legal_moves_in_a_view():
    state = ready(2)
    v = RULES.view(state, 0)
    assert v["to_act"] == ["ann"] and v["legal_moves"] == RULES.legal_moves(state, 0)
    assert RULES.view(state, 1)["legal_moves"] == []


def test_while_a_meal_is_proposed_the_helpers_are_listed_before_the_proposer():
    from dataclasses import replace
    from services.forestaurant.rules.state import COOKING, Proposal
    from forestaurant_helpers import position, table
    state = position(ready(3), tables={4: table("bear-5", bell=True, menu="bear-fish-berries")})
    state = replace(state, active=1, phase=COOKING, proposal=Proposal(4, 1, ("bear-6",), ()))
    assert RULES.view(state, 0)["to_act"] == ["ann", "cid", "bob"]


def test_given_clouds_leaving_the_mushrooms_when_any_seat_views_the_table_then_it_sees_the_cards_drawn_at_the_end_of_a_turn():
    # "The highest visible number on the mushrooms shows the number of cards a player has to draw
    # at the end of his turn, after completing actions." (public: the mushrooms lie on the board)
    from dataclasses import replace
    from forestaurant_helpers import CAT, act, empty_board, position
    from services.forestaurant.rules.state import ACTIONS
    for on_mushrooms in (10, 6, 1):
        state = position(empty_board(ready(2)), hands={0: ["hare-1", "hare-2", "fox-3", "bear-6", "deer-4", "wolf-5"]},
                         line=(0, 1, 2), events_left=(), phase=ACTIONS, active=0)
        state = replace(state, mushrooms=on_mushrooms)
        shown = [RULES.view(state, seat)["draw_number"] for seat in (0, 1, None)]
        assert shown == [CAT.draw_number(on_mushrooms)] * 3
        # the number shown is the number the turn ends drawing (2 players: minimal hand 5)
        after, _ = act(state, 0, {"type": "purchase", "card": "hare-1"})
        assert len(after.hands[0]) == 5 + shown[0]
    assert CAT.draw_number(10) < CAT.draw_number(1)  # fewer clouds on the mushrooms, more cards
