"""The audit of a game's whole record: replaying the bundle's commands through the game's own
rules module and checking that every stored event is what the rules produce (docs/audit.md
section 6.1).

`verify_bundle` (apps/audit/verifier.py) checks the randomness: every shuffle re-derived from
the seeds and logged. What it cannot see is whether the cards dealt, played and scored follow
from those shuffles and the players' moves. This module checks that, with the game's pure rules
from the registry (shared.games), exactly as the runtime (shared/runtime/game.py) writes a game:

  create          GameCreated, SeedCommitted, then rules.start(initial_state(players, options))
  a deal          at every chance node: ShuffleApplied {deck, k, order} with the verified order
                  of that shuffle (whose listed cards must be the cards the rules asked to
                  shuffle), then rules.resolve_chance(state, order) [+ GameOver]
  a move          rules.decide(state, seat, move) of the move the command carried [+ GameOver]
  the reveal      SeedRevealed {server_seed}

GameOver is {game, game_id, players, points, placings, team_won, difficulty, ranked} of
rules.result of the state after the command. The runtime's own events are not folded into the
rules' state, but they are checked in place like every other event.

Live tables (docs/live-tables.md) add events of the runtime's own that no rule gives: clock
stamps, presence, timeouts, takeovers (shared.gamestream.LIVE_EVENTS). They are skipped where
they stand; a command of nothing else (presence, a takeover) is skipped whole. A move its
seat's bot played on a timeout is a move like any other (its move is stored); a forfeit
(`forfeit:SEAT:VERSION`) ends the game with the GameOver of shared.gamestream.forfeit_game_over.

    report = audit_bundle(bundle)       # verify_bundle + these checks; the CLI's report
"""
from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from typing import Any, Sequence

from apps.audit.verifier import BUNDLE_FORMAT, Failed, Report, verify_bundle
from shared import gamestream as env
from shared import games
from shared.codec import EventCodec, to_jsonable
from shared.rules import RulesError
from shared.runtime.spectators import policy_of

RECORD_CHECK = "game record"
RESULT_CHECK = "final result"
RECORD_CHECKS = (RECORD_CHECK, RESULT_CHECK)
V1_SKIP_REASON = ("a foodgames-audit-bundle-v1 bundle carries no commands (the players' moves): "
                  "its shuffles are checked, not that the events follow from them and the moves; "
                  "export the bundle again from an up-to-date deck for a v2 bundle")


def audit_bundle(bundle: Any, expected_public_key: str | None = None) -> Report:
    """Every check of verify_bundle, then the record checks (or their skips, and why)."""
    report = verify_bundle(bundle, expected_public_key=expected_public_key)
    verify_record(bundle, report)
    return report


class Differs(Failed):
    """The stored record differs from the replay at event `index` (0-based position in the
    bundle's events)."""

    def __init__(self, index: int, reason: str):
        self.index = index
        super().__init__(f"game event {index} {reason}")


@dataclass
class _Replay:
    final: Any = None  # the rules' state at the end
    game_over: dict | None = None  # the GameOver the replay produced
    cancelled: str | None = None  # the reason of a GameCancelled: the game ended unplayed
    events: int = 0


def verify_record(bundle: Any, report: Report) -> None:
    """Adds the record checks to `report` (or skips them, saying why)."""
    if not (isinstance(bundle, dict) and not report.failed("bundle format")
            and any(c.name == "bundle format" for c in report.checks)):
        for name in RECORD_CHECKS:
            report.skip(name, "the bundle's format is not understood")
        return
    if bundle.get("format") != BUNDLE_FORMAT:
        for name in RECORD_CHECKS:
            report.skip(name, V1_SKIP_REASON)
        return
    try:
        game = games.get(bundle["game"])
    except games.UnknownGame as exc:
        report.add(RECORD_CHECK, False, f"cannot replay: {exc}")
        report.add(RESULT_CHECK, False, "cannot replay the game (see game record)")
        return
    replay = _Replay()
    try:
        _replay(bundle, report, game, replay)
        ok, reason = True, (f"all {replay.events} events are what the {game.title} rules give from the "
                            f"{len(bundle['commands'])} commands and the verified shuffles")
    except _Unreplayable as exc:
        for name in RECORD_CHECKS:
            report.skip(name, str(exc))
        return
    except Failed as exc:
        ok, reason = False, str(exc)
    except Exception as exc:  # noqa: BLE001 - a malformed bundle fails the check, never crashes
        ok, reason = False, f"{type(exc).__name__}: {exc}"
    report.add(RECORD_CHECK, ok, reason)

    def result() -> str:
        _require(ok, "the record could not be replayed to its end (see game record)")
        if replay.cancelled is not None:
            return f"the game was cancelled ({replay.cancelled}): it has no result and rates nobody"
        over = replay.game_over
        _require(over is not None, "the replayed game never ended")
        return (f"points {over['points']}, placings {over['placings']}"
                + (f", team won: {over['team_won']}" if over.get("team_won") is not None else "")
                + " as the rules score the replayed game, and as GameOver says")
    report.run(RESULT_CHECK, result)


