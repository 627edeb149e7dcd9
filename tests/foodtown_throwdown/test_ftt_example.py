"""The rulebook's "An Example Of Play", round 1, as a test and as a scenario file."""
from __future__ import annotations

import json
from pathlib import Path

from ftt_helpers import PLAYERS4, RULES, act, apply, draw, pass_turn, ready, started, types

SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "foodtown-throwdown-example-round.json"

HANDS = {0: ["pulled-pork", "french-fries", "tomatoes", "pinto-beans"],
         1: ["black-beans", "cheddar", "grilled-chicken", "hash-browns"],
         2: ["whole-wheat-bread", "hamburger-meat", "mozzarella", "refried-beans"],
         3: ["sourdough-loaf", "lettuce", "pepper-jack", "flour-tortilla"]}
DRAWS = ["onions", "downtown", "potato-medley", "health-inspection"]


def test_the_example_round():
    state = ready(PLAYERS4, recipes=["hot-dog", "nachos", "veggie-wrap"], hands=HANDS, draws=DRAWS)
    assert state.display == ("hot-dog", "nachos")
    # Jacy: draws an ingredient that matches neither recipe, holds on to it and passes
    state, events = draw(state)
    assert events[0].card == "onions"
    assert not any(m["type"] == "complete" for m in RULES.legal_moves(state, 0))
    state, _ = pass_turn(state)
    # Chris: draws a territory and plays it immediately for one star, then passes
    state, _ = draw(state)
    state, events = act(state, 1, {"type": "play", "card": "downtown"})
    assert events[0].at_once and RULES.view(state, None)["stars"]["chris"] == 1
    state, _ = pass_turn(state)
    # Justin: draws the ingredient he needs and takes the hot dog: two stars
    state, _ = draw(state)
    state, events = act(state, 2, {"type": "complete", "recipe": "hot-dog",
                                   "cards": ["whole-wheat-bread", "hamburger-meat", "potato-medley"]})
    assert types(events) == ["RecipeCompleted", "RecipesFlipped"]
    assert RULES.view(state, None)["stars"]["justin"] == 2
    assert state.display == ("nachos", "veggie-wrap")
    state, _ = pass_turn(state)
    # Jen: draws an action card and forces Chris to discard two of his ingredients
    state, _ = draw(state)
    state, events = act(state, 3, {"type": "play", "card": "health-inspection", "target": "chris"})
    assert RULES.to_act(state) == {1}
    state, events = act(state, 1, {"type": "discard", "cards": ["grilled-chicken", "hash-browns"]})
    assert sorted(state.hands[1]) == ["black-beans", "cheddar"]
    state, _ = pass_turn(state, 3)
    assert state.current == 0 and state.turn == 5
    assert RULES.view(state, None)["stars"] == {"jacy": 0, "chris": 1, "justin": 2, "jen": 0}


def _play_file(spec):
    """Our own runner: shuffles by deck name (`shuffles_by_deck`) or in the order asked."""
    state = started(spec["players"], **spec.get("options", {}))
    by_deck = {k: list(v) for k, v in spec.get("shuffles_by_deck", {}).items()}
    positional = list(spec.get("shuffles", []))

    def settle(state):
        while (node := RULES.chance(state)) is not None:
            order = by_deck[node.deck].pop(0) if node.deck in by_deck else positional.pop(0)
            state = apply(state, RULES.resolve_chance(state, order))
        return state

    state = settle(state)
    for m in spec["moves"]:
        state = settle(apply(state, RULES.decide(state, spec["players"].index(m["player"]), m["move"])))
    return state


def test_the_example_scenario_file_plays_through_our_helper():
    spec = json.loads(SCENARIO.read_text())
    state = _play_file(spec)
    assert RULES.view(state, None)["stars"] == {"jacy": 0, "chris": 1, "justin": 2, "jen": 0}
    assert state.menus[2][0][0] == "hot-dog"


def test_the_example_scenario_file_plays_through_the_project_runner(monkeypatch):
    monkeypatch.setenv("FOODGAMES_EXTRA_GAMES", "services.foodtown_throwdown:GAME")
    from apps.scenario import run_scenario
    code, out = run_scenario(json.loads(SCENARIO.read_text()))
    assert code == 0, out
    assert out["points"] == {"jacy": 0, "chris": 1, "justin": 2, "jen": 0}
    assert sorted(out["view"]["hand"]) == ["black-beans", "cheddar"]


ACTIONS_SCENARIO = SCENARIO.with_name("foodtown-throwdown-action-cards.json")


def test_the_action_cards_scenario_shows_that_action_cards_award_no_stars():
    """ "Action cards ... do not award any stars but instead are played to stifle your opponents'
    progress." (foodgames scenario tests/scenarios/foodtown-throwdown-action-cards.json)"""
    from apps.scenario import run_scenario
    code, out = run_scenario(json.loads(ACTIONS_SCENARIO.read_text()))
    assert code == 0, out
    # Ann's Downtown went to the discard pile: Bob's Hostile Takeover gave him no star
    assert out["points"] == {"ann": 0, "bob": 0}
    assert out["view"]["tables"] == {"ann": [], "bob": []} and "downtown" in out["view"]["discard"]
    # Bob's Menu Mix-Up left his own hand as it was and made Ann discard hers and draw anew
    assert sorted(out["view"]["hand"]) == ["black-beans", "onions", "pinto-beans", "tomatoes"]
    mix_up = [e for e in out["events"] if e["type"] == "CardsDiscarded" and e.get("reason") == "mix-up"]
    assert len(mix_up) == 1 and mix_up[0]["seat"] == 0 and len(mix_up[0]["cards"]) == 5
