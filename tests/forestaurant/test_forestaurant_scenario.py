"""tests/scenarios/forestaurant-first-meal.json: a guest at the table rings at its table's event,
then an order, purchases, a meal, a 5-step."""
from __future__ import annotations

import json
from pathlib import Path

from forestaurant_helpers import RULES, apply, of_type

FILE = Path(__file__).resolve().parents[1] / "scenarios" / "forestaurant-first-meal.json"


def _play(spec):
    state = RULES.initial_state(spec["players"], spec["options"])
    state = apply(state, RULES.start(state))
    shuffles = list(spec["shuffles"])
    events = []

    def settle(state):
        while RULES.chance(state) is not None:
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
    # "The guests have decided what to eat so they are calling a waiter to take their order. Place
    # a bell token on the animal card.": the early bird on turn 1, the fox seated on turn 2 at turn 3
    assert [e.table for e in of_type(events, "BellPlaced")] == [4, 5]
    assert not of_type(events, "GuestSeated")[0].bell
    assert [e.outcome for e in of_type(events, "GuestLeft")] == ["satisfied"]
    assert state.satisfied[-1] == ("bear-5",) and state.score == 5
    # the 5-step brought one of the two star clouds back; no guest lost patience
    assert (state.stars, state.mushrooms, state.tables[5].clouds) == (1, 11, 0)
    assert state.turn == 3 and state.tables[3].guest == "wolf-2"
    assert state.tables[5].status == "menu" and state.tables[2].status == "seated"


def test_the_first_meal_scenario_through_the_project_runner(monkeypatch):
    monkeypatch.setenv("FOODGAMES_EXTRA_GAMES", "services.forestaurant:GAME")
    from apps.scenario import run_scenario
    code, out = run_scenario(json.loads(FILE.read_text()))
    assert code == 0 and out["ok"] and not out["finished"]
    assert out["view"]["satisfied"]["bear"]["value"] == 5 and out["view"]["stars_covered"] == 1
    assert [t["status"] for t in out["view"]["tables"]][2:6] == ["seated", "seated", "empty", "menu"]