class _Unreplayable(Exception):
    """The record holds a move command stored without its move (before moves were kept)."""


def _require(condition: bool, reason: str) -> None:
    if not condition:
        raise Failed(reason)


def _verified_shuffles(bundle: dict, report: Report) -> dict[tuple[str, int], tuple[list, list]]:
    """(deck, k) -> (cards, order) of every shuffle of the bundle whose checks all hold."""
    verified = {}
    for s in bundle["shuffles"]:
        if not isinstance(s, dict):
            continue
        label = f"shuffle {s.get('deck')}#{s.get('k')}:"
        names = [c.name for c in report.checks if c.name.startswith(label)]
        if names and not report.failed(label):
            verified[(s["deck"], s["k"])] = (list(s["cards"]), list(s["order"]))
    return verified


def _committed_players(bundle: dict) -> list[str]:
    index = bundle["commitment"]["log_index"]
    for entry in bundle["log"]["entries"]:
        if isinstance(entry, dict) and entry.get("index") == index:
            record = json.loads(base64.b64decode(entry["leaf"]))
            players = record.get("players")
            _require(isinstance(players, list), "the commitment record names no players")
            return players
    raise Failed("the bundle has no commitment log entry to take the players from")


def _jsonable(value: Any) -> Any:
    """What a value reads back as from the bundle's JSON."""
    return json.loads(json.dumps(to_jsonable(value)))


def _is_live(event: Any) -> bool:
    return isinstance(event, dict) and event.get("type") in env.LIVE_EVENTS


def _only_live(stored: Sequence[Any], position: int, version: Any) -> bool:
    """Whether the command ending at `version` holds live-table events only."""
    return (isinstance(version, int) and len(stored) >= version > position
            and all(_is_live(e) for e in stored[position:version]))


def _seat_of(command_id: str) -> int | None:
    try:
        return int(command_id.split(":")[1])
    except (IndexError, ValueError):
        return None


def _describe(event: Any) -> str:
    if isinstance(event, dict) and isinstance(event.get("type"), str):
        return event["type"]
    return "a malformed event"


def _first_difference(stored: Any, expected: Any, path: str = "") -> str:
    """Where `stored` first differs from `expected`, and how, in words."""
    if isinstance(stored, dict) and isinstance(expected, dict):
        for key in [*expected, *(k for k in stored if k not in expected)]:
            where = f"{path}.{key}" if path else str(key)
            if key not in stored:
                return f"lacks {where} (the rules give {_short(expected[key])})"
            if key not in expected:
                return f"has {where} = {_short(stored[key])}, which the rules do not give"
            if stored[key] != expected[key]:
                return _first_difference(stored[key], expected[key], where)
    if isinstance(stored, list) and isinstance(expected, list):
        for i, (a, b) in enumerate(zip(stored, expected)):
            if a != b:
                return _first_difference(a, b, f"{path}[{i}]")
        if len(stored) != len(expected):
            return f"{path} has {len(stored)} items, the rules give {len(expected)}"
    return f"{path or 'the event'} is {_short(stored)}, the rules give {_short(expected)}"


def _short(value: Any, limit: int = 120) -> str:
    text = json.dumps(value, sort_keys=False)
    return text if len(text) <= limit else text[:limit] + "…"


