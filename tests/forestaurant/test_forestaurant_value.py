"""The search's learnt value (services/forestaurant/value.py): what its features read of a
position, and which fitted weights it uses."""
from __future__ import annotations

import json
from dataclasses import replace

from services.forestaurant import value
from services.forestaurant.value import FEATURES, features, win_chance

from forestaurant_helpers import CAT, empty_board, position, ready, table

A_GUEST = next(c for c in CAT.animal_deck if CAT.animals[c].value == 2)
A_MENU = next(m for m in CAT.menus if CAT.menus[m].species == CAT.animals[A_GUEST].species)


def read(state, name: str) -> float:
    return features(state)[FEATURES.index(name)]


def test_given_a_waiting_guest_on_the_line_just_marked_when_read_then_the_cloud_coming_counts_only_there():
    # given: a turn begun on the top row (tables 0, 1, 2), a guest waiting with a bell at table 1
    start = replace(empty_board(ready(3)), phase="events", line=(0, 1, 2), events_left=(0, 1, 2))
    marked = position(start, {1: table(A_GUEST, bell=True, clouds=2)})
    # the same guest at table 4, on the middle row: no event this turn
    elsewhere = position(start, {4: table(A_GUEST, bell=True, clouds=2)})
    # when / then: the waiting guest on the marked line takes a cloud now, its third covers a star
    assert read(marked, "line_waiting") == 1 / 3 and read(marked, "line_third") == 1 / 3
    assert read(elsewhere, "line_waiting") == 0 and read(elsewhere, "line_third") == 0
    assert read(marked, "line_empty") == 2 / 3 and read(elsewhere, "line_empty") == 1


def test_given_an_eating_guest_on_the_marked_line_when_read_then_its_leaving_is_counted_by_its_clouds():
    start = replace(empty_board(ready(3)), phase="events", line=(0, 1, 2), events_left=(0, 1, 2))
    calm = position(start, {2: table(A_GUEST, menu=A_MENU, eating=True, clouds=0)})
    semi = position(start, {2: table(A_GUEST, menu=A_MENU, eating=True, clouds=1)})
    assert read(calm, "line_leave_good") == 1 / 3 and read(calm, "line_leave_semi") == 0
    assert read(semi, "line_leave_semi") == 1 / 3 and read(semi, "line_leave_good") == 0


def test_given_weights_of_its_own_for_a_difficulty_when_valued_then_they_are_used_and_the_pooled_elsewhere(
        tmp_path, monkeypatch):
    # given: pooled weights that say "certain loss" and easy's own "certain win", on players_3
    # (1 at a table of three)
    pooled, own = [0.0] * len(FEATURES), [0.0] * len(FEATURES)
    pooled[FEATURES.index("players_3")], own[FEATURES.index("players_3")] = -30.0, 30.0
    path = tmp_path / "weights.json"
    path.write_text(json.dumps({"features": list(FEATURES), "weights": pooled, "by_difficulty": {"easy": own}}))
    monkeypatch.setattr(value, "WEIGHTS_FILE", path)
    value.weights.cache_clear()
    try:
        # when / then: easy games are valued with easy's weights, the others with the pooled ones
        assert win_chance(ready(3, difficulty="easy")) > 0.99
        assert win_chance(ready(3, difficulty="normal")) < 0.01
        assert win_chance(ready(3, difficulty="hard")) < 0.01
    finally:
        value.weights.cache_clear()
