"""The scenario file of the rulebook's Breakfast, played by the project's runner and by hand."""
from __future__ import annotations

import json
from pathlib import Path

from ff_helpers import RULES, apply
from apps.scenario import run_scenario

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
FILE = SCENARIOS / "food-fight-rulebook-breakfast.json"
EMPTY_ARMY = SCENARIOS / "food-fight-empty-army.json"


def _serving_scores(events):
    return [(e["serving"], e["yumminess"], e["chips"]) for e in events if e["type"] == "ServingScored"]


def test_the_rulebook_breakfast_scenario_runs_in_the_projects_runner(monkeypatch):
    spec = json.loads(FILE.read_text())
    assert "shuffles" not in spec  # every shuffle is given by deck name
    status, out = run_scenario(spec)
    assert status == 0, out
    scored = _serving_scores(out["events"])
    assert [y["cid"] for _, y, _ in scored] == [6, 8, 8, 32, 24]
    # ann's Army of three has nothing to reveal in Servings 4 and 5
    assert [y.get("ann") for _, y, _ in scored] == [5, 7, 11, None, None]
    assert [c for _, _, c in scored] == [["bob"], ["cid"], ["ann"], ["cid"], ["cid"]]
    assert out["view"]["vp"] == {"ann": 0, "bob": 0, "cid": 4}
    # ann chose to pass automatically in Serving 4, with nothing left to play: the rules pass
    # for her there and in Serving 5
    anns = [e["auto"] for e in out["events"] if e["type"] == "Passed" and e["seat"] == 0]
    assert anns == [False, False, False, True, True]


def test_the_empty_army_scenario_leaves_a_lone_army_to_the_dog():
    # "In order to fight at a Meal ... you must have an Army of food." / "When your Army is the
    # only Army at a Meal, The Dog shows up to try to eat your troops."
    status, out = run_scenario(json.loads(EMPTY_ARMY.read_text()))
    assert status == 0, out
    started = [e for e in out["events"] if e["type"] == "MealStarted"]
    assert [(e["fighters"], e["lone"], e["dog"]) for e in started] == [([0], True, True)]
    assert [s[2] for s in _serving_scores(out["events"])] == [["ann"]] * 3 + [["the-dog"]] * 2
    assert all(e["auto"] for e in out["events"] if e["type"] == "Passed")
    assert out["view"]["vp"] == {"ann": 4, "bob": 0}


def test_the_rulebook_breakfast_scenario_by_deck_with_the_test_helper():
    """The same file through the helpers, with its shuffles given by deck name."""
    spec = json.loads(FILE.read_text())
    by_deck = {k: list(v) for k, v in spec["shuffles_by_deck"].items()}
    state = RULES.initial_state(spec["players"], spec["options"])
    log = list(RULES.start(state))
    state = apply(state, log)

    def settle():
        nonlocal state
        while (node := RULES.chance(state)) is not None:
            given = by_deck.get(node.deck)
            order = given.pop(0) if given else list(node.cards)
            events = RULES.resolve_chance(state, order)
            log.extend(events)
            state = apply(state, events)

    settle()
    for step in spec["moves"]:
        seat = spec["players"].index(step["player"])
        events = RULES.decide(state, seat, step["move"])
        log.extend(events)
        state = apply(state, events)
        settle()
    scored = [e for e in log if type(e).__name__ == "ServingScored"]
    assert [e.yumminess["cid"] for e in scored] == [6, 8, 8, 32, 24]
    assert state.vp == (0, 0, 4)
