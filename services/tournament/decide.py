"""The tournament decider: commands in, events out (pure: no I/O, no clock, no randomness).

    events = decide(state, command)          # or a shared.rules error, nothing emitted
    node = chance(state)                     # a draw the tournament waits for, or None
    events = resolve_chance(state, order)    # the drawn order fed back (from the deck service)

The random parts of a tournament are chance nodes exactly as in a game: the round-1 draw of
the entrants (deck `entrants`, k 0, the entrants sorted) and each table's seat order (deck
`seats`, k = the number of seat draws before it, the table's players sorted). The service
gets those orders from the deck service (commit-reveal, transparency log: app.py, draws.py) and
feeds them back; tests feed them from a seeded random.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Mapping, Sequence

from shared.rules import ChanceNode, IllegalMove, InvalidSetup, MalformedMove, Outcome

from . import events as ev
from . import pairing, standings
from .state import BETWEEN, FINISHED, PLAYING, REGISTRATION, State, evolve

DEFAULT_TABLE = 4  # the table size when the operator gives none (within the game's range)


@dataclass(frozen=True)
class GameSpec:
    """What a tournament needs to know of a game (from the registry, shared.games)."""

    name: str
    min_players: int
    max_players: int
    cooperative: bool


def game_spec(name: str) -> GameSpec:
    from shared import games
    try:
        g = games.get(name)
    except games.UnknownGame as e:
        raise InvalidSetup(str(e)) from None
    return GameSpec(g.name, g.min_players, g.max_players, g.cooperative)


# ---- commands -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Create:
    tournament_id: str
    game: str
    rounds: int
    options: dict = field(default_factory=dict)
    format: str | None = None  # default: series for co-op games, swiss otherwise
    table_size: int | None = None  # default: 4 within the game's player range
    odd_entrants: str = ev.SMALLER_TABLES
    bye_points: float | None = None  # default: (table_size - 1) / 2
    time_control: ev.TimeControl = ev.TimeControl()
    ranked: bool = True


@dataclass(frozen=True)
class Join:
    player: str


@dataclass(frozen=True)
class Drop:
    player: str


@dataclass(frozen=True)
class PairRound:
    pass


@dataclass(frozen=True)
class StartTable:
    round: int
    table: int
    game_id: str


@dataclass(frozen=True)
class FinishTable:
    round: int
    table: int
    game_id: str
    players: tuple[str, ...]  # in seat order, as the game's result
    placings: tuple[int, ...]
    points: tuple[float, ...]
    team_won: bool | None = None


@dataclass(frozen=True)
class CloseRound:
    pass


@dataclass(frozen=True)
class Finish:
    pass


# ---- deciding -------------------------------------------------------------------------------

def decide(state: State, command: Any, games: Mapping[str, GameSpec] | None = None) -> list[Any]:
    """The events of `command`; raises InvalidSetup, IllegalMove or MalformedMove."""
    out = Outcome(state, evolve)
    if isinstance(command, Create):
        _create(out, command, games)
        return out.events
    if state.created is None:
        raise IllegalMove("no tournament has been created on this stream")
    if state.phase == FINISHED:
        raise IllegalMove("the tournament is finished")
    match command:
        case Join():
            _join(out, command)
        case Drop():
            _drop(out, command)
        case PairRound():
            _pair(out)
        case StartTable():
            _start(out, command)
        case FinishTable():
            _finish_table(out, command)
        case CloseRound():
            _close(out)
        case Finish():
            _finish(out)
        case _:
            raise MalformedMove(f"unknown tournament command {type(command).__name__}")
    return out.events


def _create(out: Outcome, c: Create, games: Mapping[str, GameSpec] | None) -> None:
    if out.state.created is not None:
        raise IllegalMove("this tournament already exists")
    if not isinstance(c.tournament_id, str) or not c.tournament_id:
        raise InvalidSetup("a tournament needs an id")
    spec = games[c.game] if games is not None and c.game in games else game_spec(c.game)
    fmt = c.format or (ev.SERIES if spec.cooperative else ev.SWISS)
    if fmt not in (ev.SWISS, ev.SERIES):
        raise InvalidSetup(f"unknown format {fmt!r}: swiss or series")
    if fmt == ev.SWISS and spec.cooperative:
        raise InvalidSetup(f"{spec.name} is cooperative: its tournaments are series of fixed tables")
    if fmt == ev.SERIES and not spec.cooperative:
        raise InvalidSetup(f"{spec.name} is competitive: its tournaments are Swiss")
    size = c.table_size if c.table_size is not None else max(spec.min_players, min(spec.max_players, DEFAULT_TABLE))
    if not isinstance(size, int) or not spec.min_players <= size <= spec.max_players:
        raise InvalidSetup(f"{spec.name} tables hold {spec.min_players} to {spec.max_players} players, not {size}")
    if fmt == ev.SWISS and size < 2:
        raise InvalidSetup("Swiss tables need at least 2 players")
    if not isinstance(c.rounds, int) or isinstance(c.rounds, bool) or c.rounds < 1:
        raise InvalidSetup("a tournament needs at least one round")
    if c.odd_entrants not in (ev.SMALLER_TABLES, ev.BYES):
        raise InvalidSetup(f"odd_entrants is {ev.SMALLER_TABLES!r} or {ev.BYES!r}")
    bye = standings.default_bye_points(size) if c.bye_points is None else Fraction(c.bye_points)
    if bye < 0:
        raise InvalidSetup("a bye cannot score negative points")
    if not isinstance(c.options, Mapping):
        raise InvalidSetup("options must be a mapping")
    tc = c.time_control
    if not isinstance(tc, ev.TimeControl) or any(
            x is not None and (not isinstance(x, int) or isinstance(x, bool) or x < 1)
            for x in (tc.per_move_s, tc.per_game_s)):
        raise InvalidSetup("time controls are whole seconds (at least 1) or none")
    out.emit(ev.TournamentCreated(
        tournament_id=c.tournament_id, game=spec.name, options=dict(c.options), format=fmt,
        rounds=c.rounds, table_size=size, min_table=max(spec.min_players, 1 if spec.cooperative else 2),
        odd_entrants=ev.SMALLER_TABLES if fmt == ev.SERIES else c.odd_entrants,
        bye_points=float(bye), time_control=c.time_control, ranked=bool(c.ranked),
        cooperative=spec.cooperative))


def _join(out: Outcome, c: Join) -> None:
    s = out.state
    if s.phase != REGISTRATION:
        raise IllegalMove("registration is closed: round 1 has been paired")
    if not isinstance(c.player, str) or not c.player or any(ch in c.player for ch in "\x00\n\r"):
        raise MalformedMove("a player name is a non-empty string")
    if c.player in s.entrants:
        raise IllegalMove(f"{c.player} has already joined")
    out.emit(ev.EntrantJoined(c.player))


def _drop(out: Outcome, c: Drop) -> None:
    s = out.state
    if c.player not in s.entrants:
        raise IllegalMove(f"{c.player} is not an entrant")
    if c.player in s.dropped:
        raise IllegalMove(f"{c.player} has already dropped")
    out.emit(ev.EntrantDropped(c.player, after_round=s.current.number if s.current else 0))


def _pair(out: Outcome) -> None:
    s = out.state
    c = s.created
    if s.phase == PLAYING:
        raise IllegalMove(f"round {s.current.number} is still in play")
    if len(s.rounds) >= c.rounds:
        raise IllegalMove(f"all {c.rounds} rounds have been played: finish the tournament")
    active = s.active()
    if len(active) < c.min_table:
        raise IllegalMove(f"{len(active)} active entrants cannot fill a table of {c.game} (needs {c.min_table})")
    number = len(s.rounds) + 1
    if c.format == ev.SERIES and number > 1:
        fixed = standings.playing_tables(s)
        if not fixed:
            raise IllegalMove("no table has enough active players left")
    out.emit(ev.RoundOpened(number, active))
    if number == 1:
        return  # waits for the draw of the entrants (chance)
    s = out.state
    if c.format == ev.SERIES:
        tables = tuple(tuple(p for p in t.players if p not in s.dropped)
                       for ti, t in enumerate(s.rounds[0].tables) if ti in fixed)
        out.emit(ev.RoundPaired(number, tables, ()))
        return
    t = standings.tally(s)
    order = standings.swiss_order(s, active, t)
    met = pairing.met_counts([tb.players for r in s.rounds for tb in r.tables])
    tables, byes = pairing.next_round(order, c.table_size, c.min_table, c.odd_entrants, met,
                                      t.points, t.byes)
    out.emit(ev.RoundPaired(number, tuple(tables), tuple(byes)))


def _table(s: State, number: int, table: int):
    if s.phase != PLAYING or s.current is None or number != s.current.number:
        raise IllegalMove(f"round {number} is not the round in play")
    r = s.current
    if not r.paired:
        raise IllegalMove(f"round {number} is not paired yet (it waits for the draw)")
    if not isinstance(table, int) or not 0 <= table < len(r.tables):
        raise IllegalMove(f"round {number} has no table {table}")
    return r.tables[table]


def _start(out: Outcome, c: StartTable) -> None:
    s = out.state
    t = _table(s, c.round, c.table)
    if t.seats is None:
        raise IllegalMove(f"table {c.table} has no seat order yet (it waits for the draw)")
    if t.game_id is not None:
        raise IllegalMove(f"table {c.table} has already started as game {t.game_id}")
    if not isinstance(c.game_id, str) or not c.game_id:
        raise MalformedMove("a table starts with the id of its game")
    if any(tb.game_id == c.game_id for r in s.rounds for tb in r.tables):
        raise IllegalMove(f"game {c.game_id} is already a table of this tournament")
    out.emit(ev.TableStarted(c.round, c.table, c.game_id))


def _finish_table(out: Outcome, c: FinishTable) -> None:
    s = out.state
    t = _table(s, c.round, c.table)
    if t.game_id is None:
        raise IllegalMove(f"table {c.table} has not started")
    if t.result is not None:
        raise IllegalMove(f"table {c.table} has already finished")
    if c.game_id != t.game_id:
        raise IllegalMove(f"table {c.table} plays game {t.game_id}, not {c.game_id}")
    players, placings, points = tuple(c.players), tuple(c.placings), tuple(c.points)
    if players != t.seats:
        raise IllegalMove(f"the result's players {list(players)} are not the table's seats {list(t.seats)}")
    n = len(players)
    if len(placings) != n or not all(isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= n for x in placings) \
            or 1 not in placings:
        raise MalformedMove("placings are one integer 1..players per seat, with someone placed first")
    if len(points) != n or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in points):
        raise MalformedMove("points are one number per seat")
    if s.created.cooperative != isinstance(c.team_won, bool):
        raise MalformedMove("team_won is true or false for a co-op game and absent otherwise")
    out.emit(ev.TableFinished(c.round, c.table, c.game_id, players, placings, points, c.team_won))


def _close(out: Outcome) -> None:
    s = out.state
    if s.phase != PLAYING:
        raise IllegalMove("no round is in play")
    r = s.current
    open_tables = [i for i, t in enumerate(r.tables) if t.result is None]
    if not r.paired or open_tables:
        raise IllegalMove(f"round {r.number} still has tables playing: {open_tables}")
    out.emit(ev.RoundClosed(r.number))
    out.emit(standings.publish(out.state, r.number))


def _finish(out: Outcome) -> None:
    s = out.state
    if s.phase != BETWEEN:
        raise IllegalMove("a tournament finishes between rounds, after at least one closed round")
    last = s.standings
    if s.created.format == ev.SERIES:
        winners = last.teams[0].players if last.teams else ()
    else:
        winners = (last.rows[0].player,) if last.rows else ()
    out.emit(ev.TournamentFinished(s.current.number, tuple(winners)))


# ---- chance ---------------------------------------------------------------------------------

def chance(state: State) -> ChanceNode | None:
    """The draw the tournament waits for: round 1's entrants, then each table's seats."""
    if state.phase != PLAYING or state.current is None:
        return None
    r = state.current
    if not r.paired:
        return ChanceNode(ev.ENTRANTS_DECK, 0, tuple(sorted(r.players)))
    for t in r.tables:
        if t.seats is None:
            return ChanceNode(ev.SEATS_DECK, state.seat_draws, tuple(sorted(t.players)))
    return None


def resolve_chance(state: State, order: Sequence[str]) -> list[Any]:
    """Events for the drawn `order` of the pending chance node."""
    node = chance(state)
    if node is None:
        raise IllegalMove("the tournament waits for no draw")
    order = tuple(order)
    if sorted(order) != list(node.cards):
        raise MalformedMove(f"the draw must be an order of {list(node.cards)}")
    out = Outcome(state, evolve)
    r = state.current
    c = state.created
    if node.deck == ev.ENTRANTS_DECK:
        out.emit(ev.EntrantsShuffled(r.number, order))
        tables, byes = pairing.first_round(order, c.table_size, c.min_table, c.odd_entrants)
        out.emit(ev.RoundPaired(r.number, tuple(tables), tuple(byes)))
    else:
        t = next(i for i, tb in enumerate(r.tables) if tb.seats is None)
        out.emit(ev.TableSeated(r.number, t, order))
    return out.events
