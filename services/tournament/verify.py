"""Standings from the events alone, for `foodgames tournament verify` (apps/audit/tournament.py).

`recompute` folds only the facts of a stream (created, joined, dropped, draws, pairings,
results, closes) and computes every round's standings and every pairing afresh; `check` says
where the published events differ from what the facts imply (a tampered result shows up as
standings that no longer follow from the results)."""
from __future__ import annotations

from typing import Any, Iterable

from . import events as ev
from . import pairing, standings
from .state import evolve, initial_state

DERIVED = (ev.StandingsPublished, ev.TournamentFinished)


def recompute(events: Iterable[Any]) -> dict[int, ev.StandingsPublished]:
    """Round number -> the standings the facts imply at that round's close."""
    state = initial_state()
    out: dict[int, ev.StandingsPublished] = {}
    for e in events:
        if isinstance(e, DERIVED):
            continue
        state = evolve(state, e)
        if isinstance(e, ev.RoundClosed):
            out[e.round] = standings.publish(state, e.round)
    return out


def final_standings(events: Iterable[Any]) -> ev.StandingsPublished | None:
    by_round = recompute(events)
    return by_round[max(by_round)] if by_round else None


def check(events: Iterable[Any]) -> list[str]:
    """Problems found (empty: the published standings and Swiss pairings follow from the facts)."""
    events = list(events)
    problems: list[str] = []
    expected = recompute(events)
    published = {e.round: e for e in events if isinstance(e, ev.StandingsPublished)}
    for n in sorted(set(expected) | set(published)):
        if expected.get(n) != published.get(n):
            problems.append(f"round {n}: the published standings do not follow from the results")
    # pairings of Swiss rounds after the first follow from the standings before them
    state = initial_state()
    for e in events:
        if isinstance(e, ev.RoundPaired) and e.round > 1 and state.created.format == ev.SWISS:
            c = state.created
            t = standings.tally(state)
            active = state.current.players
            order = standings.swiss_order(state, active, t)
            met = pairing.met_counts([tb.players for r in state.rounds for tb in r.tables])
            tables, byes = pairing.next_round(order, c.table_size, c.min_table, c.odd_entrants,
                                              met, t.points, t.byes)
            if (tuple(tables), tuple(byes)) != (e.tables, e.byes):
                problems.append(f"round {e.round}: the pairing does not follow from the standings")
        if isinstance(e, ev.RoundPaired) and e.round == 1 and state.created.format == ev.SWISS:
            c = state.created
            tables, byes = pairing.first_round(state.seeds, c.table_size, c.min_table, c.odd_entrants)
            if (tuple(tables), tuple(byes)) != (e.tables, e.byes):
                problems.append("round 1: the pairing does not follow from the draw")
        if not isinstance(e, DERIVED):
            state = evolve(state, e)
    return problems
