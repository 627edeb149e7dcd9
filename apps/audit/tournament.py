"""The offline audit of a whole tournament from its bundle (services/tournament/bundle.py,
docs/tournaments.md "Verifying a tournament").

    report = verify_tournament(json.load(open("tournament.json")))
    report.ok            # True only when every check holds

What it checks, each under its own name in the report:

- `tournament record`: the tournament's stream replayed through the pure core
  (services/tournament/decide.py): every stored event must be exactly what the core produces
  from the events before it: each command is read back from the event it starts with (created,
  joined, dropped, round opened, a draw, table started / finished, round closed, finished) and
  decided again; the pairings, byes and standings it derives must equal the stored ones. The
  first event that differs is named, and how.
- `standings`: services/tournament/verify.check: every round's standings and Swiss pairing
  recomputed from the facts alone.
- `draws: ...`: the draws' deck audit bundle checked by the shuffle verifier (commitment, every
  shuffle re-derived from the revealed seed, log inclusion, signed checkpoint, reveal), then
  `draw <deck>#<k>`: each draw event's order is that logged shuffle's order of exactly the cards
  the core asked to draw, and `every logged draw is used` (no draw was made and thrown away).
- `game <id>: ...`: each table's game audit bundle checked by `foodgames audit verify`'s checks
  (shuffles, log, and the whole game record replayed through the game's rules), then
  `game <id>: the table's game`: it is the table's game, with the table's seats, the
  tournament's options and ranked flag, and its GameOver is the table's recorded result.
- `signing key`: every bundle is signed by the same log key (the operator's, when given).
"""
from __future__ import annotations

import dataclasses
from typing import Any

from apps.audit.record import _first_difference, _jsonable, audit_bundle
from apps.audit.verifier import Failed, Report, verify_bundle
from services.tournament import decide as d
from services.tournament import events as ev
from services.tournament import verify as standings_check
from services.tournament.bundle import BUNDLE_FORMAT
from services.tournament.draws import DRAWS_GAME, draws_game_id
from services.tournament.state import State, evolve, initial_state
from shared.rules import RulesError

RECORD_CHECK = "tournament record"
STANDINGS_CHECK = "standings"


def _require(condition: bool, reason: str) -> None:
    if not condition:
        raise Failed(reason)


@dataclasses.dataclass(frozen=True)
class Draw:
    index: int  # of the event in the tournament's stream
    deck: str
    k: int
    cards: tuple[str, ...]
    order: tuple[str, ...]
    where: str  # "round 1" or "round 2, table 3"


class Differs(Failed):
    def __init__(self, index: int, reason: str):
        self.index = index
        super().__init__(f"tournament event {index} {reason}")


def _describe(event: Any) -> str:
    fields = {f.name: getattr(event, f.name) for f in dataclasses.fields(event)} if dataclasses.is_dataclass(event) else {}
    where = ", ".join(f"{k} {fields[k]}" for k in ("round", "table", "player") if k in fields)
    return f"{type(event).__name__}" + (f" ({where})" if where else "")


def _command(event: Any):
    """The command whose decision starts with `event` (None: the event follows no command)."""
    match event:
        case ev.TournamentCreated():
            return d.Create(tournament_id=event.tournament_id, game=event.game, rounds=event.rounds,
                            options=dict(event.options), format=event.format, table_size=event.table_size,
                            odd_entrants=event.odd_entrants, bye_points=event.bye_points,
                            time_control=event.time_control, ranked=event.ranked)
        case ev.EntrantJoined():
            return d.Join(event.player)
        case ev.EntrantDropped():
            return d.Drop(event.player)
        case ev.RoundOpened():
            return d.PairRound()
        case ev.TableStarted():
            return d.StartTable(event.round, event.table, event.game_id)
        case ev.TableFinished():
            return d.FinishTable(event.round, event.table, event.game_id, event.players, event.placings,
                                 event.points, event.team_won)
        case ev.RoundClosed():
            return d.CloseRound()
        case ev.TournamentFinished():
            return d.Finish()
    return None


def replay(events: list[Any]) -> tuple[State, list[Draw]]:
    """The state the stream's facts lead to and its draws; Differs at the first stored event that
    is not what the core produces."""
    state = initial_state()
    draws: list[Draw] = []
    i = 0
    while i < len(events):
        event = events[i]
        try:
            if isinstance(event, (ev.EntrantsShuffled, ev.TableSeated)):
                node = d.chance(state)
                if node is None:
                    raise Differs(i, f"({_describe(event)}) is a draw the tournament was not waiting for")
                order = event.order if isinstance(event, ev.EntrantsShuffled) else event.seats
                where = f"round {state.current.number}" + (
                    f", table {event.table}" if isinstance(event, ev.TableSeated) else "")
                draws.append(Draw(i, node.deck, node.k, tuple(node.cards), tuple(order), where))
                produced = d.resolve_chance(state, order)
            else:
                command = _command(event)
                if command is None:
                    raise Differs(i, f"({_describe(event)}) follows no command: the core gives it only after "
                                     f"another event, which is not before it")
                produced = d.decide(state, command)
        except RulesError as exc:
            raise Differs(i, f"({_describe(event)}) is refused by the tournament's rules: {exc}") from None
        for j, expected in enumerate(produced):
            if i + j >= len(events):
                raise Differs(i + j, f"is missing: the core gives {_describe(expected)} here")
            stored = events[i + j]
            if stored != expected:
                how = _first_difference(_jsonable(ev.CODEC.encode(stored)), _jsonable(ev.CODEC.encode(expected)))
                raise Differs(i + j, f"({_describe(stored)}) differs from what the core gives: {how}")
            state = evolve(state, expected)
        i += len(produced)
    return state, draws


