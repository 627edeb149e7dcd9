"""A tournament's state: the fold of its events. `evolve` is trivial (no checks, no decisions);
`decide.py` checks commands against this state before emitting events."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from . import events as ev

REGISTRATION = "registration"  # entrants join and drop
PLAYING = "playing"  # a round is open: draws, tables starting and finishing
BETWEEN = "between"  # the last round is closed; pair the next one or finish
FINISHED = "finished"


@dataclass(frozen=True)
class Table:
    players: tuple[str, ...]  # in pairing order
    seats: tuple[str, ...] | None = None
    game_id: str | None = None
    result: ev.TableFinished | None = None


@dataclass(frozen=True)
class Round:
    number: int
    players: tuple[str, ...]
    tables: tuple[Table, ...] = ()
    byes: tuple[str, ...] = ()
    paired: bool = False
    closed: bool = False


@dataclass(frozen=True)
class State:
    created: ev.TournamentCreated | None = None
    phase: str = REGISTRATION
    entrants: tuple[str, ...] = ()  # in join order (dropped ones stay once paired)
    dropped: dict[str, int] = field(default_factory=dict)  # player -> after_round
    seeds: tuple[str, ...] = ()  # the round-1 draw
    rounds: tuple[Round, ...] = ()
    seat_draws: int = 0  # TableSeated events so far (k of the next seat draw)
    standings: ev.StandingsPublished | None = None
    finished: ev.TournamentFinished | None = None

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    def active(self) -> tuple[str, ...]:
        return tuple(p for p in self.entrants if p not in self.dropped)


def initial_state() -> State:
    return State()


def _with_table(state: State, number: int, t: int, **changes: Any) -> State:
    rounds = list(state.rounds)
    r = rounds[number - 1]
    tables = list(r.tables)
    tables[t] = replace(tables[t], **changes)
    rounds[number - 1] = replace(r, tables=tuple(tables))
    return replace(state, rounds=tuple(rounds))


def _with_round(state: State, number: int, **changes: Any) -> State:
    rounds = list(state.rounds)
    rounds[number - 1] = replace(rounds[number - 1], **changes)
    return replace(state, rounds=tuple(rounds))


def evolve(state: State, event: Any) -> State:
    match event:
        case ev.TournamentCreated():
            return replace(state, created=event)
        case ev.EntrantJoined(player=p):
            return replace(state, entrants=state.entrants + (p,))
        case ev.EntrantDropped(player=p, after_round=0):
            return replace(state, entrants=tuple(e for e in state.entrants if e != p))
        case ev.EntrantDropped(player=p, after_round=r):
            return replace(state, dropped={**state.dropped, p: r})
        case ev.RoundOpened(round=n, players=players):
            return replace(state, phase=PLAYING, rounds=state.rounds + (Round(n, players),))
        case ev.EntrantsShuffled(order=order):
            return replace(state, seeds=order)
        case ev.RoundPaired(round=n, tables=tables, byes=byes):
            return _with_round(state, n, tables=tuple(Table(t) for t in tables), byes=byes, paired=True)
        case ev.TableSeated(round=n, table=t, seats=seats):
            return replace(_with_table(state, n, t, seats=seats), seat_draws=state.seat_draws + 1)
        case ev.TableStarted(round=n, table=t, game_id=g):
            return _with_table(state, n, t, game_id=g)
        case ev.TableFinished(round=n, table=t):
            return _with_table(state, n, t, result=event)
        case ev.RoundClosed(round=n):
            return replace(_with_round(state, n, closed=True), phase=BETWEEN)
        case ev.StandingsPublished():
            return replace(state, standings=event)
        case ev.TournamentFinished():
            return replace(state, phase=FINISHED, finished=event)
    raise TypeError(f"not a tournament event: {event!r}")


def fold(events, state: State | None = None) -> State:
    state = state if state is not None else initial_state()
    for e in events:
        state = evolve(state, e)
    return state
