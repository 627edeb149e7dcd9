"""Play a scripted game in-process, with no servers: the `foodgames scenario` command.

The scenario format is documented in docs/scenario.md. `run_scenario` returns the exit status
and the JSON object to print; a file that cannot be played raises ScenarioError (exit status 2).
"""
from __future__ import annotations

import json
import random
from typing import Any, Mapping

from shared.codec import to_jsonable
from shared import games
from shared.games import UnknownGame
from shared.rules import InvalidSetup, NotAnOrder, RulesError

# Shuffles the file does not give come from this seed, so a scenario replays identically.
# The i-th shuffle always consumes the i-th draw, whether or not the file gives it, so giving
# one shuffle does not change the others.
SEED = 20220517
KEYS = {"game", "players", "options", "shuffles", "shuffles_by_deck", "moves", "view_as", "description"}


class ScenarioError(ValueError):
    """The scenario file is malformed or cannot start a game."""


def load_file(path: str) -> dict[str, Any]:
    try:
        if path == "-":
            import sys
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
    except OSError as exc:
        raise ScenarioError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScenarioError(f"{path} is not JSON: {exc}") from None


def _check(spec: Any) -> None:
    if not isinstance(spec, dict):
        raise ScenarioError("a scenario is a JSON object with game, players, options, shuffles "
                            "and moves")
    unknown = sorted(k for k in set(spec) - KEYS if not k.startswith("_"))
    if unknown:
        raise ScenarioError(f"unknown key(s) {', '.join(unknown)}; known: {', '.join(sorted(KEYS))}")
    if not isinstance(spec.get("game"), str):
        raise ScenarioError("'game' must be the name of a game, e.g. \"foodie-forest\"")
    players = spec.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ScenarioError("'players' must be a list of player names")
    if not isinstance(spec.get("options", {}), dict):
        raise ScenarioError("'options' must be an object")
    shuffles = spec.get("shuffles", [])
    if not isinstance(shuffles, list):
        raise ScenarioError("'shuffles' must be a list of card lists")
    for i, order in enumerate(shuffles):
        if order is not None and (not isinstance(order, list)
                                  or not all(isinstance(c, str) for c in order)):
            raise ScenarioError(f"shuffles[{i}] must be a list of card ids (or null for a seeded one)")
    by_deck = spec.get("shuffles_by_deck", {})
    if not isinstance(by_deck, dict):
        raise ScenarioError("'shuffles_by_deck' must be an object: deck name -> list of card lists")
    for deck, orders in by_deck.items():
        if not isinstance(orders, list):
            raise ScenarioError(f"shuffles_by_deck[{deck!r}] must be a list of card lists")
        for k, order in enumerate(orders):
            if order is not None and (not isinstance(order, list)
                                      or not all(isinstance(c, str) for c in order)):
                raise ScenarioError(f"shuffles_by_deck[{deck!r}][{k}] must be a list of card ids (or null)")
    moves = spec.get("moves", [])
    if not isinstance(moves, list):
        raise ScenarioError("'moves' must be a list of {\"player\": ..., \"move\": {...}}")
    for i, m in enumerate(moves):
        if not isinstance(m, dict) or set(m) != {"player", "move"}:
            raise ScenarioError(f"moves[{i}] must be an object with exactly 'player' and 'move'")
        if m["player"] not in players:
            raise ScenarioError(f"moves[{i}]: {m['player']!r} is not one of the players")
        if not isinstance(m["move"], dict):
            raise ScenarioError(f"moves[{i}].move must be an object")
    view_as = spec.get("view_as")
    if view_as is not None and view_as not in players:
        raise ScenarioError(f"'view_as' must be one of the players, got {view_as!r}")


def event_dict(event: Any) -> dict[str, Any]:
    data = to_jsonable(event)
    return {"type": type(event).__name__, **{k: v for k, v in data.items() if k != "type"}}


def run_scenario(spec: Mapping[str, Any]) -> tuple[int, dict[str, Any]]:
    """(exit status, output): 0 when every move was played, 1 at the first illegal move."""
    _check(spec)
    try:
        game = games.get(spec["game"])
    except UnknownGame as exc:
        raise ScenarioError(str(exc)) from None
    rules = game.rules
    players = list(spec["players"])
    try:
        state = rules.initial_state(players, spec.get("options", {}))
    except InvalidSetup as exc:
        raise ScenarioError(f"cannot set up the game: {exc}") from None
    shuffles = spec.get("shuffles", [])
    by_deck = spec.get("shuffles_by_deck", {})
    rng = random.Random(SEED)
    events: list[Any] = []
    dealt = 0

    def apply(new_events) -> None:
        nonlocal state
        for e in new_events:
            state = rules.evolve(state, e)
            events.append(e)

    def settle_chance() -> None:
        nonlocal dealt
        while (node := rules.chance(state)) is not None:
            seeded = list(node.cards)
            rng.shuffle(seeded)
            # the deck's own k-th order wins over the game's i-th
            named = by_deck.get(node.deck) or []
            where = f"shuffles_by_deck[{node.deck!r}][{node.k}]"
            given = named[node.k] if node.k < len(named) else None
            if given is None:
                given = shuffles[dealt] if dealt < len(shuffles) else None
                where = f"shuffles[{dealt}]"
            if given is not None:
                try:
                    given = node.order_of(given)
                except NotAnOrder as exc:
                    raise ScenarioError(
                        f"{where} is not an order of the {len(node.cards)} cards of deck "
                        f"{node.deck!r} (shuffle k={node.k}): missing {exc.missing or 'none'}, "
                        f"unknown or too many {exc.extra or 'none'}") from None
            apply(rules.resolve_chance(state, given if given is not None else seeded))
            dealt += 1

    def points() -> dict[str, int]:
        res = rules.result(state)
        if res is not None:
            return dict(zip(res.players, res.points))
        shown = rules.view(state, None).get("points")
        return dict(shown) if isinstance(shown, dict) else {}

    def now() -> dict[str, Any]:
        """Who may move now and their legal moves."""
        acting = sorted(rules.to_act(state))
        return {"to_act": [players[s] for s in acting],
                "legal": {players[s]: rules.legal_moves(state, s) for s in acting}}

    apply(rules.start(state))
    settle_chance()
    for i, m in enumerate(spec.get("moves", [])):
        try:
            # as the runtime does: the move's shape against the game's moves, then the rules
            new_events = rules.decide(state, players.index(m["player"]), game.moves.check(m["move"]))
        except RulesError as exc:
            return 1, {"ok": False, "move_index": i, "error": str(exc), "points": points(), **now()}
        apply(new_events)
        settle_chance()

    res = rules.result(state)
    winners = [p for p, place in zip(res.players, res.placings) if place == 1] if res else []
    view_as = spec.get("view_as")
    seat = players.index(view_as) if view_as is not None else None
    return 0, {"ok": True, "finished": rules.is_terminal(state), "points": points(),
               "winners": winners, "events": [event_dict(e) for e in events],
               "view": rules.view(state, seat), **now()}
