"""tests/scenarios/forestaurant-first-meal.json: an order, purchases, a meal, a 5-step."""
from __future__ import annotations

import json
import os
from pathlib import Path

from forestaurant_helpers import RULES, apply, of_type

FILE = Path(__file__).resolve().parents[1] / "scenarios" / "forestaurant-first-meal.json"


def _play(spec):
    state = RULES.initial_state(spec["players"], spec["options"])
    state = apply(state, RULES.start(state))
    shuffles = list(spec["shuffles"])
    events = []

    def settle(state):
        while (node := RULES.chance(state)) is not None:
            evs = RULES.resolve_chance(state, shuffles.pop(0))
            events.extend(evs)
            state = apply(state, evs)
        return state

    state = settle(state)
    for m in spec["moves"]:
        evs = RULES.decide(state, spec["players"].index(m["player"]), m["move"])
        events.extend(evs)
        state = settle(apply(state, evs))
    return state, events


def test_the_first_meal_scenario_through_the_rules():
    spec = json.loads(FILE.read_text())
    state, events = _play(spec)
    assert [e.outcome for e in of_type(events, "GuestLeft")] == ["satisfied"]
    assert state.satisfied[-1] == ("bear-5",) and state.score == 5
    # the 5-step brought one of the two star clouds back; the fox's cloud left the mushrooms
    assert (state.stars, state.mushrooms, state.tables[5].clouds) == (1, 10, 1)
    assert state.turn == 3 and state.tables[3].guest == "wolf-2"


def test_the_first_meal_scenario_through_the_project_runner(monkeypatch):
    monkeypatch.setenv("FOODGAMES_EXTRA_GAMES", "services.forestaurant:GAME")
    from apps.scenario import run_scenario
    code, out = run_scenario(json.loads(FILE.read_text()))
    assert code == 0 and out["ok"] and not out["finished"]
    assert out["view"]["satisfied"]["bear"]["value"] == 5 and out["view"]["stars_covered"] == 1