def _replay(bundle: dict, report: Report, game, replay: _Replay) -> None:
    rules = game.rules
    codec = EventCodec(rules.event_types)
    stored: Sequence[Any] = bundle["events"]
    commands = bundle["commands"]
    shuffles = _verified_shuffles(bundle, report)
    listed = {(s.get("deck"), s.get("k")) for s in bundle["shuffles"] if isinstance(s, dict)}
    players = _committed_players(bundle)
    position = 0  # the next stored event to compare
    state = None
    created = over = revealed = False
    ranked = False

    end = 0  # the version the command being replayed ends at: live events are skipped up to it

    def skip_live() -> None:
        nonlocal position
        while position < min(len(stored), end) and _is_live(stored[position]):
            position += 1

    def compare(expected: list[dict], why: str) -> None:
        nonlocal position
        for event in expected:
            if event["type"] not in env.LIVE_EVENTS:
                skip_live()
            if position >= len(stored):
                raise Differs(position, f"({event['type']}) is missing: the record ends after event "
                                        f"{position - 1}, but {why} gives {event['type']} "
                                        f"{_short(event['data'])}")
            actual = stored[position]
            if actual != event:
                raise Differs(position, f"({_describe(actual)}) differs from what {why} gives "
                                        f"({event['type']}): {_first_difference(actual, event)}")
            position += 1

    def game_over(state_after: Any) -> list[dict]:
        if not rules.is_terminal(state_after):
            return []
        result = rules.result(state_after)
        data = {"game": rules.name, "game_id": bundle["game_id"], "players": list(players),
                "points": list(result.points) if result else [],
                "placings": list(result.placings) if result else [],
                "team_won": result.team_won if result else None,
                "difficulty": result.difficulty if result else None, "ranked": ranked}
        replay.game_over = _jsonable(data)
        return [env.record(env.GAME_OVER, replay.game_over)]

    def fold(state_now: Any, events: list) -> Any:
        for e in events:
            state_now = rules.evolve(state_now, e)
        return state_now

    for n, command in enumerate(commands):
        cid, move = command["command_id"], command.get("move")
        end = command["version"] if isinstance(command.get("version"), int) else 0
        at = f"command {n} ({cid!r})"
        if not created:
            if cid != "create" or move is not None:
                raise Differs(position, f"is not the game's creation: {at} must be 'create'")
            first = stored[0] if stored else None
            _require(isinstance(first, dict) and first.get("type") == env.GAME_CREATED
                     and isinstance(first.get("data"), dict),
                     "game event 0 is not GameCreated: the record does not start with the game's creation")
            options = first["data"].get("options")
            ranked = first["data"].get("ranked")
            _require(isinstance(options, dict) and isinstance(ranked, bool),
                     "game event 0 (GameCreated) has no options or ranked flag")
            try:
                state = rules.initial_state(tuple(players), dict(options))
                started = list(rules.start(state))
            except RulesError as exc:
                raise Differs(0, f"(GameCreated): the rules refuse this table: {exc}") from None
            why = f"the creation of the table of the committed players {players}"
            created_data = {"game": rules.name, "game_id": bundle["game_id"], "players": list(players),
                            "options": _jsonable(options), "ranked": ranked}
            if "spectators" in first["data"]:  # the table's spectator policy (shared.runtime.spectators)
                created_data["spectators"] = policy_of(first["data"]).as_event_data()
            compare([env.record(env.GAME_CREATED, created_data),
                     env.record(env.SEED_COMMITTED, {"commitment": bundle["commitment"]["sha256"],
                                                     "log_index": bundle["commitment"]["log_index"]}),
                     *[_jsonable(codec.encode(e)) for e in started]], why)
            state = fold(state, started)
            created = True
        elif _only_live(stored, position, command.get("version")) and move is None:
            for event in stored[position:command["version"]]:
                if event.get("type") == env.GAME_CANCELLED:  # the game ends here, unplayed
                    replay.cancelled = str((event.get("data") or {}).get("reason") or "cancelled")
            position = command["version"]  # presence, a takeover, a cancel: nothing of the rules
        elif cid.startswith("forfeit:") and move is None and not over:
            seat = _seat_of(cid)
            _require(seat is not None and 0 <= seat < len(players), f"{at} names no seat of the table")
            replay.game_over = _jsonable(env.forfeit_game_over(rules.name, bundle["game_id"], players, seat, ranked))
            compare([env.record(env.GAME_OVER, replay.game_over)], f"seat {seat}'s forfeit")
            over = True
        else:
            ended = over or replay.cancelled is not None
            node = None if ended else rules.chance(state)
            if revealed:
                raise Differs(position, f"follows the reveal: {at} comes after the game's seed was revealed")
            if node is not None:
                want = f"chance:{node.deck}:{node.k}"
                if cid != want or move is not None:
                    raise Differs(position, f"is not the deal the game waits for: {at} is stored where "
                                            f"the rules ask for shuffle {node.deck}#{node.k} ({want!r})")
                key = (node.deck, node.k)
                if key not in shuffles:
                    why = "is listed but does not verify" if key in listed else "is not in the bundle"
                    raise Differs(position, f"(the deal of {node.deck}#{node.k}): that shuffle {why}")
                cards, order = shuffles[key]
                if list(node.cards) != cards:
                    raise Differs(position, f"(ShuffleApplied {node.deck}#{node.k}): the rules ask to "
                                            f"shuffle other cards than the logged shuffle did: "
                                            f"{_first_difference(cards, list(node.cards), 'cards')}")
                decided = list(rules.resolve_chance(state, order))
                after = fold(state, decided)
                compare([env.record(env.SHUFFLE_APPLIED, {"deck": node.deck, "k": node.k, "order": order}),
                         *[_jsonable(codec.encode(e)) for e in decided], *game_over(after)],
                        f"shuffle {node.deck}#{node.k}")
                state = after
            elif ended:
                if cid != "reveal" or move is not None:
                    raise Differs(position, f"is not the reveal: the game is {'over' if over else 'cancelled'}, "
                                            f"and {at} is stored")
                compare([env.record(env.SEED_REVEALED, {"server_seed": bundle["server_seed"]})],
                        "the reveal of the server seed")
                revealed = True
            else:
                if move is None:
                    if cid.startswith("move:"):
                        raise _Unreplayable(
                            f"{at} was stored before moves were kept in the game stream: the record "
                            f"from game event {position} on cannot be replayed (events 0 to "
                            f"{position - 1} are as the rules give them)")
                    raise Differs(position, f"is not a player's move: {at} is stored where the rules wait "
                                            f"for seats {sorted(rules.to_act(state))} to move")
                seat = move["seat"]
                if not cid.startswith(f"move:{seat}:"):
                    raise Differs(position, f"{at} carries a move of seat {seat}, but its id names another seat")
                if not 0 <= seat < len(players):
                    raise Differs(position, f"{at} is a move of seat {seat}, which the table does not have")
                try:
                    decided = list(rules.decide(state, seat, dict(move["move"])))
                except RulesError as exc:
                    raise Differs(position, f"{at}: the rules refuse seat {seat}'s move "
                                            f"{_short(move['move'])}: {exc}") from None
                after = fold(state, decided)
                compare([*[_jsonable(codec.encode(e)) for e in decided], *game_over(after)],
                        f"seat {seat}'s move {_short(move['move'], 60)}")
                state = after
            over = replay.game_over is not None
        skip_live()
        if command["version"] != position:
            raise Differs(position - 1, f"ends {at}, but the command says the game is at version "
                                        f"{command['version']} after it, not {position}")
    if position < len(stored):
        raise Differs(position, f"({_describe(stored[position])}) was added: the replay of every "
                                f"command ends after event {position - 1}")
    ended = over or replay.cancelled is not None
    _require(ended and revealed, f"the record ends before the game {'is revealed' if ended else 'is over'}")
    replay.final, replay.events = state, position