def walk(events: list[Any]) -> tuple[State, list[Draw]]:
    """The stored events folded as they are (no check) and the draws they record, each with the
    chance node it answered: what the draws and games are checked against even when the record
    does not replay (so that one bad event does not hide the rest)."""
    state = initial_state()
    draws: list[Draw] = []
    for i, event in enumerate(events):
        if isinstance(event, (ev.EntrantsShuffled, ev.TableSeated)):
            node = d.chance(state)
            order = event.order if isinstance(event, ev.EntrantsShuffled) else event.seats
            if node is not None:
                where = f"round {state.current.number}" + (
                    f", table {event.table}" if isinstance(event, ev.TableSeated) else "")
                draws.append(Draw(i, node.deck, node.k, tuple(node.cards), tuple(order), where))
        state = evolve(state, event)
    return state, draws


def _check_format(bundle: Any) -> str:
    _require(isinstance(bundle, dict), "the bundle is not a JSON object")
    _require(bundle.get("format") == BUNDLE_FORMAT, f"format is {bundle.get('format')!r}, expected {BUNDLE_FORMAT}")
    for key, kind in (("tournament_id", str), ("game", str), ("events", list), ("draws", dict), ("games", dict)):
        _require(isinstance(bundle.get(key), kind), f"{key} is missing or not a {kind.__name__}")
    return f"{BUNDLE_FORMAT}: {len(bundle['events'])} events, {len(bundle['games'])} games"


def _merge(report: Report, prefix: str, sub: Report) -> None:
    for c in sub.checks:
        report.add(f"{prefix}{c.name}", c.ok, c.reason)
    for c in sub.skipped:
        report.skip(f"{prefix}{c.name}", c.reason)


