"""The audit of a game's whole record (docs/audit.md 6.1): a real finished game of every
registered game (its bots play it through the runtime; tests/deck/record_games.py) gives a v2
bundle whose record replays through the game's rules; changing any event of it - a card, a
seat, a points figure, a shuffled order, a dropped, swapped or added event - or a recorded move
fails the record check, naming the first event that differs and how. A v1 bundle still verifies
its shuffles and says the record check is skipped."""
from __future__ import annotations

import json
import random
import re

import pytest

from apps.audit import record as rec
from apps.audit import verifier as v
from apps.cli.main import main as cli
from shared import games
from tests.deck.game_log import V1_BUNDLE
from tests.deck.record_games import finished_game_bundle

GAMES = games.names()
SAMPLES = 5  # positions tried per kind of change and game (plus the ones every game must catch)
SEAT_KEYS = ("seat", "winner", "next_seat", "leader", "dealer", "first", "target")
POINT_KEYS = ("points", "vp", "stars", "score", "gains", "yumminess", "chips")


def record_check(report: v.Report) -> v.Check:
    return next(c for c in report.checks if c.name == rec.RECORD_CHECK)


def first_difference(honest: list, changed: list) -> int:
    return next((i for i, (a, b) in enumerate(zip(honest, changed)) if a != b), min(len(honest), len(changed)))


# ---------------------------------------------------------------- changes to one event