# ====================================================================== online: what the leaderboard rated

LEADERBOARD_CHECK = "leaderboard rating"
LEADERBOARD_OFFLINE_REASON = ("online only: needs the leaderboard's rating history of the game's players "
                              "(`foodgames audit verify GAME_ID`)")


def rating_check(bundle: dict, rated: dict[str, list[tuple[str, int]]]) -> tuple[str, str]:
    """Whether the leaderboard rated the game as its GameOver says: ("ok" | "failed" | "skipped",
    reason). `rated`: player -> [(game_id, placing)] of that player's rating history in the
    game. A ranked game: every player has a point for it with their placing (co-op: 1 = the
    table won, 2 = it lost); a casual one: nobody has. A ranked game nobody has a point for yet
    is skipped (the leaderboard's consumer may be behind), not failed."""
    over = next((e.get("data") for e in reversed(bundle.get("events") or [])
                 if isinstance(e, dict) and e.get("type") == env.GAME_OVER), None)
    cancelled = any(isinstance(e, dict) and e.get("type") == env.GAME_CANCELLED for e in bundle.get("events") or [])
    if cancelled and not isinstance(over, dict):
        game_id = bundle.get("game_id")
        rated_for = sorted(p for p, history in rated.items() if any(gid == game_id for gid, _ in history))
        if rated_for:
            return "failed", f"game {game_id} was cancelled, but the leaderboard rated it for {rated_for}"
        return "ok", "a cancelled game: the leaderboard rated nobody for it"
    if not isinstance(over, dict):
        return "failed", "the record has no GameOver to compare the ratings with"
    game_id, players = bundle.get("game_id"), list(over.get("players") or [])
    found = {p: placing for p in players for gid, placing in rated.get(p, []) if gid == game_id}
    if not over.get("ranked", True):
        if found:
            return "failed", f"game {game_id} is casual, but the leaderboard rated it for {sorted(found)}"
        return "ok", "a casual game: the leaderboard rated nobody for it"
    if not found:
        return "skipped", (f"the leaderboard has not rated game {game_id} yet (its consumer may be behind): "
                           f"verify again later")
    team_won = over.get("team_won")
    wrong = []
    for seat, player in enumerate(players):
        want = (1 if team_won else 2) if team_won is not None else over["placings"][seat]
        if player not in found:
            wrong.append(f"{player} (seat {seat}) was not rated for it")
        elif found[player] != want:
            wrong.append(f"{player} (seat {seat}) was rated with placing {found[player]}, GameOver says {want}")
    if wrong:
        return "failed", "; ".join(wrong)
    return "ok", f"every player was rated for game {game_id} with the placing of GameOver"