def verify_tournament(bundle: Any, expected_public_key: str | None = None) -> Report:
    title = "Audit of a tournament"
    if isinstance(bundle, dict):
        title = f"Audit of tournament {bundle.get('tournament_id')!r} ({bundle.get('game')!r})"
    report = Report(title)
    if not report.run("bundle format", lambda: _check_format(bundle)):
        return report
    tid = bundle["tournament_id"]

    # ---- the tournament's own stream, replayed through the core
    events: list[Any] = []

    def decoded() -> str:
        for n, record in enumerate(bundle["events"]):
            try:
                events.append(ev.CODEC.decode(record))
            except Exception as exc:  # noqa: BLE001 - a malformed record fails the check
                raise Failed(f"tournament event {n} is not a tournament event: {type(exc).__name__}: {exc}") from None
        _require(events and isinstance(events[0], ev.TournamentCreated), "the stream does not start with TournamentCreated")
        _require(events[0].tournament_id == tid, f"the stream is of tournament {events[0].tournament_id!r}, "
                                                 f"the bundle says {tid!r}")
        _require(events[0].game == bundle["game"], f"the stream is of game {events[0].game!r}")
        return f"{len(events)} events of tournament {tid}"
    if not report.run("tournament events", decoded):
        return report

    result: dict[str, Any] = {}

    def record() -> str:
        s, _ = replay(events)
        _require(s.finished is not None, "the tournament has not finished (no TournamentFinished)")
        return (f"all {len(events)} events are what the tournament core gives from the facts: "
                f"{len(s.rounds)} round{'' if len(s.rounds) == 1 else 's'}, winners {list(s.finished.winners)}")
    report.run(RECORD_CHECK, record)

    def facts() -> str:
        result["state"], result["draws"] = walk(events)
        return f"{len(result['draws'])} draws and {sum(len(r.tables) for r in result['state'].rounds)} tables recorded"
    report.run("tournament facts", facts)

    def standings() -> str:
        problems = standings_check.check(events)
        _require(not problems, "; ".join(problems))
        last = standings_check.final_standings(events)
        return f"every round's standings and pairing follow from the results (after round {last.round if last else 0})"
    report.run(STANDINGS_CHECK, standings)

    state: State | None = result.get("state")
    keys: dict[str, str] = {}

    # ---- the draws: the deck's bundle, then each draw event against its logged shuffle
    draws_bundle = bundle["draws"]
    _merge(report, "draws: ", verify_bundle(draws_bundle, expected_public_key=expected_public_key))
    keys["draws"] = str((draws_bundle.get("log") or {}).get("public_key"))

    def draws_game() -> str:
        _require(draws_bundle.get("game_id") == draws_game_id(tid) and draws_bundle.get("game") == DRAWS_GAME,
                 f"the draws bundle is of {draws_bundle.get('game_id')!r} ({draws_bundle.get('game')!r}), not "
                 f"{draws_game_id(tid)} ({DRAWS_GAME})")
        return f"the deck game {draws_game_id(tid)}"
    report.run("draws: the tournament's draws", draws_game)

    logged = {(s.get("deck"), s.get("k")): s for s in draws_bundle.get("shuffles") or [] if isinstance(s, dict)}
    if "draws" in result:
        for draw in result["draws"]:
            def one(draw=draw) -> str:
                s = logged.get((draw.deck, draw.k))
                _require(s is not None, f"the draws bundle has no shuffle {draw.deck}#{draw.k}")
                _require(s.get("cards") == list(draw.cards),
                         f"shuffle {draw.deck}#{draw.k} drew {s.get('cards')}, the tournament needed {list(draw.cards)}")
                _require(s.get("order") == list(draw.order),
                         f"tournament event {draw.index} records the order {list(draw.order)}, the logged draw is "
                         f"{s.get('order')}")
                return f"{draw.where}: the order of logged shuffle {draw.deck}#{draw.k}"
            report.run(f"draw {draw.deck}#{draw.k}", one)

        def all_used() -> str:
            used = {(x.deck, x.k) for x in result["draws"]}
            extra = sorted(set(logged) - used, key=str)
            _require(not extra, f"the log holds draws the tournament did not use: {extra}")
            return f"{len(used)} draws logged, all used"
        report.run("every logged draw is used", all_used)
    else:
        report.add("draws used", False, "the tournament's events could not be read (see tournament facts)")

    # ---- every table's game
    games = bundle["games"]
    tables = [(r.number, t, table) for r in (state.rounds if state else ()) for t, table in enumerate(r.tables)]
    for number, t, table in tables:
        gid = table.game_id
        if gid is None:
            continue
        game_bundle = games.get(gid)
        if not isinstance(game_bundle, dict):
            report.add(f"game {gid}: bundle", False, f"the bundle has no audit bundle of round {number} table {t}'s game")
            continue
        _merge(report, f"game {gid}: ", audit_bundle(game_bundle, expected_public_key=expected_public_key))
        keys[gid] = str((game_bundle.get("log") or {}).get("public_key"))
        report.run(f"game {gid}: the table's game",
                   lambda gb=game_bundle, number=number, t=t, table=table: _table_game(gb, state.created, number, t, table))

    def listed() -> str:
        wanted = {table.game_id for _, _, table in tables if table.game_id}
        extra = sorted(set(games) - wanted)
        _require(not extra, f"the bundle holds games that are no table of the tournament: {extra}")
        return f"{len(wanted)} tables' games, no other"
    if state is not None:
        report.run("games of the tournament", listed)

    def one_key() -> str:
        distinct = sorted(set(keys.values()))
        _require(len(distinct) == 1, f"the bundles are signed by {len(distinct)} different log keys: {distinct}")
        return f"every bundle is signed by {distinct[0].split('+')[0]}"
    report.run("signing key", one_key)
    return report


def _table_game(gb: dict, created: ev.TournamentCreated, number: int, t: int, table) -> str:
    gid = table.game_id
    _require(gb.get("game_id") == gid and gb.get("game") == created.game,
             f"the bundle is of game {gb.get('game_id')!r} ({gb.get('game')!r})")
    evs = [e for e in gb.get("events") or [] if isinstance(e, dict)]
    made = next((e.get("data") or {} for e in evs if e.get("type") == "GameCreated"), None)
    _require(made is not None, "the game has no GameCreated event")
    _require(made.get("players") == list(table.seats or ()),
             f"the game seats {made.get('players')}, the table's drawn seats are {list(table.seats or ())}")
    _require(made.get("options") == _jsonable(dict(created.options)),
             f"the game was created with options {made.get('options')}, the tournament's are {dict(created.options)}")
    _require(made.get("ranked") == created.ranked,
             f"the game is {'ranked' if made.get('ranked') else 'casual'}, the tournament is "
             f"{'ranked' if created.ranked else 'casual'}")
    over = next((e.get("data") or {} for e in evs if e.get("type") == "GameOver"), None)
    result = table.result
    _require(result is not None, f"round {number} table {t} has no recorded result")
    _require(over is not None, "the game has no GameOver event")
    for key, recorded in (("players", list(result.players)), ("placings", list(result.placings)),
                          ("points", [float(x) for x in result.points])):
        got = over.get(key)
        if key == "points" and isinstance(got, list):
            got = [float(x) for x in got]
        _require(got == recorded, f"the game's GameOver has {key} {got}, the tournament recorded {recorded}")
    if created.cooperative:
        _require(over.get("team_won") == result.team_won,
                 f"the game's GameOver has team_won {over.get('team_won')}, the tournament recorded {result.team_won}")
    return f"round {number} table {t}: seats, options and result as the tournament recorded"