def leaves(value, path=()):
    """(path, value) of every scalar inside `value`."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from leaves(item, (*path, i))
    else:
        yield path, value


def set_at(value, path, new):
    for key in path[:-1]:
        value = value[key]
    value[path[-1]] = new


def card_paths(event, cards):
    return [p for p, x in leaves(event["data"]) if isinstance(x, str) and x in cards]


def seat_paths(event):
    return [p for p, x in leaves(event["data"]) if isinstance(x, int) and not isinstance(x, bool)
            and any(isinstance(k, str) and k in SEAT_KEYS for k in p)]


def point_paths(event):
    return [p for p, x in leaves(event["data"]) if isinstance(x, int) and not isinstance(x, bool)
            and any(isinstance(k, str) and k in POINT_KEYS for k in p)]


def changes(bundle: dict, rng: random.Random):
    """(kind, what, changed events) for every kind of change, at a few positions."""
    events = bundle["events"]
    players = len(events[0]["data"]["players"])
    cards = sorted({c for s in bundle["shuffles"] for c in s["cards"]})

    def sample(positions, must=()):
        positions = list(positions)
        picked = set(must) | set(rng.sample(positions, min(SAMPLES, len(positions))))
        assert picked, "no event to change"
        return sorted(picked)

    def copy():
        return json.loads(json.dumps(events))

    # a card: the first deal's hands always, and cards anywhere
    dealt = next(i for i, e in enumerate(events) if "hands" in e["data"])
    for i in sample([i for i, e in enumerate(events) if card_paths(e, cards)], must=[dealt]):
        changed, path = copy(), rng.choice(card_paths(events[i], cards))
        old = events[i]["data"]
        for key in path:
            old = old[key]
        set_at(changed[i]["data"], path, next(c for c in cards if c != old))
        yield "card", f"event {i} {events[i]['type']} {path}", changed
    # a seat
    for i in sample([i for i, e in enumerate(events) if seat_paths(e)]):
        changed, path = copy(), rng.choice(seat_paths(events[i]))
        set_at(changed[i]["data"], path, (changed_value(events[i]["data"], path) + 1) % max(players, 2))
        yield "seat", f"event {i} {events[i]['type']} {path}", changed
    # a points figure: GameOver's always
    over = next(i for i, e in enumerate(events) if e["type"] == "GameOver")
    for i in sample([i for i, e in enumerate(events) if point_paths(e)], must=[over]):
        changed, path = copy(), rng.choice(point_paths(events[i]))
        set_at(changed[i]["data"], path, changed_value(events[i]["data"], path) + 1)
        yield "points", f"event {i} {events[i]['type']} {path}", changed
    # a shuffled order as the game applied it
    for i in sample([i for i, e in enumerate(events) if e["type"] == "ShuffleApplied"]):
        changed = copy()
        order = changed[i]["data"]["order"]
        j = next(n for n in range(1, len(order)) if order[n] != order[0])
        order[0], order[j] = order[j], order[0]
        yield "order", f"event {i} ShuffleApplied", changed
    # a dropped event (the last one too)
    for i in sample(range(len(events)), must=[len(events) - 1]):
        changed = copy()
        del changed[i]
        yield "dropped", f"event {i} {events[i]['type']}", changed
    # a swapped pair
    for i in sample([i for i in range(len(events) - 1) if events[i] != events[i + 1]]):
        changed = copy()
        changed[i], changed[i + 1] = changed[i + 1], changed[i]
        yield "swapped", f"events {i}, {i + 1}", changed
    # an added event: a copy of one in the record, somewhere in it or at its end
    for i in sample(range(1, len(events)), must=[len(events)]):
        changed = copy()
        changed.insert(i, json.loads(json.dumps(events[rng.randrange(len(events))])))
        yield "added", f"at {i}", changed


def changed_value(data, path):
    for key in path:
        data = data[key]
    return data


@pytest.fixture(scope="module", params=GAMES)
def finished(request):
    return request.param, finished_game_bundle(request.param)


def test_an_honest_record_of_every_game_replays_through_its_rules(finished):
    name, bundle = finished
    assert bundle["format"] == "foodgames-audit-bundle-v2" and bundle["game"] == name
    assert any("move" in c for c in bundle["commands"]), "the runtime stores the moves"
    report = rec.audit_bundle(bundle)
    assert report.ok and not report.skipped, v.format_report(report)
    names = [c.name for c in report.checks]
    assert names[-2:] == ["game record", "final result"]
    over = next(e for e in bundle["events"] if e["type"] == "GameOver")["data"]
    assert f"points {over['points']}, placings {over['placings']}" in report.checks[-1].reason


def test_every_change_to_an_event_is_caught_naming_the_first_event_that_differs(finished):
    name, bundle = finished
    rng = random.Random(f"mutations of {name}")
    kinds = set()
    for kind, what, events in changes(bundle, rng):
        changed = dict(bundle, events=events)
        report = rec.audit_bundle(changed)
        check = record_check(report)
        first = first_difference(bundle["events"], events)
        assert not check.ok, f"{name}: {kind} change of {what} was not caught"
        assert check.reason.startswith(f"game event {first} "), f"{name}: {kind} {what}: {check.reason}"
        how = {"missing", "differs", "was added"}
        assert any(word in check.reason for word in how), check.reason
        assert not report.ok
        kinds.add(kind)
    assert kinds == {"card", "seat", "points", "order", "dropped", "swapped", "added"}


def test_a_changed_points_figure_of_game_over_fails_the_final_result_too(finished):
    name, bundle = finished
    i = next(i for i, e in enumerate(bundle["events"]) if e["type"] == "GameOver")
    bundle["events"][i]["data"]["points"][0] += 1
    report = rec.audit_bundle(bundle)
    assert {c.name for c in report.failures} == {"game record", "final result"}
    assert re.search(rf"^game event {i} \(GameOver\) differs .*data\.points\[0\]", record_check(report).reason)


def test_a_changed_move_or_its_seat_is_caught_at_its_command(finished):
    name, bundle = finished
    rng = random.Random(f"moves of {name}")
    starts = {n: (bundle["commands"][n - 1]["version"] if n else 0) for n in range(len(bundle["commands"]))}
    moves = [n for n, c in enumerate(bundle["commands"]) if "move" in c]
    for n in rng.sample(moves, 3):
        command = bundle["commands"][n]
        other = next(c["move"]["move"] for c in bundle["commands"][n + 1:] + bundle["commands"][:n]
                     if "move" in c and c["move"]["move"] != command["move"]["move"])
        for change in ("move", "seat"):
            changed = json.loads(json.dumps(bundle))
            if change == "move":
                changed["commands"][n]["move"]["move"] = other
            else:
                changed["commands"][n]["move"]["seat"] = (command["move"]["seat"] + 1) % 2
            check = record_check(rec.audit_bundle(changed))
            assert not check.ok, f"{name}: changed {change} of command {n} was not caught"
            index = int(re.match(r"game event (\d+) ", check.reason).group(1))
            assert starts[n] <= index < command["version"], check.reason


def test_a_command_stored_before_moves_were_kept_skips_the_rest_of_the_record():
    bundle = finished_game_bundle("foodie-forest")
    n = next(n for n, c in enumerate(bundle["commands"]) if "move" in c)
    del bundle["commands"][n]["move"]
    report = rec.audit_bundle(bundle)
    assert report.ok
    skipped = {c.name: c.reason for c in report.skipped}
    assert set(skipped) == {"game record", "final result"}
    assert "stored before moves were kept" in skipped["game record"]
    # an event before it that differs still fails
    bundle["events"][2]["data"]["players"] = ["x", "y"]
    assert record_check(rec.audit_bundle(bundle)).reason.startswith("game event 2 ")


def test_a_v1_bundle_verifies_its_shuffles_and_skips_the_record_check(capsys):
    bundle = json.loads(V1_BUNDLE.read_text(encoding="utf-8"))
    report = rec.audit_bundle(bundle)
    assert report.ok, v.format_report(report)
    assert any(c.name.endswith("re-derived order") for c in report.checks)
    assert {c.name: c.reason for c in report.skipped} == {
        "game record": rec.V1_SKIP_REASON, "final result": rec.V1_SKIP_REASON}
    assert cli(["audit", "verify", "--bundle", str(V1_BUNDLE)]) == 0
    out = capsys.readouterr().out
    assert "skipped game record" in out and "every check holds" in out


def test_the_cli_replays_the_record_offline_and_fails_a_changed_deal(tmp_path, capsys):
    bundle = finished_game_bundle("foodie-forest")
    honest = tmp_path / "honest.json"
    honest.write_text(json.dumps(bundle))
    assert cli(["audit", "verify", "--bundle", str(honest)]) == 0
    assert "ok      game record" in capsys.readouterr().out
    # the case: one card of a dealt hand in the first CardsDealt event
    i = next(i for i, e in enumerate(bundle["events"]) if e["type"] == "CardsDealt")
    hand = bundle["events"][i]["data"]["hands"][0]
    hand[0] = next(c for c in bundle["shuffles"][0]["cards"] if c != hand[0])
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps(bundle))
    assert cli(["audit", "verify", "--bundle", str(changed)]) == 1
    out = capsys.readouterr().out
    assert "FAILED  game record" in out and f"game event {i} (CardsDealt) differs" in out
    assert "data.hands[0][0]" in out


# ---------------------------------------------------------------- online: what the leaderboard rated

def game_over_of(bundle: dict) -> dict:
    return next(e["data"] for e in bundle["events"] if e["type"] == "GameOver")


@pytest.mark.parametrize("name", ["foodie-forest", "forestaurant"])
def test_the_leaderboard_must_have_rated_a_ranked_game_as_its_game_over_says(name):
    bundle = finished_game_bundle(name)
    over = game_over_of(bundle)
    over["ranked"] = True
    gid = bundle["game_id"]
    coop = over["team_won"] is not None
    placings = [(1 if over["team_won"] else 2) if coop else p for p in over["placings"]]
    rated = {p: [("other", 1), (gid, placings[s])] for s, p in enumerate(over["players"])}
    assert rec.rating_check(bundle, rated)[0] == "ok"
    # a placing the leaderboard rated otherwise, a player left unrated: failed, naming them
    wrong = dict(rated, **{over["players"][0]: [(gid, placings[0] % 2 + 1)]})
    outcome, reason = rec.rating_check(bundle, wrong)
    assert outcome == "failed" and f"{over['players'][0]} (seat 0) was rated with placing" in reason
    outcome, reason = rec.rating_check(bundle, dict(rated, **{over["players"][1]: []}))
    assert outcome == "failed" and "(seat 1) was not rated" in reason
    # not rated at all yet: skipped (the consumer may be behind), not failed
    assert rec.rating_check(bundle, {p: [("other", 1)] for p in over["players"]})[0] == "skipped"


def test_the_leaderboard_must_not_have_rated_a_casual_game():
    bundle = finished_game_bundle("food-fight")
    over = game_over_of(bundle)
    assert over["ranked"] is False
    assert rec.rating_check(bundle, {p: [] for p in over["players"]})[0] == "ok"
    outcome, reason = rec.rating_check(bundle, {over["players"][1]: [(bundle["game_id"], 1)]})
    assert outcome == "failed" and "casual" in reason


def test_a_v2_bundle_without_well_formed_commands_fails_its_format():
    bundle = finished_game_bundle("foodtown-throwdown")
    for change in (lambda b: b.pop("commands"), lambda b: b["commands"][1].pop("version"),
                   lambda b: b["commands"][-1].update(extra=1),
                   lambda b: next(c for c in b["commands"] if "move" in c)["move"].pop("seat")):
        changed = json.loads(json.dumps(bundle))
        change(changed)
        report = rec.audit_bundle(changed)
        assert [c.name for c in report.failures] == ["bundle format"]
        assert {c.name for c in report.skipped} == {"game record", "final result"}
