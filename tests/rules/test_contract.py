"""The contract every game's rules keep, run for every registered game (and the test game), as
the event store has one for every adapter (tests/eventstore/test_contract.py). A new game gets
these checks by being registered.

Random playouts, driven by a seeded random.Random in the test (never in the rules):
- every view and every redacted event is JSON-safe;
- a seat's view (and each event as redacted for it) shows no card that the spectator's does
  not, except that seat's own private cards (`rules.private_cards(state, seat)`), and no view
  or redacted event shows a shuffled deck's order;
- replaying the stored events (through the codec, as the event store keeps them) from the
  initial state gives the live state;
- every legal move of every seat that may act is accepted; seats that may not act are refused
  with a reason; a sample of malformed moves is refused by the game's declared moves;
- the game ends, with a result for every player;
- the scenario runner plays the game.
"""
from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from apps.scenario import run_scenario
from shared import games
from shared.codec import EventCodec, to_jsonable
from shared.rules import MalformedMove, RulesError

GAMES = ["tests.games.counter:GAME"]
MAX_STEPS = 5000
PLAYOUTS = 2  # per player count (the games' own suites play many more)


def registered() -> list[games.Game]:
    found = dict(games.all_games())
    from tests.games.counter import GAME as counter

    found[counter.name] = counter
    return list(found.values())


def _strings(value: Any) -> Counter:
    """Every text leaf of a JSON-like value, except the legal moves (the seat's own options)."""
    out: Counter = Counter()
    if isinstance(value, str):
        out[value] += 1
    elif isinstance(value, dict):
        for k, v in value.items():
            if k != "legal_moves":
                out += _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            out += _strings(v)
    return out


def _contains_run(haystack: Any, run: list[str]) -> bool:
    """Whether a list in `haystack` holds `run` in order (a deck's order shown)."""
    if isinstance(haystack, dict):
        return any(_contains_run(v, run) for v in haystack.values())
    if isinstance(haystack, (list, tuple)):
        items = list(haystack)
        if len(run) >= 4 and all(isinstance(x, str) for x in items):
            n = len(run)
            if any(items[i:i + n] == run for i in range(len(items) - n + 1)):
                return True
        return any(_contains_run(v, run) for v in items)
    return False


class Playout:
    def __init__(self, game: games.Game, players: list[str], rng: random.Random):
        self.game, self.rules, self.rng = game, game.rules, rng
        self.players = players
        self.codec = EventCodec(self.rules.event_types)
        self.state = self.rules.initial_state(players, {})
        self.stored: list[dict] = []
        self.events: list[Any] = []
        self.orders: list[list[str]] = []
        self.card_ids: set[str] = set()
        self.chance_events: dict[int, tuple[Any, set[str]]] = {}  # id -> (public, private) after it
        self.ever_own: dict[int, set[str]] = {s: set() for s in range(len(players))}

    def apply(self, events) -> None:
        for e in events:
            self.stored.append(json.loads(json.dumps(self.codec.encode(e))))
            self.events.append(e)
            self.state = self.rules.evolve(self.state, e)
            # what each seat held right after this event (a card may be its own only briefly)
            for seat in self.ever_own:
                self.ever_own[seat] |= set(self.rules.private_cards(self.state, seat))

    def settle(self) -> None:
        while (node := self.rules.chance(self.state)) is not None:
            order = list(node.cards)
            self.rng.shuffle(order)
            self.card_ids |= set(order)
            self.orders.append(order)
            events = self.rules.resolve_chance(self.state, order)
            for e in events:  # what was public and private right after each (the steps
                # after a shuffle may run on, e.g. through a Meal whose seats pass automatically)
                self.apply([e])
                self.chance_events[id(e)] = (
                    _strings(self.rules.view(self.state, None)),
                    {c for s in range(len(self.players)) for c in self.rules.private_cards(self.state, s)})

    def check_views(self) -> None:
        rules, state = self.rules, self.state
        spectator = rules.view(state, None)
        json.dumps(spectator)
        # every view says who may act (clients and bots read it), in the game's order of asking
        acting = {self.players[s] for s in rules.to_act(state)}
        assert set(spectator["to_act"]) == acting and len(spectator["to_act"]) == len(acting)
        public = _strings(spectator)
        for seat in range(len(self.players)):
            view = rules.view(state, seat)
            json.dumps(view)
            extra = {c for c, n in (_strings(view) - public).items() if c in self.card_ids}
            own = set(rules.private_cards(state, seat))
            self.ever_own[seat] |= own
            assert extra <= own, (f"{self.game.name}: seat {seat} sees {sorted(extra - own)}, "
                                  f"which the spectator does not and which are not its own")
        for order in self.orders[-3:]:
            tail = order[-min(len(order), 8):]
            for seat in [None, *range(len(self.players))]:
                assert not _contains_run(rules.view(state, seat), tail), \
                    f"{self.game.name}: the view of {seat} shows a deck's order"

    def check_event_views(self, events) -> None:
        """A redacted event shows a seat no card beyond what it shows the spectator, except
        cards that seat holds or held privately; and no view of it shows a deck's order."""
        self.check_views()
        for e in events:
            public = self.rules.event_view(e, None)
            public = _strings(public if isinstance(public, dict) or public is None else to_jsonable(public))
            if id(e) in self.chance_events:
                now_public, now_private = self.chance_events[id(e)]
                # where hidden cards enter the game: a deal shows no one else's new cards
                leaked = {c for c in public if c in now_private and c not in now_public}
                assert not leaked, (f"{self.game.name}: {type(e).__name__} shows everyone {sorted(leaked)[:5]}, "
                                    f"held privately by a seat")
            for seat in [None, *range(len(self.players))]:
                shown = self.rules.event_view(e, seat)
                if shown is None:
                    continue
                shown = shown if isinstance(shown, dict) else to_jsonable(shown)
                json.dumps(shown)
                if seat is not None:
                    extra = {c for c in _strings(shown) - public if c in self.card_ids}
                    assert extra <= self.ever_own[seat], (
                        f"{self.game.name}: {type(e).__name__} shows seat {seat} {sorted(extra - self.ever_own[seat])[:5]}, "
                        f"which the spectator does not see and that seat never held")
                for order in self.orders[-2:]:
                    tail = order[-min(len(order), 8):]
                    assert not _contains_run(shown, tail), \
                        f"{self.game.name}: {type(e).__name__} as seat {seat} sees it shows a deck's order"

    def check_moves(self) -> None:
        rules, state = self.rules, self.state
        acting = rules.to_act(state)
        for seat in range(len(self.players)):
            legal = rules.legal_moves(state, seat)
            if seat not in acting:
                assert legal == [], f"{self.game.name}: seat {seat} may not act but has legal moves"
                for move in (rules.legal_moves(state, s)[:1] for s in acting):
                    if move:
                        with pytest.raises(RulesError):
                            rules.decide(state, seat, self.game.moves.check(move[0]))
                continue
            assert legal, f"{self.game.name}: seat {seat} may act but has no legal move"
            for move in legal:
                checked = self.game.moves.check(move)
                events = rules.decide(state, seat, checked)
                json.dumps([self.codec.encode(e) for e in events])
        for bad in ({"type": "no-such-move"}, {"type": 7}, [1, 2], {"type": ["x"]}):
            with pytest.raises(MalformedMove):
                self.game.moves.check(bad)

    def run(self) -> int:
        self.apply(self.rules.start(self.state))
        self.settle()
        for step in range(MAX_STEPS):
            if self.rules.is_terminal(self.state):
                return step
            if step % 7 == 0:
                self.check_moves()
            seat = self.rng.choice(sorted(self.rules.to_act(self.state)))
            move = self.rng.choice(self.rules.legal_moves(self.state, seat))
            before = len(self.events)
            self.apply(self.rules.decide(self.state, seat, self.game.moves.check(move)))
            self.settle()
            self.check_event_views(self.events[before:])
        raise AssertionError(f"{self.game.name}: no end after {MAX_STEPS} moves")


