"""The scenario runner (`foodgames scenario FILE.json`), the rulebook's worked example, and the
example 2-player game."""
from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from foodie_helpers import order_for, started, table
from services.foodie_forest.rules.decide import deal_gain
from apps.scenario import ScenarioError, load_file, run_scenario

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "tests" / "scenarios" / "foodie-forest-2p.json"
FOODGAMES = Path(sys.executable).parent / "foodgames"
PLAYERS = ["player-d", "player-a", "player-b", "player-c"]  # D deals, so A leads


def _cli(*args, stdin=None):
    return subprocess.run([str(FOODGAMES), "scenario", *args], capture_output=True, text=True,
                          input=stdin, timeout=60, cwd=ROOT)


def _moves(*pairs):
    out = []
    for player, what in pairs:
        kind = "choose_recipe" if "-" not in what or what == "empty-pot" else "play"
        key = "recipe" if kind == "choose_recipe" else "card"
        out.append({"player": player, "move": {"type": kind, key: what}})
    return out


# ---- the rulebook's Gameplay Example ---------------------------------------------------------

def _worked_example(edition: str):
    options = {"edition": edition}
    state = started(PLAYERS, **options)
    if edition == "en":
        hands = {  # C holds no bug; D holds no bug either, so D may throw in Trash
            3: ["fruit-5", "fruit-4", "fruit-1", "fruit-1", "fruit-2", "fruit-2", "fruit-3",
                "fruit-3", "fruit-herb", "fruit-herb", "fruit-herb", "vegetable-1", "vegetable-1"],
            0: ["trash-1", "trash-1", "trash-2", "trash-2", "trash-3", "trash-3", "trash-4",
                "trash-4", "trash-5", "trash-5", "vegetable-2", "vegetable-2", "vegetable-4"],
            1: ["bug-3", "fruit-4"], 2: ["bug-1", "vegetable-3"]}
        c_card, d_card, d_recipe = "fruit-5", "trash-2", "trash"
    else:
        hands = {  # C holds no bug; C's 5 is a Boot, D's "Trash" is a 0 card
            3: ["boot-5", "fruit-4", "fruit-1", "fruit-1", "fruit-2", "fruit-2", "fruit-3",
                "fruit-3", "fruit-herb", "fruit-herb", "vegetable-1", "vegetable-1", "vegetable-2"],
            0: ["fruit-0"], 1: ["bug-3", "fruit-4"], 2: ["bug-1", "vegetable-3"]}
        c_card, d_card, d_recipe = "boot-5", "fruit-0", "boot"
    moves = _moves(("player-a", "bug"), ("player-b", "vegetable"), ("player-c", "fruit"),
                   ("player-d", d_recipe),
                   ("player-a", "bug-3"),  # "3"
                   ("player-b", "bug-1"),  # "4"
                   ("player-c", c_card),  # no bug: "9"
                   ("player-d", d_card),  # "0"
                   ("player-a", "fruit-4"),  # "4"
                   ("player-b", "vegetable-3"),  # "7"
                   ("player-c", "fruit-4"))  # 11: the pot is full
    return {"game": "foodie-forest", "players": PLAYERS, "options": options,
            "shuffles": [order_for(state, hands)], "moves": moves}, table(state)


@pytest.mark.parametrize("edition", ["en", "de-description"])
def test_the_rulebooks_worked_example_gives_player_c_2_points_for_their_colour_recipe(edition):
    scenario, tab = _worked_example(edition)
    status, out = run_scenario(scenario)
    assert status == 0 and out["ok"]
    totals = [e["total"] for e in out["events"] if e["type"] == "CardPlayed"]
    assert totals == [3, 4, 9, 0, 4, 7, 11]
    [taken] = [e for e in out["events"] if e["type"] == "TrickTaken"]
    assert taken["seat"] == 3 and taken["total"] == 11 and len(taken["cards"]) == 7
    assert deal_gain(tab, "fruit", taken["cards"]) == 2
    assert out["view"]["cards_taken"]["player-c"] == 7
    assert out["view"]["turn"] == "player-c"  # the taker begins the next trick
    assert not out["finished"] and out["winners"] == []


def test_the_worked_example_through_the_console_script(tmp_path):
    scenario, _ = _worked_example("en")
    path = tmp_path / "example.json"
    path.write_text(json.dumps(scenario))
    proc = _cli(str(path))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["ok"] is True and out["points"] == {p: 5 for p in PLAYERS}


# ---- the runner ------------------------------------------------------------------------------

def test_the_example_2_player_game_plays_to_the_end_through_the_console_script():
    proc = _cli(str(EXAMPLE))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert set(out) == {"ok", "finished", "points", "winners", "events", "view", "to_act", "legal"}
    assert out["to_act"] == [] and out["legal"] == {}
    assert out["ok"] is True and out["finished"] is True
    assert set(out["points"]) == {"ann", "bob"}
    best = max(out["points"].values())
    assert out["winners"] == [p for p, v in out["points"].items() if v == best]
    types = [e["type"] for e in out["events"]]
    assert types[0] == "GameStarted" and types[-1] == "GameEnded"
    assert types.count("CardsDealt") == 5 and types.count("DealScored") == 5
    assert out["view"]["hand"] is None and out["view"]["finished"] is True


def test_an_illegal_move_stops_the_run_with_status_1_and_a_reason(tmp_path):
    scenario = json.loads(EXAMPLE.read_text())
    first_play = next(i for i, m in enumerate(scenario["moves"]) if m["move"]["type"] == "play")
    leader = scenario["moves"][first_play]["player"]
    other = next(p for p in scenario["players"] if p != leader)
    scenario["moves"][first_play]["player"] = other
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(scenario))
    proc = _cli(str(path))
    assert proc.returncode == 1
    out = json.loads(proc.stdout)
    legal = out.pop("legal")
    assert out == {"ok": False, "move_index": first_play, "error": f"it is {leader}'s turn",
                   "points": {"ann": 5, "bob": 5}, "to_act": [leader]}
    assert set(legal) == {leader} and scenario["moves"][first_play]["move"] in legal[leader]


