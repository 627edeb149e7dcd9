"""The five table states of the Rules Overview: "an empty table, a guest at the table, a guest
with a bell, a guest with a faceup menu card, and a guest eating (with a facedown menu card)".

A newly seated guest (by an event, by free seating, or the early bird) is a guest at the table;
"The guests have decided what to eat so they are calling a waiter to take their order. Place a
bell token on the animal card." is its table's next event (issue 31)."""
from __future__ import annotations

import pytest

from forestaurant_helpers import RULES, act, empty_board, names, of_type, position, ready, table
from services.forestaurant.rules.events import GuestSeated
from services.forestaurant.rules.state import ACTIONS, EVENTS
from shared.codec import EventCodec
from shared.rules import IllegalMove

HAND = ["hare-1", "hare-2", "fox-3", "bear-6", "deer-4", "wolf-5", "boar-2", "squirrel-1"]


def _events(tables, line=(0, 1, 2), hand=HAND, **changes):
    state = empty_board(ready(2))
    return position(state, tables=tables, hands={0: hand}, line=line, events_left=line,
                    phase=EVENTS, active=0, **changes)


def test_a_guest_at_the_table_places_its_bell_at_its_tables_next_event_and_loses_no_patience():
    # "The guests have decided what to eat so they are calling a waiter to take their order.
    # Place a bell token on the animal card."
    state = _events({0: table("hare-2")})
    assert state.tables[0].status == "seated"
    mushrooms = state.mushrooms
    state, events = act(state, 0, {"type": "resolve_event", "table": 0})
    assert names(events)[:2] == ["BellPlaced", "EventResolved"]
    assert state.tables[0].status == "bell" and state.tables[0].clouds == 0
    assert state.mushrooms == mushrooms and not of_type(events, "CloudMoved")


def test_a_guest_with_a_bell_loses_patience_at_its_tables_next_event():
    # "Guests are losing their patience because nobody has taken their order yet. Place 1 cloud
    # token from the mushrooms on the animal card"
    state = _events({0: table("hare-2")})
    state, _ = act(state, 0, {"type": "resolve_event", "table": 0})
    state = position(state, phase=EVENTS, events_left=(0,), line=(0, 1, 2))
    state, events = act(state, 0, {"type": "resolve_event", "table": 0})
    assert [(e.src, e.dst) for e in of_type(events, "CloudMoved")] == [("mushrooms", "guest")]
    assert state.tables[0].clouds == 1 and state.tables[0].bell


def test_a_guest_seated_by_an_event_is_a_guest_at_the_table_without_a_bell():
    # "If a table is empty - guests sit down": the bell is the next state's event
    state = _events({})
    state, events = act(state, 0, {"type": "resolve_event", "table": 1, "card": "fox-3"})
    seated = of_type(events, "GuestSeated")[0]
    assert not seated.bell and state.tables[1].status == "seated"
    assert not of_type(events, "BellPlaced")


def test_a_guest_seated_freely_cannot_order_before_its_bell():
    # "If a guest card has a bell token on it, the player can take the order as an action."
    state = position(empty_board(ready(2)), hands={0: HAND}, line=(0, 1, 2), events_left=(),
                     phase=ACTIONS, active=0)
    state, _ = act(state, 0, {"type": "seat", "table": 4, "card": "bear-6"})
    assert state.tables[4].status == "seated"
    assert not [m for m in RULES.legal_moves(state, 0) if m["type"] == "take_order"]
    with pytest.raises(IllegalMove, match="needs a guest with a bell") as refused:
        RULES.decide(state, 0, {"type": "take_order", "table": 4, "card": "hare-1"})
    assert refused.value.key == "needs-bell" and refused.value.values["status"] == "seated"


def test_the_early_bird_is_ordered_only_after_its_table_rang():
    # the early bird sits at the middle table (4), which the values 2 (middle row) and 5 (middle
    # column) mark
    state = ready(1, orders={"animals": ["bear-5", "hare-6"]})  # turn card hare-6: right column
    assert state.tables[4].status == "seated" and 4 not in state.line
    state = position(state, phase=ACTIONS, events_left=())
    assert not [m for m in RULES.legal_moves(state, 0) if m["type"] == "take_order"]


def test_one_table_goes_through_the_five_states_in_order():
    state = _events({})
    seen = [state.tables[0].status]
    state, _ = act(state, 0, {"type": "resolve_event", "table": 0, "card": "fox-3"})
    seen.append(state.tables[0].status)
    state = position(state, phase=EVENTS, events_left=(0,), line=(0, 1, 2))
    state, _ = act(state, 0, {"type": "resolve_event", "table": 0})
    seen.append(state.tables[0].status)
    state = position(state, phase=ACTIONS, events_left=(), menu_deck=("fox-ham-berries",),
                     hands={0: HAND + ["fox-1", "fox-2"]}, storage={0: ["ham", "berries"]})
    state, _ = act(state, 0, {"type": "take_order", "table": 0, "card": "fox-1"})
    seen.append(state.tables[0].status)
    state, _ = act(state, 0, {"type": "cook", "table": 0, "cards": ["fox-2", "boar-2"],
                              "ingredients": ["ham", "berries"]})
    seen.append(state.tables[0].status)
    state = position(state, phase=EVENTS, events_left=(0,), line=(0, 1, 2), active=0)
    state, _ = act(state, 0, {"type": "resolve_event", "table": 0})
    seen.append(state.tables[0].status)
    assert seen == ["empty", "seated", "bell", "menu", "eating", "empty"]


def test_a_guest_at_the_table_still_minds_its_new_neighbours():
    # "The predator-prey relationship must be checked for each neighbor of the newly seated guests"
    state = position(empty_board(ready(2)), tables={1: table("hare-1")}, hands={0: HAND},
                     line=(0, 1, 2), events_left=(), phase=ACTIONS, active=0)
    state, _ = act(state, 0, {"type": "seat", "table": 4, "card": "bear-6"})
    assert state.tables[1].clouds == 1 and state.tables[1].status == "seated"


def test_records_written_before_the_fix_replay_with_their_bell():
    codec = EventCodec(RULES.event_types)
    old = {"type": "GuestSeated", "schema_version": 1,
           "data": {"table": 3, "seat": 0, "card": "fox-2", "free": True}}
    assert codec.decode(old) == GuestSeated(3, 0, "fox-2", True, bell=True)
    new = codec.encode(GuestSeated(3, 0, "fox-2", True, bell=False))
    assert codec.decode(new).bell is False