def _counts(game: games.Game) -> list[int]:
    return sorted({game.min_players, (game.min_players + game.max_players) // 2, game.max_players})


CASES = [(g.name, n) for g in registered() for n in _counts(g)]


@pytest.fixture(params=CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def case(request):
    name, n = request.param
    return next(g for g in registered() if g.name == name), n


def test_random_playouts_keep_the_contract(case):
    game, n = case
    for i in range(PLAYOUTS):
        rng = random.Random(f"{game.name}/{n}/{i}")
        playout = Playout(game, [f"p{k}" for k in range(n)], rng)
        playout.run()
        # replay equals live: the stored events, decoded, folded from the initial state
        state = game.rules.initial_state(playout.players, {})
        for record in playout.stored:
            state = game.rules.evolve(state, playout.codec.decode(record))
        assert state == playout.state
        result = game.rules.result(state)
        assert result is not None and list(result.players) == playout.players
        assert len(result.points) == len(result.placings) == n
        json.dumps(game.rules.view(state, None))


def test_the_rules_refuse_a_bad_setup_with_a_reason(case):
    game, n = case
    with pytest.raises(RulesError, match=r"\w+"):
        game.rules.initial_state(["p"] * (game.max_players + 1), {})
    with pytest.raises(RulesError, match=r"\w+"):
        game.rules.initial_state([f"p{k}" for k in range(n)], {"no-such-option": 1})


def test_the_move_schema_is_json_schema_and_names_every_move(case):
    game, _ = case
    schema = game.moves.schema()
    json.dumps(schema)
    assert {v["properties"]["type"]["const"] for v in schema["oneOf"]} == set(game.moves.names())


def test_the_scenario_runner_plays_the_game(case, monkeypatch):
    game, n = case
    monkeypatch.setenv(games.EXTRA_ENV, "tests.games.counter:GAME")
    status, out = run_scenario({"game": game.name, "players": [f"p{k}" for k in range(n)], "moves": []})
    assert status == 0 and out["ok"] is True and not out["finished"]
    assert set(out["to_act"]) <= {f"p{k}" for k in range(n)} and out["to_act"]
    first = out["to_act"][0]
    status, out = run_scenario({"game": game.name, "players": [f"p{k}" for k in range(n)],
                                "moves": [{"player": first, "move": out["legal"][first][0]}]})
    assert status == 0, out