@pytest.mark.parametrize("spec, message", [
    ({"game": "chess", "players": ["a", "b"]}, "unknown game 'chess'"),
    ({"game": "foodie-forest", "players": ["a"]}, "2 to 5 players"),
    ({"game": "foodie-forest", "players": ["a", "b"], "options": {"x": 1}}, "unknown option"),
    ({"game": "foodie-forest", "players": ["a", "b"], "moves": [{"player": "z", "move": {}}]},
     "'z' is not one of the players"),
    ({"game": "foodie-forest", "players": ["a", "b"], "moves": [{"move": {}}]},
     "moves\\[0\\] must be an object with exactly 'player' and 'move'"),
    ({"game": "foodie-forest", "players": ["a", "b"], "shuffles": [["bug-1"]]},
     "shuffles\\[0\\] is not an order of the 52 cards"),
    ({"game": "foodie-forest", "players": "ab"}, "'players' must be a list"),
    ({"game": "foodie-forest", "players": ["a", "b"], "seed": 3}, "unknown key"),
    ([1, 2], "a scenario is a JSON object"),
])
def test_a_malformed_scenario_is_refused_with_a_clear_message(spec, message):
    with pytest.raises(ScenarioError, match=message):
        run_scenario(spec)


def test_a_file_that_is_not_json_is_refused(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    with pytest.raises(ScenarioError, match="is not JSON"):
        load_file(str(path))
    with pytest.raises(ScenarioError, match="cannot read"):
        load_file(str(tmp_path / "missing.json"))


def test_a_malformed_file_exits_2_with_the_message_on_stderr():
    proc = _cli("-", stdin=json.dumps({"game": "foodie-forest", "players": ["a", "b"],
                                        "shuffles": [["bug-1"] * 52]}))
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "shuffles[0] is not an order of the 52 cards of deck 'ingredients'" in proc.stderr


def test_shuffles_not_given_come_from_a_fixed_seed_and_do_not_depend_on_the_given_ones():
    base = {"game": "foodie-forest", "players": ["a", "b", "c"], "moves": []}
    _, one = run_scenario(base)
    _, two = run_scenario(copy.deepcopy(base))
    assert one["events"] == two["events"]
    dealt = one["events"][1]
    # giving the second shuffle leaves the first (seeded) one as it was
    given = dict(base, shuffles=[None, sorted(dealt["set_aside"] + sum(dealt["hands"], []))])
    _, three = run_scenario(given)
    assert three["events"][1] == dealt


def test_the_view_as_key_shows_that_players_view():
    scenario = json.loads(EXAMPLE.read_text())
    scenario["moves"] = scenario["moves"][:3]
    scenario["view_as"] = "bob"
    status, out = run_scenario(scenario)
    assert status == 0 and not out["finished"]
    assert out["view"]["you"] == "bob" and len(out["view"]["hand"]) > 0


# ---- shuffles by deck name, and who may move ---------------------------------------------------

def test_a_shuffle_given_by_deck_name_answers_that_decks_kth_shuffle():
    spec = json.loads(EXAMPLE.read_text())
    by_name = {k: v for k, v in spec.items() if k != "shuffles"}
    # the whole game's deals given as the ingredients deck's orders instead of by position
    by_name["shuffles_by_deck"] = {"ingredients": spec["shuffles"]}
    assert run_scenario(by_name) == run_scenario(spec)
    # given a positional order and another one by name for the same shuffle, the named one is dealt
    first = spec["shuffles"][0]
    both = dict(spec, moves=[], shuffles_by_deck={"ingredients": [list(reversed(first))]})
    named_only = dict(spec, moves=[], shuffles=[list(reversed(first))])

    def deal(s):
        return [e for e in run_scenario(s)[1]["events"] if e["type"] == "CardsDealt"]

    assert deal(both) == deal(named_only) != deal(dict(spec, moves=[]))


def test_an_order_of_other_cards_for_a_named_deck_is_refused_naming_it():
    spec = json.loads(EXAMPLE.read_text())
    spec["shuffles_by_deck"] = {"ingredients": [spec["shuffles"][0][:-1] + ["bug-99"]]}
    with pytest.raises(ScenarioError, match=r"shuffles_by_deck\['ingredients'\]\[0\].*bug-99"):
        run_scenario(spec)


def test_the_output_says_who_may_move_and_their_legal_moves_also_after_a_refused_move():
    spec = json.loads(EXAMPLE.read_text())
    spec["moves"] = spec["moves"][:2] + [{"player": "ann", "move": {"type": "play", "card": "bug-herb"}}]
    status, out = run_scenario(spec)
    assert status == 1 and out["move_index"] == 2
    assert out["to_act"] == ["bob"]
    assert {"type": "play", "card": "bug-5"} in out["legal"]["bob"]
    status, out = run_scenario(dict(spec, moves=spec["moves"][:2]))
    assert status == 0 and out["to_act"] == ["bob"] and out["legal"]["bob"]


def test_a_move_of_a_shape_the_game_does_not_declare_is_refused_before_the_rules():
    spec = json.loads(EXAMPLE.read_text())
    spec["moves"] = [{"player": "ann", "move": {"type": ["choose_recipe"]}}]
    status, out = run_scenario(spec)
    assert status == 1 and "'type' is a text" in out["error"]
